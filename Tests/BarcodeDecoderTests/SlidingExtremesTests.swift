@testable import BarcodeDecoder
import RigCore
import Testing

/// The running window extremes every scan line is thresholded with, against the plain definition.
@Suite struct SlidingExtremesTests {
    /// The minimum and maximum of each clipped window, one window at a time.
    static func plain(_ values: [Double], radius: Int) -> (low: [Double], high: [Double]) {
        let windows = values.indices.map { k in values[max(0, k - radius)...min(values.count - 1, k + radius)] }
        return (windows.map { $0.min()! }, windows.map { $0.max()! })
    }

    @Test(arguments: [0, 1, 2, 7, 8, 16, 24, 48, 80])
    func windowsMatchTheirDefinition(_ radius: Int) {
        var random = SeededGenerator(seed: UInt64(radius) + 1)
        for length in [1, 2, 3, 16, 17, 33, 100, 641] {
            let values = (0..<length).map { _ in Double(Int.random(in: 0...255, using: &random)) + (Double.random(in: 0..<1, using: &random) * 4).rounded() / 4 }
            let fast = SlidingExtremes.compute(values, radius: radius)
            let expected = Self.plain(values, radius: radius)
            #expect(fast.low == expected.low, "length \(length)")
            #expect(fast.high == expected.high, "length \(length)")
            #expect(SlidingExtremes.maximum(values, radius: radius) == expected.high, "length \(length)")
        }
    }

    /// The noise level's first histogram counts `min(256, quarters(value))`, taken without converting a value of 64 or more.
    @Test func quartersBelow64AreTheClampedQuarters() {
        var random = SeededGenerator(seed: 64)
        let edges: [Double] = [-1e300, -300, -1, -0.125, -0.0, 0, 0.124, 0.125, 0.126, 0.375, 63.625, 63.75, 63.875, 63.874999, 64, 64.01,
                               254.875, 255, 255.5, 300, 1e300, .infinity, -.infinity, .leastNonzeroMagnitude]
        let values = edges + (0..<20_000).map { _ in Double.random(in: -10...300, using: &random) }
            + (0..<2_000).map { k in Double(k) / 8 - 10 }
        for value in values {
            #expect(SlidingExtremes.quartersBelow64(value) == min(256, SlidingExtremes.quarters(value)), "\(value)")
        }
    }

    @Test func anEmptyLineHasNoWindows() {
        #expect(SlidingExtremes.compute([], radius: 8).low.isEmpty)
        #expect(SlidingExtremes.maximum([], radius: 8).isEmpty)
    }
}
