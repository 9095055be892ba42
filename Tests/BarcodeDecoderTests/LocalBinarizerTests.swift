@testable import BarcodeDecoder
import RigCore
import Testing

/// The local-mean binarization every 2D reader starts from, against its definition on a summed-area table.
@Suite struct LocalBinarizerTests {
    /// Each 4×4 block's threshold from the means of its two windows (half-size `radius` and three times that, clipped to
    /// the image) read off `IntegralImage`, one pixel at a time.
    static func plain(_ image: GrayImage, radius: Int) -> BitMatrix {
        let integral = IntegralImage(image)
        var out = BitMatrix(width: image.width, height: image.height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let cx = min(image.width - 1, x / 4 * 4 + 2), cy = min(image.height - 1, y / 4 * 4 + 2)
                let mean = integral.mean(x: cx, y: cy, radius: radius)
                let limit = max(mean - 2 - mean / 32, integral.mean(x: cx, y: cy, radius: radius * 3) * 3 / 5)
                out[x, y] = Int(image[x, y]) < limit
            }
        }
        return out
    }

    /// Light and shade at two scales plus noise, so thresholds vary from block to block.
    static func shaded(_ width: Int, _ height: Int) throws -> GrayImage {
        var random = SeededGenerator(seed: UInt64(width * 1000 + height))
        let pixels = (0..<(width * height)).map { i -> UInt8 in
            let x = i % width, y = i / width
            let shade = (x / 7 + y / 5) % 2 == 0 ? 60 : 190
            let gradient = (x * 40) / max(1, width) - (y * 30) / max(1, height)
            return UInt8(max(0, min(255, shade + gradient + Int.random(in: -25...25, using: &random))))
        }
        return try GrayImage(width: width, height: height, pixels: pixels)
    }

    @Test(arguments: [(1, 1), (3, 2), (5, 130), (130, 5), (61, 47), (200, 120), (97, 301)])
    func blocksMatchTheirDefinition(_ width: Int, _ height: Int) throws {
        let image = try Self.shaded(width, height)
        for radius in [1, 12, LocalBinarizer.radius(width: width, height: height), 60] {
            #expect(LocalBinarizer.binarize(image, radius: radius) == Self.plain(image, radius: radius), "radius \(radius)")
        }
    }

    /// Every block's window mean, and its negative's, as the window sums give them row of blocks by row of blocks (their
    /// running totals, the clipped windows divided by their rows and then their columns), is the summed-area table's:
    /// light images make the largest sums, which the divisions' bounds must cover, and small images clip every window.
    @Test(arguments: [(240, 240), (61, 47), (130, 5), (5, 130), (97, 301), (3, 2)])
    func windowMeansMatchTheSummedAreaTable(_ width: Int, _ height: Int) throws {
        var random = SeededGenerator(seed: UInt64(width * 7 + height))
        for kind in 0..<3 {
            let image = kind == 0 ? try Self.shaded(width, height)
                : try GrayImage(width: width, height: height, pixels: (0..<(width * height)).map { _ in
                    kind == 1 ? 255 : UInt8.random(in: 235...255, using: &random)
                })
            let integral = IntegralImage(image)
            for radius in [1, 12, 30, 60, 90, 180] {
                let sums = LocalBinarizer.WindowSums(width: width, radius: radius, block: LocalBinarizer.block)
                let blocks = (width + LocalBinarizer.block - 1) / LocalBinarizer.block
                var means = [UInt16](repeating: 0, count: blocks), negative = means
                var wrong = 0
                for by in Swift.stride(from: 0, to: height, by: LocalBinarizer.block) {
                    let cy = min(height - 1, by + LocalBinarizer.block / 2)
                    image.pixels.withUnsafeBufferPointer { sums.move(to: cy, height: height, pixels: $0.baseAddress!, stride: image.stride) }
                    means.withUnsafeMutableBufferPointer { m in
                        negative.withUnsafeMutableBufferPointer { n in sums.blockMeans(into: m.baseAddress!, negative: n.baseAddress!) }
                    }
                    for column in 0..<blocks {
                        let cx = min(width - 1, column * LocalBinarizer.block + LocalBinarizer.block / 2)
                        let x0 = max(0, cx - radius), x1 = min(width, cx + radius + 1)
                        let y0 = max(0, cy - radius), y1 = min(height, cy + radius + 1)
                        let sum = Int(integral.sum(x0: x0, y0: y0, x1: x1, y1: y1)), pixels = (x1 - x0) * (y1 - y0)
                        if Int(means[column]) != integral.mean(x: cx, y: cy, radius: radius)
                            || Int(negative[column]) != 255 - (sum + pixels - 1) / pixels { wrong += 1 }
                    }
                }
                #expect(wrong == 0, "kind \(kind), radius \(radius)")
            }
        }
    }

    /// The negative's binarization made from the limits the image's own binarization kept is the binarization of the
    /// negative image, cell for cell (means rounded the other way where a window's sum does not divide evenly).
    @Test(arguments: [(1, 1), (3, 2), (5, 130), (130, 5), (61, 47), (200, 120), (97, 301)])
    func theNegativeFromKeptLimitsIsTheNegativesBinarization(_ width: Int, _ height: Int) throws {
        let image = try Self.shaded(width, height)
        for radius in [1, 12, LocalBinarizer.radius(width: width, height: height), 60] {
            let (binary, negative) = LocalBinarizer.binarize(image, radius: radius, keepingNegative: true)
            #expect(binary == LocalBinarizer.binarize(image, radius: radius))
            let limits = try #require(negative)
            #expect(limits.binarize(image.inverted()) == LocalBinarizer.binarize(image.inverted(), radius: radius), "radius \(radius)")
        }
        let frame = PreparedFrame(image, binarization: .localMean)
        #expect(frame.negative().binary == PreparedFrame(image.inverted(), binarization: .localMean).binary)
        #expect(frame.negative().image == image.inverted())
    }

    /// Matrices are equal when their sizes and every cell are: a difference in any cell (within an eight-cell word or in
    /// the cells after the last whole word) or in the shape makes them unequal.
    @Test func matricesCompareEveryCell() {
        var random = SeededGenerator(seed: 11)
        var a = BitMatrix(width: 13, height: 5)
        for y in 0..<5 { for x in 0..<13 where Bool.random(using: &random) { a[x, y] = true } }
        #expect(a == a)
        for (x, y) in [(0, 0), (7, 0), (12, 4), (3, 2)] {
            var b = a
            b.flip(x: x, y: y)
            #expect(a != b, "(\(x), \(y))")
        }
        #expect(BitMatrix(width: 6, height: 2) != BitMatrix(width: 4, height: 3))
        #expect(BitMatrix(width: 0, height: 3) == BitMatrix(width: 0, height: 3))
    }

    @Test func aPaddedImageIsReadByItsRows() throws {
        // Rows 8 bytes apart holding 5 pixels each: the padding must not count.
        var random = SeededGenerator(seed: 7)
        let pixels = (0..<(8 * 9)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let padded = try GrayImage(width: 5, height: 9, stride: 8, pixels: pixels)
        #expect(LocalBinarizer.binarize(padded, radius: 2) == Self.plain(padded, radius: 2))
        #expect(LocalBinarizer.binarize(padded, radius: 2) == LocalBinarizer.binarize(padded.packed(), radius: 2))
        let negative = try #require(LocalBinarizer.binarize(padded, radius: 2, keepingNegative: true).negative)
        #expect(negative.binarize(padded.inverted()) == LocalBinarizer.binarize(padded.inverted(), radius: 2))
    }

    /// The block means' multiply-and-shift division gives every quotient a division gives, up to its bound (the whole
    /// range for small divisors, both ends and a seeded sample for large ones), and declines bounds over 31 bits.
    @Test(arguments: [1, 2, 3, 7, 61, 121, 181, 3_721, 14_641, 65_341, 130_321])
    func exactDivisionMatchesDivision(_ divisor: Int) throws {
        let d = UInt32(divisor), bound = 255 * UInt64(divisor)
        let divide = try #require(ExactDivision(by: d, upTo: bound))
        var random = SeededGenerator(seed: UInt64(divisor))
        let ends = (0...min(bound, 70_000)).map { UInt32($0) } + (0...min(bound, 5_000)).map { UInt32(bound - $0) }
        for x in ends + (0..<20_000).map({ _ in UInt32.random(in: 0...UInt32(bound), using: &random) }) {
            #expect(divide(x) == x / d, "\(x) / \(d)")
        }
        #expect(ExactDivision(by: d, upTo: 1 << 31) == nil)
        #expect(ExactDivision(by: 0, upTo: 10) == nil)
    }

    /// A block's limit as a byte is the larger of its two windows' thresholds, for every pair of means (the pixel loop
    /// compares bytes with it).
    @Test func blockLimitsAreTheLargerThresholdForEveryPairOfMeans() {
        let means = (0...255).map(UInt16.init)
        let limits = UnsafeMutablePointer<UInt8>.allocate(capacity: means.count)
        defer { limits.deallocate() }
        var wrong = 0
        for wide in means {
            LocalBinarizer.blockLimits(narrow: means, wide: [UInt16](repeating: wide, count: means.count), count: means.count, into: limits)
            for (k, narrow) in means.enumerated() {
                let expected = max(Int(narrow) - 2 - Int(narrow) / 32, Int(wide) * 3 / 5)
                if Int(limits[k]) != expected { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }

    @Test func theWideLimitIsThreeFifthsOfEveryMean() {
        for mean in 0...255 { #expect(LocalBinarizer.wideLimit(UInt16(mean)) == Int16(mean * 3 / 5), "mean \(mean)") }
    }
}
