@testable import BarcodeDecoder
import RigCore
import Testing

/// Whole windows' means four at a time, against their definition: the sum divided by the area, and 255 less the sum
/// divided by the area rounded up.
@Suite struct WholeWindowMeansTests {
    /// Sums from 0 to 255 · area, the ends, the multiples of the area and their neighbours among them (where rounding up
    /// and down part), from totals that wrap as 32-bit numbers.
    @Test(arguments: [1, 2, 3, 25, 625, 4_489, 39_601, 130_321, 1_168_561])
    func meansAndNegativesMatchDivision(_ area: Int) throws {
        let whole = try #require(WholeWindowMeans(area: UInt32(area)))
        var random = SeededGenerator(seed: UInt64(area))
        let most = UInt32(255 * area)
        var sums: [UInt32] = [0, 1, most, most - 1, UInt32(area), UInt32(area) - 1, UInt32(area) + 1]
        for _ in 0..<400 {
            let k = UInt32.random(in: 0...255, using: &random) * UInt32(area)
            sums += [k, min(most, k &+ 1), k == 0 ? 0 : k - 1, UInt32.random(in: 0...most, using: &random)]
        }
        while sums.count % 4 != 0 { sums.append(most) }
        // Block 2: window k's sum is totals[2k + 1] − totals[2k] (right 1, left 0).
        var totals: [UInt32] = []
        for sum in sums {
            let base = UInt32.random(in: 0...UInt32.max, using: &random)
            totals += [base, base &+ sum]
        }
        var means = [UInt16](repeating: 0, count: sums.count), negative = means
        totals.withUnsafeBufferPointer { t in
            means.withUnsafeMutableBufferPointer { m in
                negative.withUnsafeMutableBufferPointer { n in
                    whole.store(count: sums.count, totals: t.baseAddress!, right: 1, left: 0, block: 2,
                                means: m.baseAddress!, negative: n.baseAddress!)
                }
            }
        }
        var wrong = 0
        for (k, sum) in sums.enumerated() {
            let s = Int(sum)
            if Int(means[k]) != s / area || Int(negative[k]) != 255 - (s + area - 1) / area { wrong += 1 }
        }
        #expect(wrong == 0, "area \(area)")
    }

    /// No divisions for sums over 31 bits, nor for an empty window.
    @Test func declinesAreasItCannotDivide() {
        #expect(WholeWindowMeans(area: 0) == nil)
        #expect(WholeWindowMeans(area: 1 << 23) == nil)
    }
}
