@testable import BarcodeDecoder
import RigCore
import Testing

@Suite struct GrayImageRotated45Tests {
    /// The turned image as defined: each pixel the rounded bilinear sample (`bilinear`) of the point `fromTurned` maps
    /// its centre to, white where that point is outside the image.
    static func plain(_ image: GrayImage) -> [UInt8] {
        let turned = image.rotated45()
        let side = turned.image.width
        var pixels = [UInt8](repeating: 255, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                let p = turned.fromTurned(Point(Double(x) + 0.5, Double(y) + 0.5))
                guard p.x >= 0, p.y >= 0, p.x < Double(image.width), p.y < Double(image.height) else { continue }
                pixels[y * side + x] = UInt8(image.bilinear(p.x, p.y).rounded())
            }
        }
        return pixels
    }

    /// Noise images of several shapes (a single pixel, single rows and columns, and a padded stride) turn to the same
    /// pixels as the definition gives.
    @Test(arguments: [(1, 1), (1, 9), (9, 1), (2, 2), (17, 5), (40, 31)])
    func matchesTheDefinition(_ width: Int, _ height: Int) throws {
        var random = SeededGenerator(seed: UInt64(width * 64 + height))
        for padding in [0, 3] {
            let stride = width + padding
            let image = try GrayImage(width: width, height: height, stride: stride,
                                      pixels: (0..<(stride * height)).map { _ in UInt8.random(in: 0...255, using: &random) })
            #expect(image.rotated45().image.pixels == Self.plain(image), "\(width)×\(height) stride \(stride)")
        }
    }
}
