@testable import BarcodeDecoder
import Testing

/// The stacked DataBar readers turn each line's widths round and find a run's start only where they read something: the
/// same widths and starts `RunRow.reversed()` makes, to the bit.
@Suite struct RunRowBackwardTests {
    @Test func backwardWidthsAndStartsAreTheReversedRows() {
        for seed: UInt64 in 1...20 {
            let widths = RunSpanSumsTests.runs(count: Int(seed) * 7, seed: seed)
            var starts: [Double] = [], position = 0.0
            for w in widths { starts.append(position); position += w }
            let row = RunRow(widths: widths, starts: starts), reversed = row.reversed()
            #expect(row.backwardWidths == reversed.widths)
            #expect(widths.indices.allSatisfy { row.backwardStart(ofRun: $0) == reversed.starts[$0] }, "seed \(seed)")
        }
    }
}
