/// The ECC 200 encodation schemes (ASCII, C40, Text, X12, EDIFACT, Base 256): codewords to bytes.
public enum DataMatrixEncodation {
    public enum Scheme: Sendable { case ascii, c40, text, x12, edifact, base256 }

    static let c40Shift2: [UInt8] = Array("!\"#$%&'()*+,-./:;<=>?@[\\]^_".utf8)

    struct Result {
        var bytes: [UInt8]
        var isGS1: Bool
        /// Where each ECI designator starts its character set: (byte offset, ECI), in order.
        var eciChanges: [(offset: Int, eci: Int)]

        /// The bytes as text, each stretch in the character set its ECI names (guessed before the first ECI).
        var text: String {
            var text = ""
            var start = 0, eci: Int?
            for change in eciChanges + [(offset: bytes.count, eci: -1)] {
                if change.offset > start { text += CharacterSetECI.text(Array(bytes[start..<change.offset]), eci: eci) }
                start = change.offset
                eci = change.eci
            }
            return text
        }
    }

    static func decode(_ codewords: [UInt8]) throws(DataMatrixDecodeError) -> Result {
        var out: [UInt8] = []
        var gs1 = false
        var eciChanges: [(offset: Int, eci: Int)] = []
        var i = 0
        var upperShift = false
        // Macros 05 and 06 stand for a header before the data and the trailer RS EOT after it (ISO/IEC 16022, 5.2.4.1).
        var trailer: [UInt8] = []
        func emit(_ b: Int) {
            out.append(UInt8(truncatingIfNeeded: b + (upperShift ? 128 : 0)))
            upperShift = false
        }
        while i < codewords.count {
            let c = Int(codewords[i])
            i += 1
            switch c {
            case 1...128: emit(c - 1)
            case 129: return Result(bytes: out + trailer, isGS1: gs1, eciChanges: eciChanges)
            case 130...229:
                let v = c - 130
                emit(48 + v / 10); emit(48 + v % 10)
            case 230, 239:
                try decodeC40(codewords, &i, text: c == 239, emit: emit, shiftUpper: { upperShift = true })
            case 238: try decodeX12(codewords, &i, emit: emit)
            case 240: decodeEdifact(codewords, &i, emit: emit)
            case 231:
                guard i < codewords.count else { throw .badEncodation("Base 256 without length") }
                let d1 = unrandomize255(codewords[i], position: i + 1); i += 1
                var length: Int
                if d1 == 0 { length = codewords.count - i } else if d1 <= 249 { length = d1 } else {
                    guard i < codewords.count else { throw .badEncodation("Base 256 length cut short") }
                    length = 250 * (d1 - 249) + unrandomize255(codewords[i], position: i + 1); i += 1
                }
                guard length <= codewords.count - i else { throw .badEncodation("Base 256 length \(length) runs past the data") }
                for _ in 0..<length { out.append(UInt8(unrandomize255(codewords[i], position: i + 1))); i += 1 }
            case 232:
                if out.isEmpty && i == 1 { gs1 = true } else { out.append(0x1D) }
            case 233: i += 3
            case 234, 236, 237:
                if c == 236 || c == 237 {
                    out += Array("[)>\u{1E}0\(c == 236 ? 5 : 6)\u{1D}".utf8)
                    trailer = [0x1E, 0x04]
                }
            case 235: upperShift = true
            case 241:
                guard i < codewords.count else { throw .badEncodation("ECI cut short") }
                let e1 = Int(codewords[i]); i += 1
                let eci: Int
                if e1 <= 127 { eci = e1 - 1 } else if e1 <= 191 {
                    guard i < codewords.count else { throw .badEncodation("ECI cut short") }
                    eci = (e1 - 128) * 254 + Int(codewords[i]) + 127 - 1; i += 1
                } else {
                    guard i + 1 < codewords.count else { throw .badEncodation("ECI cut short") }
                    eci = (e1 - 192) * 64516 + (Int(codewords[i]) - 1) * 254 + Int(codewords[i + 1]) - 1 + 16383; i += 2
                }
                eciChanges.append((out.count, eci))
            default: throw .badEncodation("codeword \(c) is not valid in ASCII encodation")
            }
        }
        return Result(bytes: out + trailer, isGS1: gs1, eciChanges: eciChanges)
    }

    static func unrandomize255(_ value: UInt8, position: Int) -> Int {
        let pseudo = (149 * position) % 255 + 1
        let v = Int(value) - pseudo
        return v >= 0 ? v : v + 256
    }

    private static func decodeC40(_ cw: [UInt8], _ i: inout Int, text: Bool, emit: (Int) -> Void, shiftUpper: () -> Void) throws(DataMatrixDecodeError) {
        var shift = 0
        while i + 1 < cw.count {
            if cw[i] == 254 { i += 1; return }
            let v = Int(cw[i]) * 256 + Int(cw[i + 1]) - 1
            i += 2
            for value in [v / 1600, v / 40 % 40, v % 40] {
                switch shift {
                case 0:
                    if value < 3 { shift = value + 1 } else if value == 3 { emit(32) } else if value < 14 { emit(48 + value - 4) } else if value < 40 {
                        emit((text ? 97 : 65) + value - 14)
                    }
                case 1:
                    emit(value); shift = 0
                case 2:
                    if value < 27 { emit(Int(c40Shift2[value])) } else if value == 27 { emit(0x1D) } else if value == 30 { shiftUpper() }
                    shift = 0
                default:
                    if text {
                        if value == 0 { emit(96) } else if value < 27 { emit(64 + value) } else { emit(123 + value - 27) }
                    } else {
                        emit(96 + value)
                    }
                    shift = 0
                }
            }
        }
        if i < cw.count, cw[i] == 254 { i += 1 }
    }

    private static func decodeX12(_ cw: [UInt8], _ i: inout Int, emit: (Int) -> Void) throws(DataMatrixDecodeError) {
        while i + 1 < cw.count {
            if cw[i] == 254 { i += 1; return }
            let v = Int(cw[i]) * 256 + Int(cw[i + 1]) - 1
            i += 2
            for value in [v / 1600, v / 40 % 40, v % 40] {
                switch value {
                case 0: emit(13)
                case 1: emit(42)
                case 2: emit(62)
                case 3: emit(32)
                case 4...13: emit(48 + value - 4)
                case 14...39: emit(65 + value - 14)
                default: throw .badEncodation("X12 value \(value)")
                }
            }
        }
        if i < cw.count, cw[i] == 254 { i += 1 }
    }

    /// EDIFACT: four 6-bit values in each three codewords, until the unlatch value (0x1F; ASCII from the next codeword).
    /// With two codewords or fewer left in the symbol the encoder has returned to ASCII without an unlatch (ISO/IEC
    /// 16022, 5.2.8.2): zint ends "ABCDEFGHIJKLMN" with 'N' as the ASCII codeword 79, which read as EDIFACT bits gave
    /// "ABCDEFGHIJKLMS", and a pad codeword after "ABCDEFGH" gave a trailing space — false reads of well-formed symbols.
    private static func decodeEdifact(_ cw: [UInt8], _ i: inout Int, emit: (Int) -> Void) {
        while cw.count - i >= 3 {
            let group = Int(cw[i]) << 16 | Int(cw[i + 1]) << 8 | Int(cw[i + 2])
            for k in 0..<4 {
                let v = group >> (18 - 6 * k) & 0x3F
                if v == 0x1F {
                    i += (6 * (k + 1) + 7) / 8
                    return
                }
                emit(v & 0x20 != 0 ? v : v | 0x40)
            }
            i += 3
        }
    }
}

/// Why a sampled Data Matrix symbol could not be decoded.
public enum DataMatrixDecodeError: Error, Equatable, CustomStringConvertible {
    /// The grid's size is not an ECC 200 size (rows, columns).
    case unknownSize(rows: Int, columns: Int)
    /// A Reed–Solomon block had too many errors (block index).
    case uncorrectable(block: Int)
    /// The codewords break an encodation rule (which).
    case badEncodation(String)

    public var description: String {
        switch self {
        case let .unknownSize(rows, columns): "no ECC 200 symbol is \(rows)×\(columns)"
        case .uncorrectable(let block): "too many errors in block \(block)"
        case .badEncodation(let what): "bad encodation: \(what)"
        }
    }
}
