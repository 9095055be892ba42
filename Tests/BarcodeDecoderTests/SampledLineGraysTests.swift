@testable import BarcodeDecoder
import Foundation
import RigCore
import Testing

/// The stacked readers' histogram look at a turned group's lines takes the gray values the midpoint look sampled: the
/// same runs, at both thresholds, as lines sampled anew each time.
@Suite struct SampledLineGraysTests {
    /// Tilted lines over a seeded frame of stripes and noise (`FrameScanLinesTests.frame`), some reaching past its edges.
    static func lines(_ frame: PreparedFrame, angle: Double, reach: Double) -> ParallelScanLines {
        ParallelScanLines(frame: frame, direction: Point(cos(angle), sin(angle)), origin: Point(110, -20), count: 130, reach: reach,
                          fewestRuns: 8)
    }

    static func same(_ a: (runs: RunRow, start: Double)?, _ b: (runs: RunRow, start: Double)?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.start == b.start && a.runs.widths == b.runs.widths && a.runs.starts == b.runs.starts
    }

    @Test func keptGraysGiveTheRunsOfLinesSampledAnew() {
        var random = SeededGenerator(seed: 2031)
        var compared = 0, kept = 0
        for (seed, angle, reach) in [(21 as UInt64, 0.2, 90.0), (22, -0.35, 140), (23, 1.2, 60), (24, 0.05, 200)] {
            let frame = FrameScanLinesTests.frame(width: 220, height: 100, seed: seed)
            var plain = Self.lines(frame, angle: angle, reach: reach)
            var keeping = plain
            keeping.sampledGrays = SampledLineGrays(count: keeping.count)
            // The midpoint look at some lines, in a seeded order (lines met once or twice).
            let first = (0..<40).map { _ in Int.random(in: 0..<plain.count, using: &random) }
            for i in first {
                #expect(Self.same(keeping.line(i), plain.line(i)), "midpoint, line \(i) at \(angle)")
                if keeping.sampledGrays?[i] != nil { kept += 1 }
            }
            // The histogram look at those lines and others the first look did not sample.
            let threshold = HistogramLineThreshold(longestLine: plain.longestLine)
            plain.histogram = threshold
            keeping.histogram = threshold
            for i in first + (0..<40).map({ _ in Int.random(in: 0..<plain.count, using: &random) }) {
                #expect(Self.same(keeping.line(i), plain.line(i)), "histogram, line \(i) at \(angle)")
                compared += 1
            }
        }
        #expect(compared == 320)
        #expect(kept > 60)
    }

    @Test func linesAlongPixelRowsAreNotKept() {
        let frame = FrameScanLinesTests.frame(width: 120, height: 40, seed: 25)
        var lines = ParallelScanLines(frame: frame, direction: Point(1, 0), origin: Point(60.5, 0), count: 40, reach: 50, fewestRuns: 8)
        lines.sampledGrays = SampledLineGrays(count: lines.count)
        for i in 0..<lines.count {
            _ = lines.line(i)
            #expect(lines.sampledGrays?[i] == nil)
        }
    }
}
