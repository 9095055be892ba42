@testable import BarcodeDecoder
import Testing

/// Codabar characters measured against the character before them: the width its pattern would have with that
/// character's narrow and wide elements, within a quarter.
@Suite struct CodabarNeighbourWidthTests {
    static let options = DecoderOptions(symbologies: [.codabar])

    /// The runs of `text` (narrow 2, wide 5, gaps 2, quiet zones 40), each character scaled by a factor falling evenly
    /// from 1 at the start to `farEnd` at the stop: a label turned away from the camera.
    static func keystoned(_ text: String, farEnd: Double) -> [Double] {
        var runs: [Double] = [40]
        let last = Double(text.count - 1)
        for (k, character) in text.enumerated() {
            let scale = 1 - (1 - farEnd) * Double(k) / last
            let pattern = CodabarDecoder.patterns[CodabarDecoder.alphabet.firstIndex(of: character)!]
            if k > 0 { runs.append(2 * scale) }
            runs += (0..<7).map { (pattern >> (6 - $0) & 1 == 1 ? 5 : 2) * scale }
        }
        return runs + [40]
    }

    /// A digit at the far end is half as wide as the start character (0.6 of it was the bound until the twenty-sixth
    /// session); each character is within a few per cent of the one before.
    @Test func aSymbolInPerspectiveReads() {
        for farEnd in [1.0, 0.7, 0.5] {
            let hits = CodabarDecoder().decode(Self.keystoned("A31117013206375B", farEnd: farEnd), options: Self.options)
            #expect(hits.map(\.text) == ["A31117013206375B"], "far end \(farEnd)")
        }
    }

    /// A line of `A294/586B` turned away from the camera, on the third-size pyramid layer, where the far end's narrow
    /// elements merged (`make_transformed_corpus.py perspective`, `codabar-1/03`): its runs still spell `A294/-A`, with
    /// a "-" 1.5 times the width the "/" before it predicts. Nothing is read.
    @Test func mergedElementsDoNotSpellAShorterSymbol() {
        let line: [Double] = [1e6, 2.8, 2.7, 5.4, 5.2, 2.7, 5.2, 2.5, 2.6, 2.5, 2.5, 2.4, 4.8, 2.5, 2.4, 4.7, 2.3, 4.6, 2.3, 2.3,
                              4.5, 2.3, 2.1, 2.2, 2.1, 2.3, 2.2, 4.1, 2.2, 2.1, 3.8, 2.2, 2.2, 3.6, 2.4, 3.6, 2.2, 2.0, 1.8, 3.3,
                              2.2, 3.4, 2.3, 2.1, 6.5, 5.4, 3.2, 3.3, 8.3, 2.0, 2.8, 9.2, 6.0, 2.1, 5.9, 2.6, 1e6]
        #expect(CodabarDecoder().decode(line, options: Self.options).isEmpty)
    }

    /// A character whose width is off what the one before predicts by more than a quarter ends the read.
    @Test func aCharacterOffItsPredictionEndsTheRead() {
        var runs = Self.keystoned("A31117013B", farEnd: 1)
        // The fifth character (a "1", runs 33…39, wide elements fifth and sixth) with both wide elements 4 wider: 28
        // against the 20 the "1" before it predicts.
        runs[33 + 4] += 4
        runs[33 + 5] += 4
        #expect(!CodabarDecoder().decode(runs, options: Self.options).contains { $0.text == "A31117013B" })
    }
}
