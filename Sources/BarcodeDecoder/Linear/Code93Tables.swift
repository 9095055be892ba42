/// Code 93's characters (AIM USS-93): 47 characters of 9 modules (3 bars, 3 spaces, each 1–4 modules), the start/stop
/// character, the two modulo-47 check characters, and Full ASCII through the four shift characters.
public enum Code93Tables {
    /// The 43 data characters; values 43–46 are the shifts ($), (%), (/), (+).
    public static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%")
    /// The 9 modules of each character value 0…46 and, last, of the start/stop character (bar = 1, first module highest).
    public static let patterns: [Int] = [
        0x114, 0x148, 0x144, 0x142, 0x128, 0x124, 0x122, 0x150, 0x112, 0x10A, 0x1A8, 0x1A4, 0x1A2, 0x194, 0x192, 0x18A,
        0x168, 0x164, 0x162, 0x134, 0x11A, 0x158, 0x14C, 0x146, 0x12C, 0x116, 0x1B4, 0x1B2, 0x1AC, 0x1A6, 0x196, 0x19A,
        0x16C, 0x166, 0x136, 0x13A, 0x12E, 0x1D4, 0x1D2, 0x1CA, 0x16E, 0x176, 0x1AE, 0x126, 0x1DA, 0x1D6, 0x132, 0x15E,
    ]
    public static let startStop = 47

    /// The element widths (bar first) of character `value` (0…47).
    public static func widths(_ value: Int) -> [Int] {
        let bits = patterns[value]
        var widths: [Int] = [], run = 0, previous = true
        for b in stride(from: 8, through: 0, by: -1) {
            let dark = bits >> b & 1 == 1
            if dark != previous { widths.append(run); run = 0; previous = dark }
            run += 1
        }
        widths.append(run)
        return widths
    }

    /// The check character of `values` with weights 1…`maximumWeight` from the right, cycling.
    public static func check(_ values: [Int], maximumWeight: Int) -> Int {
        var sum = 0
        for (i, v) in values.reversed().enumerated() { sum += v * (i % maximumWeight + 1) }
        return sum % 47
    }

    /// The text of data character values, shift pairs read as Full ASCII; nil for a shift without a valid partner.
    public static func text(_ values: [Int]) -> [UInt8]? {
        var out: [UInt8] = []
        var i = 0
        while i < values.count {
            let v = values[i]
            if v < 43 { out.append(alphabet[v].asciiValue!); i += 1; continue }
            guard i + 1 < values.count, values[i + 1] >= 10, values[i + 1] <= 35 else { return nil }
            let letter = Int(alphabet[values[i + 1]].asciiValue!)
            let c: Int
            switch v {
            case 43: c = letter - 64  // ($)A–Z: control characters 1–26
            case 44:
                switch letter {
                case 65...69: c = letter - 38
                case 70...74: c = letter - 11
                case 75...79: c = letter + 16
                case 80...84: c = letter + 43
                case 85: c = 0
                case 86: c = 64
                case 87: c = 96
                default: c = 127
                }
            case 45:
                guard letter <= 79 || letter == 90 else { return nil }
                c = letter == 90 ? 58 : letter - 32
            default: c = letter + 32  // (+)A–Z: lower case
            }
            out.append(UInt8(c))
            i += 2
        }
        return out
    }

    /// The character values (with shifts) for ASCII `bytes`, or the index of the first byte Code 93 cannot hold.
    public static func values(_ bytes: [UInt8]) -> Result<[Int], IndexError> {
        var out: [Int] = []
        for (k, b) in bytes.enumerated() {
            guard b < 128 else { return .failure(IndexError(index: k)) }
            if let i = alphabet.prefix(43).firstIndex(of: Character(Unicode.Scalar(b))) { out.append(i); continue }
            // Find the shift pair that decodes to b.
            var found = false
            for shift in 43...46 {
                for letter in 10...35 where text([shift, letter]) == [b] {
                    out += [shift, letter]
                    found = true
                    break
                }
                if found { break }
            }
            guard found else { return .failure(IndexError(index: k)) }
        }
        return .success(out)
    }

    /// Where an unencodable byte is.
    public struct IndexError: Error { public var index: Int }
}
