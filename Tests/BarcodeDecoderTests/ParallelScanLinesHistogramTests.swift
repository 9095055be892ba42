@testable import BarcodeDecoder
import RigCore
import Testing

/// The stacked readers' histogram look takes a line's bytes without libm's `round`, and a line along a pixel row or
/// column straight from the pixels: the same bytes the sampled, rounded grays gave.
@Suite struct ParallelScanLinesHistogramTests {
    @Test func bytesAreTheRoundedClampedGrays() {
        func rounded(_ gray: Double) -> UInt8 { UInt8(max(0, min(255, gray.rounded()))) }
        var values: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, .leastNonzeroMagnitude, -1, 256, 1e300, -1e300]
        for k in -2048...(256 * 1024 + 2048) { values.append(Double(k) / 1024) }
        // Every half and its neighbours, where rounding turns.
        for k in -2...512 {
            let half = Double(k) / 2
            values += [half, half.nextUp, half.nextDown, half.nextUp.nextUp, half.nextDown.nextDown]
        }
        var random = SeededGenerator(seed: 2026)
        for _ in 0..<100_000 { values.append(Double.random(in: -2...257, using: &random)) }
        for value in values { #expect(ParallelScanLines.byte(value) == rounded(value), "\(value)") }
    }

    @Test func pixelsAlongARowOrColumnAreTheSampledGrays() throws {
        var random = SeededGenerator(seed: 7)
        let (width, height, stride) = (37, 23, 41)
        let image = try GrayImage(width: width, height: height, stride: stride,
                                  pixels: (0..<(stride * height)).map { _ in UInt8.random(in: 0...255, using: &random) })
        let frame = PreparedFrame(image, binarization: .none)
        var read = 0
        for direction in [Point(1, 0), Point(-1, 0), Point(0, 1), Point(0, -1)] {
            let lines = ParallelScanLines(frame: frame, direction: direction, origin: Point(0, 0), count: 1, reach: 50, fewestRuns: 8)
            for _ in 0..<400 {
                // Pixel centres inside and outside the frame, and points off them.
                var origin = Point(Double(Int.random(in: -3...(width + 2), using: &random)) + 0.5,
                                   Double(Int.random(in: -3...(height + 2), using: &random)) + 0.5)
                if Bool.random(using: &random) { origin.x += 0.25 }
                let count = Int.random(in: 1...45, using: &random)
                guard let (first, step) = lines.pixelsAlong(origin: origin, count: count) else { continue }
                var grays = [Double](repeating: -1, count: count)
                let sampled = grays.withUnsafeMutableBufferPointer {
                    LinearReader.grays(frame, origin: origin, direction: direction, length: Double(count - 1), into: $0.baseAddress!)
                }
                #expect(sampled == count)
                #expect((0..<count).allSatisfy { Double(image.pixels[first + $0 * step]) == grays[$0] }, "\(origin) \(direction) \(count)")
                read += 1
            }
        }
        #expect(read > 100)
    }
}
