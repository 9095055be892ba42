import BarcodeDecoder

/// Encodes Code 39 (optionally Full ASCII, optionally with the modulo-43 check character) with wide elements `ratio` times narrow.
public enum Code39Encoder {
    public static func encode(_ text: String, checkDigit: Bool = false, fullASCII: Bool = false, ratio: Int = 3) throws(EncoderError) -> LinearPattern {
        var chars: [Int] = []
        for (i, c) in text.enumerated() {
            if fullASCII {
                guard let ascii = c.asciiValue, let pair = Code39Tables.fullASCII(ascii) else { throw .unencodableCharacter(.code39, c, position: i) }
                chars += pair.map { Code39Tables.alphabet.firstIndex(of: $0)! }
            } else {
                guard let index = Code39Tables.alphabet.firstIndex(of: c), index < 43 else { throw .unencodableCharacter(.code39, c, position: i) }
                chars.append(index)
            }
        }
        guard !chars.isEmpty else { throw .invalidLength(.code39, got: 0, allowed: "1 or more characters") }
        if checkDigit { chars.append(chars.reduce(0, +) % 43) }
        var p = LinearPattern(symbology: .code39, modules: [], quietZone: 10)
        for (k, c) in ([43] + chars + [43]).enumerated() {
            if k > 0 { p.modules.append(false) }
            let bits = Code39Tables.patterns[c]
            p.append(widths: (0..<9).map { (bits >> (8 - $0)) & 1 == 1 ? ratio : 1 })
        }
        return p
    }
}
