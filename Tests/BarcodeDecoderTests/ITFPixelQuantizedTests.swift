@testable import BarcodeDecoder
import Testing

/// Interleaved 2 of 5 at a pixel or two a module, where each width is the distance of two edges on the pixel grid: a
/// narrow element comes out up to a pixel wider and a wide one narrower, so a digit's wide elements may stand less than
/// 1.5 times over its narrow ones.
@Suite struct ITFPixelQuantizedTests {
    static let options = DecoderOptions(symbologies: [.interleaved2of5])

    /// The runs of `itf-1/3` (0053611912) at about 1.4 px a module, narrow bars 1.4 and spaces 1.9 px, wide bars 3.3 and
    /// spaces 4.0 (the spaces widened as thresholding widens them), between quiet zones of 40, light first and last.
    /// `quantized` puts a pixel onto one narrow space of every other pair and takes it off a wide space beside it, as
    /// the 70 % nearest-neighbour copy of the photo shows (narrow spaces of 2.9 beside wide ones of 3.9).
    static func runs(quantized: Bool) -> [Double] {
        let digits = [0, 0, 5, 3, 6, 1, 1, 9, 1, 2]
        var runs: [Double] = [40, 1.4, 1.9, 1.4, 1.9]
        for pair in stride(from: 0, to: digits.count, by: 2) {
            let bars = ITFDecoder.patterns[digits[pair]], spaces = ITFDecoder.patterns[digits[pair + 1]]
            var spaceWidths = spaces.map { $0 ? 4.0 : 1.9 }
            if quantized && pair % 4 == 2, let narrow = spaces.firstIndex(of: false), let wide = spaces.firstIndex(of: true) {
                spaceWidths[narrow] += 1.0
                spaceWidths[wide] -= 0.1
            }
            for k in 0..<5 { runs += [bars[k] ? 3.3 : 1.4, spaceWidths[k]] }
        }
        return runs + [3.3, 1.9, 1.4, 40]
    }

    @Test func aSymbolOfPixelQuantizedWidthsReads() {
        #expect(ITFDecoder().decode(Self.runs(quantized: false), options: Self.options).map(\.text) == ["0053611912"])
        // Narrow spaces of 2.9 beside wide ones of 3.9: 1.34 times, under the 1.5 alone, over 1.5 times less a pixel.
        #expect(ITFDecoder().decode(Self.runs(quantized: true), options: Self.options).map(\.text) == ["0053611912"])
    }

    /// The pixel alone would leave elements of 2 px no margin (1.5 · 2 − 1 is under 2.05): in a small DataBar
    /// Expanded symbol five such widths read as ITF's 2. Wide ones must also be over 1.2 narrow ones.
    @Test func widthsOfTwoPixelsAlikeAreNoDigit() {
        #expect(ITFDecoder.digit([2.0, 9, 2.05, 9, 1.97, 9, 1.3, 9, 4.3, 9], 0) == nil)
        #expect(ITFDecoder.digitByDefinition([2.0, 2.05, 1.97, 1.3, 4.3]) == nil)
        // Over the 1.2 and the pixel both, these read: wide elements 2.5 and 4.3 beside narrow ones of at most 2.0.
        #expect(ITFDecoder.digit([2.0, 9, 2.5, 9, 1.97, 9, 1.3, 9, 4.3, 9], 0)?.digit == 2)
    }
}
