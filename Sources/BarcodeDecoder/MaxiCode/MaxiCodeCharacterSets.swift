/// MaxiCode's five code sets (ISO/IEC 16023): what each 6-bit codeword means in each.
///
/// A: upper case, digits, punctuation; B: lower case and the rest of ASCII; C and D: accented upper and lower case and
/// Latin-1 symbols; E: control characters and the rest of Latin-1. Codes 27 (ECI), 28–30 (FS, GS, RS; in E 32–34) and 31
/// (Numeric Shift: nine digits in the next five codewords) and the shifts, latches and locks are shared. Checked against
/// zint for every byte 0–255 and each shift, latch and lock.
public enum MaxiCodeSet: Int, Sendable, CaseIterable {
    case a, b, c, d, e

    /// What a codeword means in a set.
    public enum Code: Sendable, Equatable {
        case byte(UInt8)
        /// The next `count` characters from `set`, then back.
        case shift(MaxiCodeSet, count: Int)
        case latch(MaxiCodeSet)
        /// Stay in `set` (C, D or E) until a latch.
        case lock(MaxiCodeSet)
        case numericShift
        case eci
        case pad
    }

    public func meaning(_ code: Int) -> Code {
        switch (self, code) {
        case (_, 27): return .eci
        case (_, 31): return .numericShift
        case (.a, 59): return .shift(.b, count: 1)
        case (.a, 63): return .latch(.b)
        case (.b, 56): return .shift(.a, count: 2)
        case (.b, 57): return .shift(.a, count: 3)
        case (.b, 59): return .shift(.a, count: 1)
        case (.b, 63): return .latch(.a)
        case (.a, 60...62), (.b, 60...62):
            return .shift(MaxiCodeSet(rawValue: code - 58)!, count: 1)
        case (.c, 58), (.d, 58), (.e, 58): return .latch(.a)
        case (.c, 63), (.d, 63), (.e, 63): return .latch(.b)
        case (_, 60...62):
            let target = MaxiCodeSet(rawValue: code - 58)!
            return target == self ? .lock(self) : .shift(target, count: 1)
        default:
            guard let byte = Self.characters[rawValue][code] else { return .pad }
            return .byte(byte)
        }
    }

    /// Per set, the byte of each character code (nil for the special codes and padding).
    static let characters: [[UInt8?]] = {
        func table(_ entries: [(ClosedRange<Int>, UInt8)], singles: [Int: UInt8]) -> [UInt8?] {
            var t = [UInt8?](repeating: nil, count: 64)
            for (range, first) in entries { for (i, code) in range.enumerated() { t[code] = first + UInt8(i) } }
            for (code, byte) in singles { t[code] = byte }
            return t
        }
        let separators: [Int: UInt8] = [28: 0x1C, 29: 0x1D, 30: 0x1E]
        let a = table([(1...26, 0x41), (34...47, 0x22), (48...57, 0x30)], singles: separators.merging([0: 0x0D, 32: 0x20, 58: 0x3A]) { $1 })
        let b = table([(1...26, 0x61), (37...41, 0x3B), (42...46, 0x5B)], singles: separators.merging([
            0: 0x60, 32: 0x7B, 34: 0x7D, 35: 0x7E, 36: 0x7F, 47: 0x20, 48: 0x2C, 49: 0x2E, 50: 0x2F, 51: 0x3A, 52: 0x40, 53: 0x21, 54: 0x7C,
        ]) { $1 })
        let c = table([(0...26, 0xC0), (32...36, 0xDB), (48...57, 0x80)], singles: separators.merging([
            37: 0xAA, 38: 0xAC, 39: 0xB1, 40: 0xB2, 41: 0xB3, 42: 0xB5, 43: 0xB9, 44: 0xBA, 45: 0xBC, 46: 0xBD, 47: 0xBE, 59: 0x20,
        ]) { $1 })
        let d = table([(0...26, 0xE0), (32...36, 0xFB), (47...57, 0x8A)], singles: separators.merging([
            37: 0xA1, 38: 0xA8, 39: 0xAB, 40: 0xAF, 41: 0xB0, 42: 0xB4, 43: 0xB7, 44: 0xB8, 45: 0xBB, 46: 0xBF, 59: 0x20,
        ]) { $1 })
        let e = table([(0...26, 0x00), (32...35, 0x1C), (48...57, 0x95)], singles: [
            30: 0x1B, 36: 0x9F, 37: 0xA0, 38: 0xA2, 39: 0xA3, 40: 0xA4, 41: 0xA5, 42: 0xA6, 43: 0xA7, 44: 0xA9, 45: 0xAD, 46: 0xAE, 47: 0xB6, 59: 0x20,
        ])
        return [a, b, c, d, e]
    }()

    /// The code of `byte` in this set, if it has one.
    public func code(of byte: UInt8) -> Int? { Self.codes[rawValue][Int(byte)] }

    static let codes: [[Int?]] = characters.map { table in
        var codes = [Int?](repeating: nil, count: 256)
        for (code, byte) in table.enumerated().reversed() { if let byte { codes[Int(byte)] = code } }
        return codes
    }
}
