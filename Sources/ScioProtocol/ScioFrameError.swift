/// Why bytes from a SCiO are not a valid frame; each case names the frame's sequence byte where one is known.
public enum ScioFrameError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Fewer than the five header bytes `[seq, 0xBA, cmd, len_lo, len_hi]` arrived.
    case shortHeader(length: Int)
    /// The second byte is not the magic 0xBA.
    case badMagic(sequence: UInt8, found: UInt8)
    /// The header's length field does not match the payload that came with it.
    case lengthMismatch(sequence: UInt8, declared: Int, actual: Int)
    /// The header declares a payload larger than any SCiO frame may carry.
    case oversize(sequence: UInt8, declared: Int, limit: Int)
    /// A BLE fragment arrived after a later one of the same frame, or twice.
    case outOfOrderFragment(sequence: UInt8, expected: Int, received: Int)
    /// BLE fragments of a frame are missing (lost notifications); `expected` is the first index that never came.
    case missingFragments(sequence: UInt8, expected: Int, received: Int)
    /// A continuation fragment arrived with no first fragment before it (the first was lost).
    case orphanFragment(sequence: UInt8, index: Int)
    /// A notification with no bytes at all.
    case emptyFragment

    /// The sequence byte of the frame the error is about, when known.
    public var sequence: UInt8? {
        switch self {
        case .shortHeader, .emptyFragment: nil
        case .badMagic(let seq, _), .lengthMismatch(let seq, _, _), .oversize(let seq, _, _), .outOfOrderFragment(let seq, _, _),
             .missingFragments(let seq, _, _), .orphanFragment(let seq, _): seq
        }
    }

    public var description: String {
        func hex(_ b: UInt8) -> String { "0x" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true) }
        switch self {
        case .shortHeader(let length): return "SCiO frame too short: \(length) bytes, the header alone is 5"
        case .badMagic(let seq, let found): return "SCiO frame seq \(seq): second byte is \(hex(found)), expected the magic 0xBA"
        case .lengthMismatch(let seq, let declared, let actual):
            return "SCiO frame seq \(seq): header declares \(declared) payload bytes, \(actual) arrived"
        case .oversize(let seq, let declared, let limit):
            return "SCiO frame seq \(seq): header declares \(declared) payload bytes, more than the limit of \(limit)"
        case .outOfOrderFragment(let seq, let expected, let received):
            return "SCiO frame seq \(seq): fragment \(received) arrived out of order (expected fragment \(expected))"
        case .missingFragments(let seq, let expected, let received):
            return "SCiO frame seq \(seq): fragment \(expected) is missing (next to arrive was \(received < 0 ? "none" : String(received)))"
        case .orphanFragment(let seq, let index):
            return "SCiO frame seq \(seq): continuation fragment \(index) arrived without the frame's first fragment"
        case .emptyFragment: return "SCiO notification with no bytes"
        }
    }
}
