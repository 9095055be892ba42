@testable import BarcodeDecoder
import RigCore
import Testing

/// The module counts the DataBar, DataBar Limited and MicroPDF417 readers round character widths to, against the same
/// arithmetic written through arrays.
@Suite struct DataBarModuleCountsTests {
    @Test func countsAreTheDefinitions() {
        var random = SeededGenerator(seed: 47)
        var counted = 0, nudged = 0
        for trial in 0..<20_000 {
            let n = [4, 5, 8, 14][trial % 4], modules = [9, 15, 16, 17, 18, 26][trial % 6]
            // Widths near whole modules (where rounding needs nudges), whole numbers of a few sizes (where elements tie for
            // the nudge: the first must take it) or anywhere, some below half a module.
            let widths: [Double] = (0..<n).map { _ in
                trial % 3 == 0 ? Double(Int.random(in: 1...5, using: &random)) * 2 + Double.random(in: -1.2...1.2, using: &random)
                    : trial % 3 == 1 ? Double(Int.random(in: 1...3, using: &random))
                    : Double.random(in: 0.1...12, using: &random)
            }
            let counts = DataBarDecoder.moduleCounts(widths, modules: modules)
            #expect(counts == DataBarDecoder.moduleCountsByDefinition(widths, modules: modules), "\(widths) in \(modules)")
            if let counts {
                counted += 1
                let total = widths.reduce(0, +)
                if counts != widths.map({ max(1, Int(($0 * Double(modules) / total).rounded())) }) { nudged += 1 }
            }
        }
        #expect(DataBarDecoder.moduleCounts([], modules: 5) == nil && DataBarDecoder.moduleCounts([0, 0], modules: 5) == nil)
        // Both kinds of outcome, and nudged ones among the counts.
        #expect(counted > 1_000 && counted < 19_500 && nudged > 100, "\(counted) counted, \(nudged) nudged")
    }
}
