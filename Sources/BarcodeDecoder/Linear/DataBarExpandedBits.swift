/// The data of GS1 DataBar Expanded (ISO/IEC 24724, 7.2.5): the characters' 12-bit values as one bit string, read as a
/// linkage flag, an encodation method (compressed GTIN, weight, price and date fields) and general-purpose data
/// (numeric, alphanumeric and ISO/IEC 646 modes). The result is the GS1 element string without parentheses, with U+001D
/// after each variable-length field that is not last.
enum DataBarExpandedBits {
    struct Reader {
        let bits: [Bool]
        var position = 0

        var remaining: Int { bits.count - position }

        func peek(_ count: Int, at offset: Int = 0) -> Int? {
            guard position + offset + count <= bits.count else { return nil }
            var v = 0
            for i in 0..<count { v = v << 1 | (bits[position + offset + i] ? 1 : 0) }
            return v
        }

        mutating func read(_ count: Int) -> Int? {
            guard let v = peek(count) else { return nil }
            position += count
            return v
        }
    }

    static func padded(_ value: Int, _ digits: Int) -> String {
        let s = String(value)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }

    /// The 13-digit GTIN body from 4 groups of 10 bits after `prefix`, with its check digit.
    static func gtin(_ reader: inout Reader, prefix: String) -> String? {
        var body = prefix
        for _ in 0..<4 {
            guard let v = reader.read(10), v < 1000 else { return nil }
            body += padded(v, 3)
        }
        return "01" + body + String(DataBarCharacter.gtinCheckDigit(body))
    }

    /// The element string of the characters' values, if it reads as GS1 fields.
    ///
    /// After an FNC1 in alphanumeric or ISO/IEC 646 mode the standard continues in numeric mode; some printed symbols
    /// stay in the mode they were in. Both readings are tried, the standard's first, and only one whose fields are
    /// well formed (`GS1ElementString.isWellFormed`) is taken.
    static func decode(_ values: [Int]) -> String? {
        for numericAfterFNC1 in [true, false] {
            if let text = decode(values, numericAfterFNC1: numericAfterFNC1), GS1ElementString.isWellFormed(text) { return text }
        }
        return nil
    }

    static func decode(_ values: [Int], numericAfterFNC1: Bool) -> String? {
        var bits: [Bool] = []
        for v in values {
            guard v < 4096 else { return nil }
            for i in stride(from: 11, through: 0, by: -1) { bits.append(v >> i & 1 == 1) }
        }
        var r = Reader(bits: bits)
        guard r.read(1) != nil else { return nil }  // linkage flag (a composite component follows when set)
        var text = ""
        if r.peek(1) == 1 {
            // Method 1: (01) with any indicator digit, then general-purpose data.
            r.position += 1
            guard r.read(2) != nil, let first = r.read(4), first < 10, let g = gtin(&r, prefix: String(first)) else { return nil }
            text = g
        } else if r.peek(2) == 0 {
            // Method 00: general-purpose data only.
            r.position += 2
            guard r.read(2) != nil else { return nil }
        } else if let m = r.peek(4), m == 0b0100 || m == 0b0101 {
            // (01) with indicator 9 and a 15-bit weight: 3103 (kg), or 3202/3203 (lb).
            r.position += 4
            guard let g = gtin(&r, prefix: "9"), let weight = r.read(15) else { return nil }
            if m == 0b0100 {
                text = g + "3103" + padded(weight, 6)
            } else {
                text = g + (weight < 10000 ? "3202" + padded(weight, 6) : "3203" + padded(weight - 10000, 6))
            }
            return r.remaining >= 0 ? text : nil
        } else if let m = r.peek(5), m == 0b01100 || m == 0b01101 {
            // (01) with indicator 9, then 392x (price) or 393x (price with ISO 4217 currency), the price in general-purpose data.
            r.position += 5
            guard r.read(2) != nil, let g = gtin(&r, prefix: "9"), let decimals = r.read(2) else { return nil }
            text = g + (m == 0b01100 ? "392" : "393") + String(decimals)
            if m == 0b01101 {
                guard let currency = r.read(10), currency < 1000 else { return nil }
                text += padded(currency, 3)
            }
        } else if let m = r.peek(7), m >> 3 == 0b0111 {
            // (01) with indicator 9, a 20-bit weight (310x kg or 320x lb) and a 16-bit date (11, 13, 15 or 17).
            r.position += 7
            guard let g = gtin(&r, prefix: "9"), let weight = r.read(20), let date = r.read(16) else { return nil }
            let kind = m & 0b111
            guard weight < 1_000_000 else { return nil }
            text = g + (kind % 2 == 0 ? "310" : "320") + String(weight / 100_000) + padded(weight % 100_000, 6)
            if date != 38400 {
                let day = date % 32, month = date / 32 % 12 + 1, year = date / 384
                text += ["11", "13", "15", "17"][kind / 2] + padded(year, 2) + padded(month, 2) + padded(day, 2)
            }
            return text
        } else {
            return nil
        }
        guard let general = generalPurpose(&r, numericAfterFNC1: numericAfterFNC1) else { return nil }
        text += general
        return text
    }

    enum Mode { case numeric, alphanumeric, iso646 }

    static let fnc1: Character = "\u{1D}"

    /// General-purpose data from the reader's position to the end; FNC1 becomes U+001D (dropped at the end).
    static func generalPurpose(_ r: inout Reader, numericAfterFNC1: Bool) -> String? {
        var out = ""
        var mode = Mode.numeric
        while r.remaining > 0 {
            switch mode {
            case .numeric:
                if r.remaining < 7 {
                    // The last digit in 4 bits (value 1–10 for digits 0–9), or padding.
                    if r.remaining >= 4, let v = r.peek(4), v >= 1, v <= 10 { out += String(v - 1) }
                    r.position = r.bits.count
                    continue
                }
                guard let v = r.peek(7) else { return nil }
                if v >> 3 == 0 {
                    // 0000: latch to alphanumeric.
                    r.position += 4
                    mode = .alphanumeric
                    continue
                }
                r.position += 7
                let value = v - 8
                let d1 = value / 11, d2 = value % 11
                out.append(d1 == 10 ? fnc1 : Character(String(d1)))
                out.append(d2 == 10 ? fnc1 : Character(String(d2)))
            case .alphanumeric, .iso646:
                if let v5 = r.peek(5), v5 >= 5, v5 <= 15 {
                    r.position += 5
                    if v5 == 15 {
                        out.append(fnc1)
                        if numericAfterFNC1 { mode = .numeric }
                    } else {
                        out += String(v5 - 5)
                    }
                    continue
                }
                if r.remaining < 5 {
                    // Padding at the end.
                    r.position = r.bits.count
                    continue
                }
                if r.peek(3) == 0 {
                    // 000: latch to numeric.
                    r.position += 3
                    mode = .numeric
                    continue
                }
                if r.peek(5) == 0b00100 {
                    r.position += 5
                    mode = mode == .alphanumeric ? .iso646 : .alphanumeric
                    continue
                }
                if mode == .alphanumeric {
                    guard let v6 = r.read(6), v6 >= 32, v6 <= 62 else { return nil }
                    let scalar: UInt8 = v6 <= 57 ? UInt8(v6 - 32 + 65) : Array("*,-./".utf8)[v6 - 58]
                    out.append(Character(Unicode.Scalar(scalar)))
                } else {
                    if let v7 = r.peek(7), v7 >= 64, v7 <= 115 {
                        r.position += 7
                        out.append(Character(Unicode.Scalar(UInt8(v7 <= 89 ? v7 + 1 : v7 + 7))))
                        continue
                    }
                    guard let v8 = r.read(8), v8 >= 232, v8 <= 252 else { return nil }
                    out.append(Character(Unicode.Scalar(Array("!\"%&'()*+,-./:;<=>?_ ".utf8)[v8 - 232])))
                }
            }
        }
        while out.last == fnc1 { out.removeLast() }
        return out
    }
}
