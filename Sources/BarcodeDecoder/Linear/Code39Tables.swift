/// Code 39 character set and patterns (ISO/IEC 16388), and the Full ASCII pairs.
public enum Code39Tables {
    /// The 43 characters in check-value order, then the start/stop `*`.
    public static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%*")
    /// Nine elements per character (bar first), a set bit marks a wide element, most significant bit first.
    public static let patterns: [Int] = [
        0x034, 0x121, 0x061, 0x160, 0x031, 0x130, 0x070, 0x025, 0x124, 0x064,
        0x109, 0x049, 0x148, 0x019, 0x118, 0x058, 0x00D, 0x10C, 0x04C, 0x01C,
        0x103, 0x043, 0x142, 0x013, 0x112, 0x052, 0x007, 0x106, 0x046, 0x016,
        0x181, 0x0C1, 0x1C0, 0x091, 0x190, 0x0D0, 0x085, 0x184, 0x0C4, 0x0A8,
        0x0A2, 0x08A, 0x02A, 0x094,
    ]

    /// The Code 39 characters that encode ASCII `byte` in Full ASCII mode.
    public static func fullASCII(_ byte: UInt8) -> String? {
        let c = Int(byte)
        switch c {
        case 0: return "%U"
        case 1...26: return "$" + String(UnicodeScalar(UInt8(64 + c)))
        case 27...31: return "%" + String(UnicodeScalar(UInt8(65 + c - 27)))
        case 32: return " "
        case 33...44, 47: return "/" + String(UnicodeScalar(UInt8(65 + c - 33)))
        case 45, 46, 48...57, 65...90: return String(UnicodeScalar(byte))
        case 58: return "/Z"
        case 59...63: return "%" + String(UnicodeScalar(UInt8(70 + c - 59)))
        case 64: return "%V"
        case 91...95: return "%" + String(UnicodeScalar(UInt8(75 + c - 91)))
        case 96: return "%W"
        case 97...122: return "+" + String(UnicodeScalar(UInt8(c - 32)))
        case 123...127: return "%" + String(UnicodeScalar(UInt8(80 + c - 123)))
        default: return nil
        }
    }

    /// The ASCII byte a Full ASCII pair (`$`, `%`, `/` or `+` then a letter) stands for.
    public static func decodePair(_ prefix: Character, _ letter: Character) -> UInt8? {
        guard let a = letter.asciiValue else { return nil }
        switch prefix {
        case "$" where (65...90).contains(a): return a - 64
        case "+" where (65...90).contains(a): return a + 32
        case "/" where (65...79).contains(a): return a - 65 + 33
        case "/" where a == 90: return 58
        case "%" where (65...69).contains(a): return a - 65 + 27
        case "%" where (70...74).contains(a): return a - 70 + 59
        case "%" where (75...79).contains(a): return a - 75 + 91
        case "%" where (80...84).contains(a): return a - 80 + 123
        case "%" where a == 85: return 0
        case "%" where a == 86: return 64
        case "%" where a == 87: return 96
        case "%" where (88...90).contains(a): return 127
        default: return nil
        }
    }
}
