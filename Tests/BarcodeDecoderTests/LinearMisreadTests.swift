@testable import BarcodeDecoder
import Testing

/// Misreads found on transformed copies of the real photos (`make_transformed_corpus.py`): a check digit that holds by
/// chance, lines a few pixels apart that read the same bars differently, and Code 128 started inside other symbols' bars.
@Suite struct LinearMisreadTests {
    /// Run widths of an EAN-8 whose left digits are `left` (four widths each, in modules) and whose right digits are the
    /// R patterns of `right`, with quiet zones of ten modules at three pixels a module.
    static func ean8Runs(left: [[Double]], right: [Int]) -> [Double] {
        var modules: [Double] = [10, 1, 1, 1]
        for widths in left { modules += widths }
        modules += [1, 1, 1, 1, 1]
        for digit in right { modules += EANUPCTables.odd[digit].map(Double.init) }
        modules += [1, 1, 1, 10]
        return modules.map { $0 * 3 }
    }

    @Test func anEAN8LeftDigitThatFitsAnEvenPatternBetterIsNoDigit() {
        // 2 2 1.1 1.9 is G-pattern 2 (2 2 1 2) but also within `maxDigitDistance` of L-pattern 1 (2 2 2 1): what an R digit
        // read backwards looks like, on a line through a symbol upside down. Read as L, 1111 000 and check digit 2 hold.
        let ambiguous: [Double] = [2, 2, 1.1, 1.9]
        let decoder = EANUPCDecoder()
        let options = DecoderOptions(symbologies: [.ean8])
        let plain = Self.ean8Runs(left: Array(repeating: EANUPCTables.odd[1].map(Double.init), count: 4), right: [0, 0, 0, 2])
        #expect(decoder.decode(plain, options: options).map(\.text) == ["11110002"])
        let backwards = Self.ean8Runs(left: Array(repeating: ambiguous, count: 4), right: [0, 0, 0, 2])
        #expect(decoder.decode(backwards, options: options).map(\.text) == [])
    }

    /// Run widths of Code 128 "WB$" (Start B, 55, 34, 4, check 33, stop) with `start` as the start symbol's six widths (in
    /// modules), ten-module quiet zones, at three pixels a module.
    static func code128Runs(start: [Double]) -> [Double] {
        var modules: [Double] = [10] + start
        for value in [55, 34, 4, 33, 106] { modules += Code128Tables.patterns[value].map(Double.init) }
        modules.append(10)
        return modules.map { $0 * 3 }
    }

    @Test func aCode128StartWithAnElementAModuleOffStartsNoSymbol() {
        let decoder = Code128Decoder(), options = DecoderOptions(symbologies: [.code128])
        let startB = Code128Tables.patterns[104].map(Double.init)
        #expect(decoder.decode(Self.code128Runs(start: startB), options: options).map(\.text) == ["WB$"])
        // The starts of the two misreads (widths in modules of their sum over 11, as measured): each is within the
        // nearest-symbol test's mean of Start B (2 1 1 2 1 4), its first element 1.2 and 1.5 modules off.
        for start in [[0.8, 0.8, 1.6, 2.4, 1.6, 3.8], [3.5, 0.5, 1, 1, 1, 4]] {
            #expect(Code128Decoder.symbol([10] + start.map { $0 * 3 } + [10], 1, candidates: 103...105) == 104)
            #expect(decoder.decode(Self.code128Runs(start: start), options: options).isEmpty, "\(start)")
        }
        // An element just under a module off still starts a symbol.
        #expect(decoder.decode(Self.code128Runs(start: [1.05, 1, 1, 2, 1.95, 4]), options: options).map(\.text) == ["WB$"])
    }

    static func upcE(_ text: String, x: ClosedRange<Double>, y: ClosedRange<Double>, lines: Int) -> DecodedSymbol {
        DecodedSymbol(symbology: .upcE, text: text, bytes: Array(text.utf8),
                      corners: [Point(x.lowerBound, y.lowerBound), Point(x.upperBound, y.lowerBound), Point(x.upperBound, y.upperBound),
                                Point(x.lowerBound, y.upperBound)],
                      correctedErrors: -lines)
    }

    @Test func aReadAFewPixelsBesideAnotherOverTheSameBarsGivesWayToTheOneMoreLinesRead() {
        // `upce-3/11` as a JPEG at quality 25: seven rows read the printed text, two rows 7 px above them another text.
        let printed = Self.upcE("04965802", x: 35...140, y: 128.5...135.5, lines: 7)
        let misread = Self.upcE("04263805", x: 35...140, y: 120.5...121.5, lines: 2)
        #expect(LinearReader.withoutNested([misread, printed]).map(\.text) == ["04965802"])
        // A symbol below, its bars clear of the first's (further than a tenth of its length), stays.
        let below = Self.upcE("01234565", x: 35...140, y: 160.5...170.5, lines: 3)
        #expect(LinearReader.withoutNested([below, printed]).map(\.text) == ["04965802", "01234565"])
    }

    @Test func anOutlineWidensAcrossItsLinesWhicheverWayItsCornersRun() {
        // Along x, lines from y 10 to 20: 10 px more on either side; the same with the corners' order turned.
        let corners = [Point(0, 10), Point(100, 10), Point(100, 20), Point(0, 20)]
        let widened = LinearReader.widenedAcross(corners, by: 10)
        #expect(widened.map(\.y) == [0, 0, 30, 30])
        let turned = [Point(100, 20), Point(0, 20), Point(0, 10), Point(100, 10)]
        #expect(LinearReader.widenedAcross(turned, by: 10).map(\.y) == [30, 30, 0, 0])
    }
}
