@testable import BarcodeDecoder
import Testing

/// Interleaved 2 of 5's stop pattern (wide bar, narrow space, narrow bar, quiet zone) on run widths: blur takes the
/// wide/narrow ratio down towards the 1.5 a digit's wide elements need, and the stop's wide bar asks the same.
@Suite struct ITFStopPatternTests {
    /// The runs of an ITF symbol of `digits` (an even count) with narrow elements of `narrow` and wide ones of `wide`,
    /// the stop's wide bar `stopWide`, between quiet zones of 40, light first and last.
    static func runs(_ digits: [Int], narrow: Double, wide: Double, stopWide: Double) -> [Double] {
        var runs: [Double] = [40, narrow, narrow, narrow, narrow]
        for pair in stride(from: 0, to: digits.count, by: 2) {
            let bars = ITFDecoder.patterns[digits[pair]], spaces = ITFDecoder.patterns[digits[pair + 1]]
            for k in 0..<5 { runs += [bars[k] ? wide : narrow, spaces[k] ? wide : narrow] }
        }
        return runs + [stopWide, narrow, narrow, 40]
    }

    static let digits = [0, 0, 5, 3, 6, 1, 1, 9, 1, 2]
    static let options = DecoderOptions(symbologies: [.interleaved2of5])

    /// `itf-1/3` blurred (the transformed copies' Gaussian of 1.2 px) shows its stop as 5, 2, 3 px after narrow bars of 3:
    /// its wide bar is 1.67 times the narrow one, where the stop asked 1.7 and the digits ask 1.5.
    @Test func aStopWhoseWideBarIsAsNarrowAsTheDigitsAllowIsRead() {
        let text = Self.digits.map(String.init).joined()
        for (wide, stopWide) in [(3.2, 3.2), (3.3, 3.3), (5.0, 5.0), (3.3, 6.0)] {
            let hits = ITFDecoder().decode(Self.runs(Self.digits, narrow: 2, wide: wide, stopWide: stopWide), options: Self.options)
            #expect(hits.map(\.text) == [text], "wide \(wide), the stop's \(stopWide)")
        }
    }

    /// A stop's wide bar no wider than 1.5 narrow ones is not one: the digits read, and nothing ends them.
    @Test func aStopBarUnderOneAndAHalfNarrowOnesEndsNothing() {
        for stopWide in [2.0, 2.6, 3.0] {
            let hits = ITFDecoder().decode(Self.runs(Self.digits, narrow: 2, wide: 5, stopWide: stopWide), options: Self.options)
            #expect(hits.isEmpty, "the stop's wide bar \(stopWide)")
        }
    }
}
