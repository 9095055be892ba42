import BarcodeDecoder

/// Encodes EAN-13, EAN-8, UPC-A and UPC-E; data may omit the check digit, which is then computed.
public enum EANUPCEncoder {
    public static func encode(_ text: String, as symbology: Symbology) throws(EncoderError) -> LinearPattern {
        var digits: [Int] = []
        for (i, c) in text.enumerated() {
            guard let d = c.wholeNumberValue, c.isASCII else { throw .unencodableCharacter(symbology, c, position: i) }
            digits.append(d)
        }
        let length: Int
        switch symbology {
        case .ean13: length = 13
        case .upcA: length = 12
        case .ean8: length = 8
        case .upcE: length = 8
        default: throw .unsupported(symbology)
        }
        if digits.count == length - 1 {
            digits.append(check(digits, symbology))
        } else if digits.count == length {
            let expected = check(Array(digits.dropLast()), symbology)
            guard expected == digits.last! else { throw .wrongCheckDigit(symbology, expected: expected, got: digits.last!) }
        } else {
            throw .invalidLength(symbology, got: digits.count, allowed: "\(length - 1) or \(length) digits")
        }
        var p = LinearPattern(symbology: symbology, modules: [], quietZone: symbology == .ean8 ? 7 : 11)
        switch symbology {
        case .ean13, .upcA:
            let all = symbology == .upcA ? [0] + digits : digits
            p.append(widths: [1, 1, 1])
            let parity = EANUPCTables.leadingDigitParity[all[0]]
            for k in 0..<6 {
                p.append(widths: parity[k] ? EANUPCTables.even[all[1 + k]] : EANUPCTables.odd[all[1 + k]], startingWithBar: false)
            }
            p.append(widths: [1, 1, 1, 1, 1], startingWithBar: false)
            for k in 0..<6 { p.append(widths: EANUPCTables.odd[all[7 + k]]) }
            p.append(widths: [1, 1, 1])
        case .ean8:
            p.append(widths: [1, 1, 1])
            for k in 0..<4 { p.append(widths: EANUPCTables.odd[digits[k]], startingWithBar: false) }
            p.append(widths: [1, 1, 1, 1, 1], startingWithBar: false)
            for k in 4..<8 { p.append(widths: EANUPCTables.odd[digits[k]]) }
            p.append(widths: [1, 1, 1])
        default:
            guard digits[0] <= 1 else { throw .unencodableCharacter(.upcE, Character(String(digits[0])), position: 0) }
            p.append(widths: [1, 1, 1])
            let parity = EANUPCTables.upcEParity[digits[7]].map { digits[0] == 0 ? $0 : !$0 }
            for k in 0..<6 {
                p.append(widths: parity[k] ? EANUPCTables.even[digits[1 + k]] : EANUPCTables.odd[digits[1 + k]], startingWithBar: false)
            }
            p.append(widths: [1, 1, 1, 1, 1, 1], startingWithBar: false)
        }
        return p
    }

    private static func check(_ digits: [Int], _ symbology: Symbology) -> Int {
        if symbology == .upcE, digits.count == 7 {
            return EANUPCTables.checkDigit(EANUPCTables.expandUPCE(numberSystem: digits[0], Array(digits[1...6])))
        }
        return EANUPCTables.checkDigit(digits)
    }
}
