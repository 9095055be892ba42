@testable import BarcodeDecoder
import Testing

/// The running-total bounds the DataBar decoders test first at every bar: they must hold every in-order sum of a span, so
/// that a bar they turn away is one the decoders' own guards turn away too.
@Suite struct RunSpanSumsTests {
    /// Widths from a tenth of a pixel to hundreds, with sub-pixel fractions, as scan lines give them.
    static func runs(count: Int, seed: UInt64) -> [Double] {
        var random = LinearLineBoundsTests.Seeded(state: seed)
        return (0..<count).map { _ in Double(1 + random.next(4000)) / Double(1 + random.next(37)) }
    }

    @Test func boundsHoldEveryInOrderSum() {
        for seed: UInt64 in 1...12 {
            let runs = Self.runs(count: 40 + Int(seed) * 60, seed: seed)
            RunSpanSums.with(runs) { sums in
                for count in [5, 44, 45] {
                    for start in 0...(runs.count - count) {
                        var sum = 0.0
                        for k in start..<(start + count) { sum += runs[k] }
                        let (lower, upper) = sums.bounds(from: start, count: count)
                        #expect(lower <= sum && sum <= upper, "seed \(seed), \(count) from \(start)")
                    }
                }
            }
        }
    }

    /// Wherever a decoder's first guards pass on the in-order sum, its cheap test passes too (the guards restated from
    /// `DataBarDecoder.decode(_:guardBar:)` and `DataBarLimitedDecoder.decode(_:guardBar:)`), and it turns bars away.
    @Test func theCheapTestsKeepEveryBarTheGuardsPass() {
        var passed = (dataBar: 0, limited: 0), turnedAway = 0
        for seed: UInt64 in 20...40 {
            let runs = Self.runs(count: 300, seed: seed)
            RunSpanSums.with(runs) { sums in
                for s in stride(from: 1, to: runs.count - 46, by: 2) {
                    let total = runs[s...(s + 44)].reduce(0, +), module = total / 95
                    let dataBar = runs[s] < 2.2 * module && (runs[s - 1] >= 4 * module || s == 1)
                    var sum = 0.0
                    for k in s...(s + 43) { sum += runs[k] }
                    let unit = sum / 73
                    let limited = runs[s] < 2 * unit && runs[s + 43] < 2 * unit && runs[s + 44] < 2 * unit && (runs[s - 1] >= 2 * unit || s == 1)
                    let cheap = (DataBarDecoder.mayStart(runs, guardBar: s, sums: sums),
                                 DataBarLimitedDecoder.mayStart(runs, guardBar: s, sums: sums))
                    if dataBar { #expect(cheap.0, "seed \(seed), bar \(s)"); passed.dataBar += 1 }
                    if limited { #expect(cheap.1, "seed \(seed), bar \(s)"); passed.limited += 1 }
                    if !cheap.0 && !cheap.1 { turnedAway += 1 }
                }
            }
        }
        #expect(passed.dataBar > 0 && passed.limited > 0 && turnedAway > 0)
    }
}
