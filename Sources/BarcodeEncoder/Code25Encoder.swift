import BarcodeDecoder

/// Encodes Standard (Industrial) 2 of 5 and Matrix 2 of 5, wide elements 3 modules, with an optional modulo-10 check digit.
public enum Code25Encoder {
    static let patterns: [Int] = [0b00110, 0b10001, 0b01001, 0b11000, 0b00101, 0b10100, 0b01100, 0b00011, 0b10010, 0b01010]

    public static func encode(_ text: String, as symbology: Symbology = .code25, checkDigit: Bool = false) throws(EncoderError) -> LinearPattern {
        var digits: [Int] = []
        for (k, c) in text.enumerated() {
            guard let d = c.wholeNumberValue, c.isASCII else { throw .unencodableCharacter(symbology, c, position: k) }
            digits.append(d)
        }
        guard !digits.isEmpty else { throw .invalidLength(symbology, got: 0, allowed: "1 or more digits") }
        if checkDigit { digits.append(EANUPCTables.checkDigit(digits)) }
        func elements(_ d: Int) -> [Int] { (0..<5).map { patterns[d] >> (4 - $0) & 1 == 1 ? 3 : 1 } }
        var widths: [Int]
        if symbology == .matrix2of5 {
            widths = [4, 1, 1, 1, 1, 1]
            for d in digits { widths += elements(d) + [1] }
            widths += [4, 1, 1, 1, 1]
        } else {
            widths = [3, 1, 3, 1, 1, 1]
            for d in digits { widths += elements(d).flatMap { [$0, 1] } }
            widths += [3, 1, 1, 1, 3]
        }
        var p = LinearPattern(symbology: symbology, modules: [], quietZone: 10)
        p.append(widths: widths)
        return p
    }
}
