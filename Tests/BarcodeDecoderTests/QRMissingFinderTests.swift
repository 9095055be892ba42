@testable import BarcodeDecoder
import BarcodeEncoder
import RigCore
import Testing

/// A QR symbol read from two of its finders when the third is not found (`QRMissingFinder`).
@Suite struct QRMissingFinderTests {
    /// A 4-px-a-module symbol on a light 220 × 220 frame whose bottom-left finder has the first pixel row and column of
    /// every module light (as noise splits a finder's runs): no row or column crosses it as 1:1:3:1:1, but every module
    /// centre is unchanged.
    static func splitFinderFrame(_ text: String) throws -> GrayImage {
        let symbol = try SymbolEncoder.image(.qr, text, moduleSize: 4)
        var frame = GrayImage(width: 220, height: 220, filledWith: 235)
        let (left, top) = (30, 40)
        for y in 0..<symbol.height where y + top < frame.height {
            for x in 0..<symbol.width where x + left < frame.width {
                frame.pixels[(y + top) * frame.width + x + left] = symbol.pixels[y * symbol.stride + x] < 128 ? 20 : 235
            }
        }
        // The symbol's dark extent: its finders' outer corners.
        var (x0, y0, x1, y1) = (Int.max, Int.max, -1, -1)
        for y in 0..<frame.height {
            for x in 0..<frame.width where frame.pixels[y * frame.width + x] < 128 {
                (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
            }
        }
        // The bottom-left finder: modules 0–6 across, the last seven down.
        let finderTop = y1 - 27
        for y in finderTop...y1 {
            for x in x0..<(x0 + 28) where (x - x0) % 4 == 0 || (y - finderTop) % 4 == 0 { frame.pixels[y * frame.width + x] = 235 }
        }
        return frame
    }

    @Test func aSymbolMissingOneFinderReads() throws {
        let image = try Self.splitFinderFrame("TWO FINDERS")
        let frame = PreparedFrame(image, binarization: .localMean)
        let strong = QRFinderPatternFinder.find(frame.binary, effort: 2).filter { $0.count >= QRMissingFinder.leastConfirmations }
        #expect(strong.count == 2, "the split finder must not be found: \(strong.map(\.center))")
        let symbols = BarcodeDecoder(options: DecoderOptions(symbologies: [.qr])).decode(image)
        #expect(symbols.map(\.text) == ["TWO FINDERS"])
    }

    @Test func theThirdCentreIsAmongTheGuesses() {
        // A square's corners: each missing one is guessed from the other two, as a side or as the diagonal.
        let (tl, tr, bl) = (Point(10, 10), Point(50, 12), Point(8, 50))
        func near(_ guesses: [Point], _ p: Point) -> Bool { guesses.contains { $0.distance(to: p) < 0.01 } }
        #expect(near(QRMissingFinder.thirdCenters(tl, tr), bl))
        #expect(near(QRMissingFinder.thirdCenters(tl, bl), tr))
        #expect(near(QRMissingFinder.thirdCenters(tr, bl), tl))
        #expect(QRMissingFinder.thirdCenters(tl, tr).count == 6)
    }

    @Test func aFinderIsLocatedNearItsGuessAndTextureIsNot() throws {
        let image = try Self.splitFinderFrame("TWO FINDERS")
        let frame = PreparedFrame(image, binarization: .localMean)
        let finders = QRFinderPatternFinder.find(frame.binary, effort: 2).filter { $0.count >= QRMissingFinder.leastConfirmations }
        try #require(finders.count == 2)
        let module = (finders[0].moduleSize + finders[1].moduleSize) / 2
        let dx = Point(module, 0), dy = Point(0, module)
        // The split finder's centre, guessed 1.5 modules off: located within a pixel of where its modules say.
        let (topLeft, topRight) = finders[0].center.x < finders[1].center.x ? (finders[0].center, finders[1].center) : (finders[1].center, finders[0].center)
        let truth = topLeft + Point(topLeft.y - topRight.y, topRight.x - topLeft.x)
        let guess = truth + Point(1.5 * module, -1.5 * module)
        let located = try #require(QRMissingFinder.located(frame, near: guess, dx: dx, dy: dy, module: module))
        #expect(located.distance(to: truth) < 1.5, "\(located) against \(truth)")
        // Light paper with no finder.
        #expect(QRMissingFinder.located(frame, near: Point(200, 30), dx: dx, dy: dy, module: module) == nil)
        // Seeded noise, half dark.
        var random = SeededGenerator(seed: 3)
        let noise = try GrayImage(width: 120, height: 120, pixels: (0..<14_400).map { _ in UInt8.random(in: 0...255, using: &random) })
        #expect(QRMissingFinder.located(PreparedFrame(noise, binarization: .localMean), near: Point(60, 60), dx: dx, dy: dy, module: module) == nil)
    }
}
