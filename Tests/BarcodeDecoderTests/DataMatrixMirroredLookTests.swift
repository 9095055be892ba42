@testable import BarcodeDecoder
import BarcodeEncoder
import RigCore
import Testing

/// A candidate's mirrored look looks only at the quads of its first look that showed an L
/// (`DataMatrixCornerSearches.quadsWithL`): it fits the same symbols, in the same order, as looking at every quad again.
@Suite struct DataMatrixMirroredLookTests {
    /// The corners and size of each symbol fitted by a look of `candidate` that reads none, and whether it saw an L.
    static func fits(_ frame: PreparedFrame, _ candidate: DataMatrixDetector.Candidate, mirrored: Bool,
                     searches: DataMatrixCornerSearches?) -> (fits: [[Point]], sawL: Bool) {
        var fits: [[Point]] = [], sawL = false
        DataMatrixDetector.locate(frame, candidate: candidate, mirrored: mirrored, sawL: &sawL, searches: searches) { _, located in
            let w = Double(located.size.columns), h = Double(located.size.rows)
            fits.append([Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)].map(located.transform.apply))
            return false
        }
        return (fits, sawL)
    }

    /// Symbols tilted in perspective (whose rectangle, snapped and spanning quads differ), drawn as seen from behind
    /// too, and texture; every candidate with an L looked at mirrored after its first look, with and without that
    /// look's quads. Looking at the first quad with an L alone fits fewer.
    @Test func theMirroredLookFitsWhatEveryQuadDoes() throws {
        var images: [GrayImage] = []
        for (k, (rotation, perspective)) in [(0.0, 0.0), (30, 0.12), (145, 0.12), (200, 0.08)].enumerated() {
            let symbol = SymbolRenderer.render(try DataMatrixEncoder.encode("MIRRORED LOOK \(k)"), moduleSize: 4, quietZone: 2)
            let image = FrameSynthesizer(width: 320, height: 320, seed: UInt64(k + 1)).render(
                [SymbolPlacement(symbol: symbol, center: Point(160, 160), rotation: rotation, perspective: perspective)],
                degradations: Degradations(blur: 0.5, noise: 4, unevenLight: 0.3, jpegQuality: 70, contrast: 0.8))
            images.append(image)
            var mirrored = image
            for y in 0..<image.height {
                for x in 0..<image.width { mirrored[x, y] = image[image.width - 1 - x, y] }
            }
            images.append(mirrored)
        }
        var random = SeededGenerator(seed: 35)
        var texture = GrayImage(width: 240, height: 240)
        for y in 0..<240 {
            for x in 0..<240 { texture[x, y] = (x / 6 + y / 9) % 3 == 0 || Int.random(in: 0..<7, using: &random) == 0 ? 30 : 220 }
        }
        images.append(texture)
        var compared = 0, fitted = 0
        for image in images {
            let frame = PreparedFrame(image, binarization: .localMean)
            for component in DataMatrixDetector.components(frame, effort: DecoderOptions().effort) {
                guard let candidate = DataMatrixDetector.candidate(component) else { continue }
                let searches = DataMatrixCornerSearches()
                guard Self.fits(frame, candidate, mirrored: false, searches: searches).sawL else { continue }
                let kept = Self.fits(frame, candidate, mirrored: true, searches: searches)
                // The look made over every quad again, as before the quads were kept: the same first look, its quads
                // then forgotten (its free-corner searches and swung sides are kept, for both looks).
                let forgotten = DataMatrixCornerSearches()
                _ = Self.fits(frame, candidate, mirrored: false, searches: forgotten)
                forgotten.quadsWithL = nil
                let everyQuad = Self.fits(frame, candidate, mirrored: true, searches: forgotten)
                #expect(kept.fits == everyQuad.fits && kept.sawL == everyQuad.sawL, "\(kept) \(everyQuad)")
                compared += 1
                fitted += everyQuad.fits.count
            }
        }
        #expect(compared >= 8 && fitted >= 8, "\(compared) candidates, \(fitted) fits")
    }
}
