@testable import BarcodeDecoder
import RigCore
import Testing

/// The linear decoders' quiet-zone bounds without a quotient, tested before the quiet zones themselves: each holds
/// wherever its quiet zone's own test does, on spaces exactly at that test's threshold, a step either side of it and
/// near it (where a bound above the quiet zone's fraction fails).
@Suite struct QuietZoneBoundTests {
    /// `count` runs summed in order as the decoders sum them, whole and fractional, and spaces around the threshold
    /// `quietZone` gives for their sum: wherever a space reaches the threshold, it reaches `bound` times the sum.
    static func boundHolds(runs count: Int, seed: UInt64, bound: Double, quietZone: (Double) -> Double) {
        var random = SeededGenerator(seed: seed)
        var passed = 0
        for trial in 0..<20_000 {
            var width = 0.0
            for _ in 0..<count {
                width += trial % 3 == 0 ? Double(Int.random(in: 1...12, using: &random)) : Double.random(in: 0.01...40, using: &random)
            }
            let threshold = quietZone(width)
            for space in [threshold, threshold.nextDown, threshold.nextUp, threshold * Double.random(in: 0.95...1.05, using: &random)]
            where space >= threshold {
                passed += 1
                #expect(space >= bound * width, "\(space) after runs of \(width)")
            }
        }
        #expect(passed > 20_000)
    }

    @Test func code39() {
        Self.boundHolds(runs: 9, seed: 39, bound: Code39Decoder.quietZoneBound) { $0 / 13 * 4 }
    }

    @Test func code128() {
        Self.boundHolds(runs: 6, seed: 128, bound: Code128Decoder.quietZoneBound) { $0 / 11 * 4 }
    }

    @Test func eanUPC() {
        Self.boundHolds(runs: 3, seed: 13, bound: EANUPCDecoder.quietZoneBound) { $0 / 3 * 3 }
    }
}
