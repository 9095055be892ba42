@testable import BarcodeDecoder
import Testing

/// Code 39 characters whose three widest runs of nine are not their wide elements, read with bars and spaces measured
/// apart (`Code39Decoder.characterApart`): ink spread, exposure and whole pixels widen one colour and narrow the other.
@Suite struct Code39BarsAndSpacesApartTests {
    static let options = DecoderOptions(symbologies: [.code39])

    /// A pixel row of the 70 % nearest-neighbour copy of `code39-1/4` (ABC123): narrow bars of 1–2 px, narrow spaces of
    /// 2–3, wide bars of 3–4, wide spaces of 4–5. The 1 (4 2 1 5 1 2 1 3 3) and the 3 (3 3 3 4 2 2 1 2 2) each show a
    /// narrow space as wide as their narrowest wide bar.
    static let row: [Double] = [9, 1, 5, 1, 2, 4, 2, 3, 2, 2, 2, 3, 2, 2, 2, 1, 5, 1, 2, 4, 2, 1, 2, 4, 2, 1, 4, 2, 2, 3, 2, 4,
                                2, 4, 2, 1, 4, 2, 2, 1, 2, 4, 2, 1, 5, 1, 2, 1, 3, 3, 2, 2, 2, 3, 4, 2, 2, 1, 2, 4, 2, 3, 3, 3,
                                4, 2, 2, 1, 2, 2, 2, 1, 4, 2, 2, 3, 2, 4, 2, 1, 13]

    @Test func thePhotosRowReads() {
        #expect(Code39Decoder().decode(Self.row, options: Self.options).map(\.text) == ["ABC123"])
        #expect(Code39Decoder.characterApart([4, 2, 1, 5, 1, 2, 1, 3, 3], 0) == 1)
        #expect(Code39Decoder.characterApart([3, 3, 3, 4, 2, 2, 1, 2, 2], 0) == 3)
    }

    /// Every character drawn with bars 0.3 of a narrow element thinner and spaces as much wider (narrow 2, wide 5 px)
    /// reads apart as itself, the three wide spaces of $ / + % too. Bars all alike beside two wide spaces are no
    /// character: each has one wide space or three.
    @Test func everyCharacterReadsApart() {
        for (index, pattern) in Code39Tables.patterns.enumerated() {
            let runs = (0..<9).map { k -> Double in
                let wide = pattern >> (8 - k) & 1 == 1
                return (wide ? 5 : 2) + (k % 2 == 0 ? -0.6 : 0.6)
            }
            #expect(Code39Decoder.characterApart(runs, 0) == index, "\(Code39Tables.alphabet[index])")
        }
        #expect(Code39Decoder.characterApart([2, 5, 2, 2, 2.2, 5, 2.1, 2, 2], 0) == nil)
    }
}
