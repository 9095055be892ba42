/// MicroPDF417's row address patterns by their six element widths, packed 3 bits an element (first element lowest) →
/// the pattern's index in its sequence.
///
/// Looked up at every bar of every line the MicroPDF417 reader reads: an open-addressed table of 256 slots for the 52
/// patterns (one multiplication and, nearly always, one probe), where a `Dictionary` hashed each key with SipHash.
struct MicroPDF417RAPTable: Sendable {
    private var keys = [Int32](repeating: -1, count: 256)
    private var values = [Int8](repeating: 0, count: 256)

    /// The table of `patterns` (10-module RAP patterns, first module the highest bit), each at its index.
    init(_ patterns: [Int]) {
        for (index, pattern) in patterns.enumerated() {
            let key = MicroPDF417Reader.widths(pattern).enumerated().reduce(0) { $0 | $1.element << (3 * $1.offset) }
            var slot = Self.slot(key)
            while keys[slot] >= 0 { slot = (slot + 1) & 255 }
            keys[slot] = Int32(key)
            values[slot] = Int8(index)
        }
    }

    @inline(__always)
    private static func slot(_ key: Int) -> Int { Int((UInt32(truncatingIfNeeded: key) &* 2_654_435_761) >> 24) }

    /// The index of the pattern with packed widths `key`, if one has them.
    @inline(__always)
    subscript(key: Int) -> Int? {
        var slot = Self.slot(key)
        while true {
            let stored = keys[slot]
            if stored == key { return Int(values[slot]) }
            if stored < 0 { return nil }
            slot = (slot + 1) & 255
        }
    }
}
