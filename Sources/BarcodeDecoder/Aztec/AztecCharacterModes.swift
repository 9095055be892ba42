/// Aztec's character modes (ISO/IEC 24778, high-level encoding): what each 5-bit (4-bit in Digit) code means.
public enum AztecMode: Int, Sendable, CaseIterable {
    case upper, lower, mixed, punct, digit

    /// Bits per code: 4 in Digit, 5 elsewhere.
    public var codeBits: Int { self == .digit ? 4 : 5 }

    /// What a code means in a mode.
    public enum Code: Sendable, Equatable {
        /// One or more characters (Punct has the pairs CR LF, ". ", ", ", ": ").
        case text([UInt8])
        case latch(AztecMode)
        case shift(AztecMode)
        case binaryShift
        /// Punct's FLG(n): FNC1 (n = 0) or an ECI of n digits.
        case flag
    }

    /// The meaning of `code` in this mode.
    public func meaning(_ code: Int) -> Code {
        switch self {
        case .upper:
            switch code {
            case 0: return .shift(.punct)
            case 1: return .text([0x20])
            case 2...27: return .text([UInt8(0x41 + code - 2)])
            case 28: return .latch(.lower)
            case 29: return .latch(.mixed)
            case 30: return .latch(.digit)
            default: return .binaryShift
            }
        case .lower:
            switch code {
            case 0: return .shift(.punct)
            case 1: return .text([0x20])
            case 2...27: return .text([UInt8(0x61 + code - 2)])
            case 28: return .shift(.upper)
            case 29: return .latch(.mixed)
            case 30: return .latch(.digit)
            default: return .binaryShift
            }
        case .mixed:
            switch code {
            case 0: return .shift(.punct)
            case 28: return .latch(.lower)
            case 29: return .latch(.upper)
            case 30: return .latch(.punct)
            case 31: return .binaryShift
            default: return .text([Self.mixedCharacters[code - 1]])
            }
        case .punct:
            switch code {
            case 0: return .flag
            case 31: return .latch(.upper)
            default: return .text(Self.punctCharacters[code - 1])
            }
        case .digit:
            switch code {
            case 0: return .shift(.punct)
            case 1: return .text([0x20])
            case 2...11: return .text([UInt8(0x30 + code - 2)])
            case 12: return .text([0x2C])
            case 13: return .text([0x2E])
            case 14: return .latch(.upper)
            default: return .shift(.upper)
            }
        }
    }

    /// Mixed codes 1–27: space, the controls 1–13 and 27–31, @ \ ^ _ ` | ~ and DEL.
    static let mixedCharacters: [UInt8] = [0x20] + Array(1...13) + Array(27...31) + [0x40, 0x5C, 0x5E, 0x5F, 0x60, 0x7C, 0x7E, 0x7F]
    /// Punct codes 1–30.
    static let punctCharacters: [[UInt8]] = [[0x0D], [0x0D, 0x0A], [0x2E, 0x20], [0x2C, 0x20], [0x3A, 0x20]]
        + Array("!\"#$%&'()*+,-./:;<=>?[]{}".utf8).map { [$0] }

    /// The code of a single character in this mode, if it has one.
    public func code(of byte: UInt8) -> Int? { Self.codeTable[rawValue][Int(byte)] }

    /// The code of a two-character Punct pair (CR LF, ". ", ", ", ": ").
    public static func punctPairCode(_ first: UInt8, _ second: UInt8) -> Int? {
        switch (first, second) {
        case (0x0D, 0x0A): 2
        case (0x2E, 0x20): 3
        case (0x2C, 0x20): 4
        case (0x3A, 0x20): 5
        default: nil
        }
    }

    /// Per mode, each byte's single-character code.
    static let codeTable: [[Int?]] = AztecMode.allCases.map { mode in
        var table = [Int?](repeating: nil, count: 256)
        for code in (0..<(1 << mode.codeBits)).reversed() {
            if case .text(let bytes) = mode.meaning(code), bytes.count == 1 { table[Int(bytes[0])] = code }
        }
        return table
    }
}
