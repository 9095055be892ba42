@testable import BarcodeDecoder
import RigCore
import Testing

/// `BarRegionFinder.gradientSums`: the block sums of the gradient's products, eight columns at a time, against the plain
/// definition.
@Suite struct BarRegionGradientSumsTests {
    /// The sums a pixel at a time, as the finder summed them before.
    static func sumsByDefinition(_ pixels: [UInt8], stride: Int, x xs: Range<Int>, y ys: Range<Int>) -> (xx: Int, yy: Int, xy: Int, count: Int) {
        var xx = 0, yy = 0, xy = 0, count = 0
        for y in Swift.stride(from: ys.lowerBound, to: ys.upperBound, by: 2) {
            for x in Swift.stride(from: xs.lowerBound, to: xs.upperBound, by: 2) {
                let gx = Int(pixels[y * stride + x + 1]) - Int(pixels[y * stride + x - 1])
                let gy = Int(pixels[(y + 1) * stride + x]) - Int(pixels[(y - 1) * stride + x])
                xx += gx * gx; yy += gy * gy; xy += gx * gy
                count += 1
            }
        }
        return (xx, yy, xy, count)
    }

    /// Every block of seeded random images (bytes at random, and only 0 and 255: the largest differences of either sign),
    /// at both block sizes, with the first and last blocks clipped as the finder clips them and rows wider than the image.
    @Test func theSumsMatchTheirDefinition() {
        var random = SeededGenerator(seed: 33)
        for trial in 0..<60 {
            let blockSize = trial % 2 == 0 ? 16 : 12
            let width = Int.random(in: blockSize...(4 * blockSize + 7), using: &random), height = Int.random(in: blockSize...(3 * blockSize + 5), using: &random)
            let stride = width + (trial % 3 == 0 ? Int.random(in: 1...9, using: &random) : 0)
            let extremes = trial % 4 == 1
            let pixels = (0..<(stride * height)).map { _ in extremes ? (Bool.random(using: &random) ? 255 : 0) : UInt8.random(in: 0...255, using: &random) }
            for by in 0..<(height / blockSize) {
                for bx in 0..<(width / blockSize) {
                    let xs = max(1, bx * blockSize)..<min(width - 1, (bx + 1) * blockSize)
                    let ys = max(1, by * blockSize)..<min(height - 1, (by + 1) * blockSize)
                    let sums = pixels.withUnsafeBufferPointer { BarRegionFinder.gradientSums($0.baseAddress!, stride: stride, x: xs, y: ys) }
                    let expected = Self.sumsByDefinition(pixels, stride: stride, x: xs, y: ys)
                    #expect(sums == expected, "\(width)×\(height) block \(bx), \(by)")
                }
            }
        }
    }
}
