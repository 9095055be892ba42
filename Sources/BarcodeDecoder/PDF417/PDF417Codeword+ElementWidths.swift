extension PDF417Codeword {
    /// The codeword whose eight element widths (bar first, in pixels) are `runs[at..<at + 8]`, their sum `total` (added
    /// in order from 0): `from(moduleWidths:)` of `DataBarDecoder.moduleCounts(Array(runs[at..<at + 8]), modules: 17)`,
    /// the same arithmetic in the same order, without the three arrays those make.
    ///
    /// MicroPDF417 reads a codeword after every RAP that fits (about 870 of them a decode of a 640×480 frame without a
    /// code): the copied widths, the counts array and their releases, and the bits shifted in a module at a time with
    /// overflow tests, were 2,150 instructions a codeword, 1.9 M of that frame.
    static func from(elementWidths runs: UnsafeBufferPointer<Double>, at: Int, total: Double) -> PDF417Codeword? {
        guard total > 0 else { return nil }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 8) { scaled -> PDF417Codeword? in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 8) { counts -> PDF417Codeword? in
                var sum = 0
                for k in 0..<8 {
                    let x = runs[at &+ k] * 17 / total
                    scaled[k] = x
                    counts[k] = max(1, NearestWhole.of(x))
                    sum &+= counts[k]
                }
                // A total of other than 17 modules nudged a module at a time (at most four) where rounding went furthest
                // the wrong way, as `moduleCounts` does.
                var nudges = 0
                while sum != 17 && nudges < 4 {
                    nudges += 1
                    let direction = sum > 17 ? -1 : 1
                    var chosen = -1, furthest = 0.0
                    for k in 0..<8 where counts[k] + direction >= 1 {
                        let miss = (scaled[k] - Double(counts[k])) * Double(direction)
                        if chosen < 0 || furthest < miss { chosen = k; furthest = miss }
                    }
                    guard chosen >= 0 else { return nil }
                    counts[chosen] += direction
                    sum += direction
                }
                guard sum == 17 else { return nil }
                // Each element's modules shifted in at once: 17 modules of 1 to 9 fit well inside the 17 bits `from(bits:)`
                // reads.
                var bits = 0
                for k in 0..<8 {
                    let count = counts[k]
                    guard count <= 9 else { return nil }
                    bits = bits &<< count | (k & 1 == 0 ? (1 &<< count) &- 1 : 0)
                }
                return from(bits: bits)
            }
        }
    }
}
