@testable import BarcodeDecoder
import Testing

/// The photographic negative (`GrayImage.inverted()`, the light-on-dark look's image): each pixel 255 minus the image's,
/// in a packed image of the same size, whether the image's rows are packed or padded; the image itself is left as it was.
@Suite struct GrayImageNegativeTests {
    @Test func everyPixelIsTheImagesFrom255() throws {
        var state: UInt64 = 17
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        for (width, height, padding) in [(1, 1, 0), (1, 7, 3), (33, 1, 0), (97, 71, 0), (64, 40, 5), (130, 66, 1)] {
            let pixels = (0..<((width + padding) * height)).map { _ in next() }
            let image = try GrayImage(width: width, height: height, stride: width + padding, pixels: pixels)
            let negative = image.inverted()
            var expected: [UInt8] = []
            for y in 0..<height { for x in 0..<width { expected.append(255 - image[x, y]) } }
            #expect(negative.width == width && negative.height == height && negative.stride == width)
            #expect(negative.pixels == expected, "\(width)×\(height), \(padding) bytes of padding")
            #expect(image.pixels == pixels)
        }
    }
}
