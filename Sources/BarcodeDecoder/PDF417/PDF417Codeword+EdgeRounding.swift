extension PDF417Codeword {
    /// The valid codeword nearest to a codeword's measured element edges, for where rounding each edge to its nearest
    /// module gave no codeword: `edges` are the seven inner edges' places in modules from the codeword's start (its 17
    /// modules end at 17), and each edge within `ambiguity` of half a module may round the other way instead.
    ///
    /// At about 1.4 pixels a module (a frame scaled without filtering, a small symbol far off) an edge lands up to half a
    /// pixel, a third of a module, from its place, and two such edges about one element make it a module too wide or
    /// narrow: the pattern is no codeword, on every line across that row alike. Of the patterns the ambiguous edges can
    /// make, the valid one whose edges lie nearest the measured ones (their distances summed) is taken; none where two
    /// different codewords lie equally near, or where more than `mostAmbiguous` edges are ambiguous (a pattern that far
    /// off is no reading). A codeword so read is one vote like any other, and Reed–Solomon corrects a wrong one.
    static func nearestValid(edges: UnsafeBufferPointer<Double>, ambiguity: Double = 0.25, mostAmbiguous: Int = 4) -> PDF417Codeword? {
        guard edges.count == 7 else { return nil }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 14 + mostAmbiguous) { scratch -> PDF417Codeword? in
            // The places each edge rounds to (0..<7), the other way for the ambiguous ones (7..<14), which those are (14...).
            var ambiguousCount = 0
            for j in 0..<7 {
                let e = edges[j], down = e.rounded(.down)
                let fraction = e - down
                scratch[j] = Int(fraction < 0.5 ? down : down + 1)
                guard abs(fraction - 0.5) < ambiguity else { continue }
                guard ambiguousCount < mostAmbiguous else { return nil }
                scratch[7 + j] = fraction < 0.5 ? scratch[j] + 1 : scratch[j] - 1
                scratch[14 + ambiguousCount] = j
                ambiguousCount += 1
            }
            var best: PDF417Codeword?, bestCost = Double.infinity, tie = false
            // Every choice but none flipped (that one is the rounding that gave no codeword).
            for mask in 1..<(1 << ambiguousCount) {
                func place(_ j: Int) -> Int {
                    guard j < 7 else { return 17 }
                    for k in 0..<ambiguousCount where scratch[14 + k] == j { return mask >> k & 1 == 1 ? scratch[7 + j] : scratch[j] }
                    return scratch[j]
                }
                guard let codeword = from(edgePlaces: place) else { continue }
                var cost = 0.0
                for j in 0..<7 { cost += abs(edges[j] - Double(place(j))) }
                if cost < bestCost {
                    (best, bestCost, tie) = (codeword, cost, false)
                } else if cost == bestCost, codeword != best {
                    tie = true
                }
            }
            return tie ? nil : best
        }
    }
}
