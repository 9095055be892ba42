@testable import BarcodeDecoder
import RigCore
import Testing

/// A scan line's range, eight values a step, against the largest value less the smallest.
@Suite struct LineRangeTests {
    /// Lengths below a step, at steps and between them; gray values, sharpened ones (below 0 and above 255), halves,
    /// and the extremes placed first, last and in every lane of a step.
    @Test(arguments: [0, 1, 2, 7, 8, 9, 15, 16, 17, 23, 24, 100, 241])
    func rangeIsTheLargestLessTheSmallest(_ count: Int) {
        var random = SeededGenerator(seed: UInt64(count) + 3)
        for trial in 0..<40 {
            var values: [Double] = (0..<count).map { _ in
                trial % 2 == 0 ? Double(Int.random(in: 0...255, using: &random)) : Double(Int.random(in: -600...900, using: &random)) / 2
            }
            if count > 0 {
                values[trial % count] = 1_000
                values[(trial * 7 + 3) % count] = -1_000
            }
            let expected = values.isEmpty ? 0 : values.max()! - values.min()!
            #expect(values.withUnsafeBufferPointer { LinearReader.range($0) } == expected, "count \(count), trial \(trial)")
        }
    }
}
