import BarcodeDecoder

/// Encodes bytes (0–255) as Code 128, switching between sets A, B and C to keep the symbol short; GS1 data starts with FNC1 and U+001D becomes FNC1.
public enum Code128Encoder {
    public static func encode(_ bytes: [UInt8], gs1: Bool = false) throws(EncoderError) -> LinearPattern {
        guard !bytes.isEmpty else { throw .invalidLength(.code128, got: 0, allowed: "1 or more bytes") }
        let values = try codeValues(bytes, gs1: gs1)
        var sum = values[0]
        for (k, v) in values.enumerated().dropFirst() { sum += k * v }
        var p = LinearPattern(symbology: .code128, modules: [], quietZone: 10)
        for v in values + [sum % 103, Code128Tables.stop] { p.append(widths: Code128Tables.patterns[v]) }
        return p
    }

    public static func encode(_ text: String, gs1: Bool = false) throws(EncoderError) -> LinearPattern {
        var bytes: [UInt8] = []
        for (i, scalar) in text.unicodeScalars.enumerated() {
            guard scalar.value < 256 else { throw .unencodableCharacter(.code128, Character(scalar), position: i) }
            bytes.append(UInt8(scalar.value))
        }
        return try encode(bytes, gs1: gs1)
    }

    /// The symbol values from the start symbol up to (not including) the check symbol.
    static func codeValues(_ bytes: [UInt8], gs1: Bool) throws(EncoderError) -> [Int] {
        enum Set { case a, b, c }
        func digitRun(_ i: Int) -> Int {
            var n = 0
            while i + n < bytes.count, (48...57).contains(bytes[i + n]) { n += 1 }
            return n
        }
        func isFNC1(_ i: Int) -> Bool { gs1 && bytes[i] == 0x1D }
        func fitsB(_ b: UInt8) -> Bool { (32...127).contains(b & 0x7F) }
        var values: [Int] = []
        var set: Set
        let run0 = digitRun(0)
        if run0 >= 4 || (run0 == bytes.count && run0 >= 2 && run0 % 2 == 0) {
            set = .c; values.append(Code128Tables.startC)
        } else if fitsB(bytes[0]) {
            set = .b; values.append(Code128Tables.startB)
        } else {
            set = .a; values.append(Code128Tables.startA)
        }
        if gs1 { values.append(Code128Tables.fnc1) }
        var i = 0
        while i < bytes.count {
            if isFNC1(i) { values.append(Code128Tables.fnc1); i += 1; continue }
            let run = digitRun(i)
            if set == .c {
                if run >= 2 {
                    values.append(Int(bytes[i] - 48) * 10 + Int(bytes[i + 1] - 48)); i += 2; continue
                }
                let b = bytes[i]
                if fitsB(b) { values.append(Code128Tables.codeB); set = .b } else { values.append(Code128Tables.codeA); set = .a }
                continue
            }
            if run >= 4 && (run % 2 == 0 || run >= 5) {
                if run % 2 == 1 { emit(bytes[i], &values, set == .a); i += 1 }
                values.append(Code128Tables.codeC); set = .c; continue
            }
            let b = bytes[i]
            let low = b & 0x7F
            let needsA = low < 32, needsB = low >= 96
            if set == .b && needsA { values.append(Code128Tables.codeA); set = .a }
            if set == .a && needsB { values.append(Code128Tables.codeB); set = .b }
            emit(b, &values, set == .a)
            i += 1
        }
        return values
    }

    private static func emit(_ b: UInt8, _ values: inout [Int], _ setA: Bool) {
        if b >= 128 { values.append(setA ? Code128Tables.codeA : Code128Tables.codeB) }
        let low = Int(b & 0x7F)
        if setA { values.append(low < 32 ? low + 64 : low - 32) } else { values.append(low - 32) }
    }
}
