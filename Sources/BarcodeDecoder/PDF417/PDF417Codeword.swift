/// A PDF417 codeword as read from its bars and spaces: its value 0…928 and its cluster (0, 3 or 6).
public struct PDF417Codeword: Sendable, Equatable {
    public var value: Int
    public var cluster: Int

    /// For each 17-bit pattern (first module the highest bit), the codeword: `cluster * 1000 + value`, or −1.
    static let byPattern: [Int32] = {
        var table = [Int32](repeating: -1, count: 1 << 17)
        for (k, patterns) in PDF417Patterns.clusters.enumerated() {
            for (value, pattern) in patterns.enumerated() { table[Int(pattern)] = Int32(k * 3 * 1000 + value) }
        }
        return table
    }()

    /// The codeword whose 8 element widths (bar first, in modules, summing to 17) are `widths`, if any.
    static func from(moduleWidths widths: [Int]) -> PDF417Codeword? {
        var bits = 0
        var bar = true
        for w in widths {
            for _ in 0..<w { bits = bits << 1 | (bar ? 1 : 0) }
            bar.toggle()
        }
        return from(bits: bits)
    }

    /// The codeword whose eight elements (bar first) end at the module places `edgeAt(0)`, …, `edgeAt(7)` from its start
    /// (the last 17), if each element is one to six modules wide: a line's element edges rounded to modules
    /// (`PDF417Reader.readLine`, `nearestValid`).
    @inline(__always)
    static func from(edgePlaces edgeAt: (Int) -> Int) -> PDF417Codeword? {
        var bits = 0, previous = 0
        for j in 0..<8 {
            let edge = edgeAt(j), width = edge - previous
            guard width >= 1, width <= 6 else { return nil }
            bits = j & 1 == 0 ? (bits << width) | (1 << width - 1) : bits << width
            previous = edge
        }
        return from(bits: bits)
    }

    /// The codeword whose 17 modules (first module the highest bit, 1 = bar) are `bits`, if any.
    @inline(__always)
    static func from(bits: Int) -> PDF417Codeword? {
        guard bits >= 0, bits < 1 << 17 else { return nil }
        let entry = Int(byPattern[bits])
        return entry < 0 ? nil : PDF417Codeword(value: entry % 1000, cluster: entry / 1000)
    }

    /// The element widths of `value` in cluster `cluster` (0, 3 or 6), bar first.
    public static func moduleWidths(value: Int, cluster: Int) -> [Int] {
        let pattern = PDF417Patterns.clusters[cluster / 3][value]
        var widths: [Int] = [], run = 0
        var previous = true
        for bit in stride(from: 16, through: 0, by: -1) {
            let dark = pattern >> UInt32(bit) & 1 == 1
            if dark != previous { widths.append(run); run = 0; previous = dark }
            run += 1
        }
        widths.append(run)
        return widths
    }
}
