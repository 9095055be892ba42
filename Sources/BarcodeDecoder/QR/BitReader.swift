/// Reads big-endian bit fields from bytes; reading past the end returns nil.
struct BitReader {
    let bytes: [UInt8]
    private(set) var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var remaining: Int { bytes.count * 8 - position }

    mutating func read(_ count: Int) -> Int? {
        guard count >= 0, count <= 32, count <= remaining else { return nil }
        // As many bits at a time as the current byte holds (a large symbol's stream is thousands of fields).
        var value = 0, left = count
        while left > 0 {
            let available = 8 - position & 7, take = min(available, left)
            let bits = Int(bytes[position >> 3]) >> (available - take) & (1 << take - 1)
            value = value << take | bits
            position += take
            left -= take
        }
        return value
    }
}
