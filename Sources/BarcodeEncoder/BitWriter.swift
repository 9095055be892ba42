/// Appends big-endian bit fields and packs them into bytes.
struct BitWriter {
    private(set) var bits: [Bool] = []

    var count: Int { bits.count }

    mutating func append(_ value: Int, _ count: Int) {
        for i in stride(from: count - 1, through: 0, by: -1) { bits.append(value >> i & 1 == 1) }
    }

    var bytes: [UInt8] {
        var out = [UInt8](repeating: 0, count: (bits.count + 7) / 8)
        for (i, bit) in bits.enumerated() where bit { out[i >> 3] |= 0x80 >> UInt8(i & 7) }
        return out
    }
}
