@testable import BarcodeDecoder
import Foundation
import RigCore
import Testing

/// `BarRegionFinder.Region.measuredDirection`: the direction across a region's bars from the shift two lines see.
@Suite struct BarRegionSlantTests {
    /// A band of bars 34 px tall at `module` px a module (widths 1–3 modules, seeded), turned so that the direction across
    /// them is `degrees`, drawn with 4 × 4 samples a pixel on a white 260 × 110 image, centred.
    static func turnedBars(degrees: Double, module: Double) throws -> GrayImage {
        let (width, height) = (260, 110)
        var random = SeededGenerator(seed: 12)
        var dark: [Bool] = []
        while dark.count < 200 { let bar = dark.count % 2 == 0; for _ in 0..<Int.random(in: 1...3, using: &random) { dark.append(bar) } }
        let a = degrees * .pi / 180, (dx, dy) = (cos(a), sin(a))
        var pixels = [UInt8](repeating: 255, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var darkSamples = 0
                for i in 0..<4 {
                    for j in 0..<4 {
                        let px = Double(x) + (Double(i) + 0.5) / 4 - Double(width) / 2, py = Double(y) + (Double(j) + 0.5) / 4 - Double(height) / 2
                        let u = px * dx + py * dy, v = -px * dy + py * dx
                        let k = Int(((u + 120) / module).rounded(.down))
                        if abs(v) < 17, abs(u) < 120, k >= 0, k < dark.count, dark[k] { darkSamples += 1 }
                    }
                }
                pixels[y * width + x] = UInt8(255 - 255 * darkSamples / 16)
            }
        }
        return try GrayImage(width: width, height: height, pixels: pixels)
    }

    static func region(degrees: Double) -> BarRegionFinder.Region {
        let a = degrees * .pi / 180
        return BarRegionFinder.Region(direction: Point(cos(a), sin(a)), center: Point(130, 55), halfLength: 120, halfWidth: 30)
    }

    static func degrees(_ p: Point) -> Double { atan2(p.y, p.x) * 180 / .pi }

    /// `rssexpanded-3/108-corrected` turned 12°, 1.3 px a module: the region finder gave −18.7°. The two lines give the bars'
    /// −12°, from either side, and keep a direction that was right.
    @Test(arguments: [-18.7, -12.0, -8.0])
    func theBarsShowTheirDirection(_ regionDegrees: Double) throws {
        let image = try Self.turnedBars(degrees: -12, module: 1.3)
        let measured = try #require(Self.region(degrees: regionDegrees).measuredDirection(in: image))
        #expect(abs(Self.degrees(measured) + 12) < 0.7, "\(Self.degrees(measured))")
    }

    /// At 2 px a module and upright bars as well.
    @Test func uprightBarsStayUpright() throws {
        let image = try Self.turnedBars(degrees: 0, module: 2)
        let measured = try #require(Self.region(degrees: 5).measuredDirection(in: image))
        #expect(abs(Self.degrees(measured)) < 0.7, "\(Self.degrees(measured))")
    }

    /// Lines that see different things (noise, no bars) give no direction, nor does a region too narrow for the two lines.
    @Test func noBarsNoDirection() throws {
        var random = SeededGenerator(seed: 5)
        let noise = try GrayImage(width: 260, height: 110, pixels: (0..<(260 * 110)).map { _ in UInt8.random(in: 0...255, using: &random) })
        #expect(Self.region(degrees: 0).measuredDirection(in: noise) == nil)
        let image = try Self.turnedBars(degrees: -12, module: 1.3)
        var narrow = Self.region(degrees: -18.7)
        narrow.halfWidth = 8
        #expect(narrow.measuredDirection(in: image) == nil)
    }
}
