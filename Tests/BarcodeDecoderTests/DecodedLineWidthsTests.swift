@testable import BarcodeDecoder
import RigCore
import Testing

/// The widths a line's runs are decoded from (`ScanLineBuffers.setWidths`, written into arrays kept from line to line):
/// forwards, its runs with the border runs made 10⁶ wide where asked; backwards, the same reversed — as `LinearReader.decode`
/// first made them, one array copied and the other appended from its reversal.
@Suite struct DecodedLineWidthsTests {
    @Test func theWidthsAreTheLinesWithTheirBorderRunsQuietForwardsAndBackwards() {
        var random = SeededGenerator(seed: 40)
        let buffers = ScanLineBuffers()
        // Lines of growing, shrinking and equal run counts one after another in the same buffers, as lines come.
        for count in [5, 9, 9, 1, 2, 40, 3, 17, 61, 61, 8, 0, 6] {
            let widths = (0..<count).map { _ in Double(Int.random(in: 1...12, using: &random)) + (Bool.random(using: &random) ? 0.5 : 0) }
            for (quietStart, quietEnd) in [(false, false), (true, false), (false, true), (true, true)] {
                buffers.setWidths(widths, quietStart: quietStart, quietEnd: quietEnd)
                var forward = widths
                if quietStart, !forward.isEmpty { forward[0] = 1e6 }
                if quietEnd, !forward.isEmpty { forward[forward.count - 1] = 1e6 }
                #expect(buffers.forwardWidths == forward, "\(count) runs, quiet start \(quietStart), end \(quietEnd)")
                #expect(buffers.backwardWidths == Array(forward.reversed()), "\(count) runs, quiet start \(quietStart), end \(quietEnd)")
            }
        }
    }
}
