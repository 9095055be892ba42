import BarcodeDecoder
import Foundation
import ImageIO
import Testing

/// PDF417 seen in perspective (Corpus/decoder-real/pdf417-1-perspective: zxing-cpp's samples `pdf417-1/01` and `/11`,
/// Apache-2.0, turned away from the camera by `make_transformed_corpus.py perspective`): read, with an outline on the
/// symbol and inside the image.
@Suite struct PDF417PerspectivePhotoTests {
    static let directory = RealPhotoTests.directory + "/pdf417-1-perspective"

    static func read(_ name: String) throws -> (symbols: [DecodedSymbol], width: Int, height: Int) {
        let image = try ImageFile.load(path: directory + "/" + name)
        return (BarcodeDecoder(options: DecoderOptions(symbologies: [.pdf417])).decode(image), image.width, image.height)
    }

    /// The stop edge has half the start edge's module: paired since 0.4 is allowed, so the outline ends at the stop
    /// pattern (x 215 of 220), not where the columns would reach at the start's module (277 before the outline was kept
    /// inside the image).
    @Test func theOutlineEndsAtTheStopEdge() throws {
        let (symbols, _, _) = try Self.read("01.png")
        #expect(symbols.map(\.text) == ["This is PDF417"])
        #expect(symbols.first.map { $0.corners.allSatisfy { $0.x <= 216 } } == true, "\(symbols.map(\.corners))")
    }

    /// Read from its start edge alone (its stop edge does not pair): the outline ends at the image border, not 2,353 px
    /// out in a 1,710-px image.
    @Test func anOutlineWithoutAStopEdgeEndsAtTheImage() throws {
        let (symbols, width, height) = try Self.read("11.png")
        #expect(symbols.map(\.text) == ["This is just a test."])
        let inside = symbols.first?.corners.allSatisfy { $0.x >= 0 && $0.x <= Double(width) && $0.y >= 0 && $0.y <= Double(height) }
        #expect(inside == true, "\(symbols.map(\.corners))")
    }
}
