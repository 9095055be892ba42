@testable import BarcodeDecoder
import Testing

/// The image pyramid's copies: each pixel the rounded mean of its block, as the definition says.
@Suite struct DownscaleTests {
    static func definition(_ image: GrayImage, _ factor: Int) -> [UInt8] {
        let w = image.width / factor, h = image.height / factor, area = factor * factor
        var out: [UInt8] = []
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0
                for dy in 0..<factor { for dx in 0..<factor { sum += Int(image[x * factor + dx, y * factor + dy]) } }
                out.append(UInt8((sum + area / 2) / area))
            }
        }
        return out
    }

    @Test func everyPixelIsItsBlocksRoundedMean() throws {
        var state: UInt64 = 2026
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        for factor in [1, 2, 3, 4, 5, 7, 9, 64] {
            for (width, height, padding) in [(factor, factor, 0), (3 * factor + 2, 2 * factor + 1, 5), (97, 71, 0), (130, 66, 3)] where width >= factor && height >= factor {
                let pixels = (0..<((width + padding) * height)).map { _ in next() }
                let image = try GrayImage(width: width, height: height, stride: width + padding, pixels: pixels)
                #expect(image.downscaled(by: factor).pixels == Self.definition(image, factor), "factor \(factor), \(width)×\(height)")
            }
        }
        // The largest sums a block can make: all white, all black but one, all 255 at the biggest factor.
        for factor in [3, 9, 64] {
            let white = try GrayImage(width: factor, height: factor, pixels: [UInt8](repeating: 255, count: factor * factor))
            #expect(white.downscaled(by: factor).pixels == [255])
            var almost = [UInt8](repeating: 255, count: factor * factor)
            almost[0] = 0
            let nearlyWhite = try GrayImage(width: factor, height: factor, pixels: almost)
            #expect(nearlyWhite.downscaled(by: factor).pixels == Self.definition(nearlyWhite, factor))
        }
    }
}
