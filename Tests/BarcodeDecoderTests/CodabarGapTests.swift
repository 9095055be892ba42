@testable import BarcodeDecoder
import Testing

/// Codabar's gaps between characters on run widths: blur widens them, up to a third of a character.
@Suite struct CodabarGapTests {
    /// The runs of the Codabar `text` (start and stop included) with narrow elements of 2 and wide ones of 5, gaps of
    /// `gap` between characters and quiet zones of 40, light first and last.
    static func runs(_ text: String, gap: Double) -> [Double] {
        var runs: [Double] = [40]
        for (k, character) in text.enumerated() {
            let pattern = CodabarDecoder.patterns[CodabarDecoder.alphabet.firstIndex(of: character)!]
            if k > 0 { runs.append(gap) }
            runs += (0..<7).map { pattern >> (6 - $0) & 1 == 1 ? 5 : 2 }
        }
        return runs + [40]
    }

    static let options = DecoderOptions(symbologies: [.codabar])

    /// The blurred copy of `codabar-1/12` leaves gaps of 6 px after characters of 24; a digit here is 20 wide.
    @Test func gapsUpToAThirdOfACharacterAreRead() {
        for gap in [2.0, 5, 6, 6.5] {
            let hits = CodabarDecoder().decode(Self.runs("A31117013B", gap: gap), options: Self.options)
            #expect(hits.map(\.text) == ["A31117013B"], "gap \(gap)")
        }
    }

    /// A light run of a third of a character or more ends the symbol there: not a gap.
    @Test func aWiderGapIsNotOne() {
        for gap in [7.0, 8.5, 10] {
            let hits = CodabarDecoder().decode(Self.runs("A31117013B", gap: gap), options: Self.options)
            #expect(!hits.contains { $0.text == "A31117013B" }, "gap \(gap)")
        }
    }
}
