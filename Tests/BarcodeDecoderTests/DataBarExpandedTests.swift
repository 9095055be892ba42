@testable import BarcodeDecoder
import BarcodeEncoder
import RigCore
import Testing

@Suite struct DataBarExpandedTests {
    /// `DataBarExpandedDecoder.finder` rejects a place by its last two widths before the patterns, which holds only
    /// while every finder ends in two single modules.
    @Test func everyFinderEndsInTwoSingleModules() {
        #expect(DataBarExpandedDecoder.finderEndsInSingleModules)
    }

    /// The decoder's inline test of a finder's last two widths turns away only places the finder turns away.
    @Test func finderEndsTestKeepsEveryFinder() {
        var random = SeededGenerator(seed: 15)
        var finders = 0
        for trial in 0..<4_000 {
            let runs: [Double] = trial % 2 == 0
                ? (0..<5).map { _ in Double.random(in: 0.3...12, using: &random) }
                : DataBarExpandedCharacters.finders[trial % 6].map { Double($0) * 2 + Double.random(in: -1.3...1.3, using: &random) }
            if DataBarExpandedDecoder.finder(runs, at: 0, reversed: false) != nil {
                finders += 1
                #expect(runs.withUnsafeBufferPointer { DataBarExpandedDecoder.finderEndsMayFit($0, at: 0) }, "\(runs)")
            }
        }
        #expect(finders > 200)
    }

    /// ISO/IEC 24724 asks DataBar for no quiet zone: a symbol cut to its guards, on a dark surface, reads with its guard
    /// spaces the only light outside its characters, both ways round.
    @Test(arguments: [0.0, 180])
    func aSymbolOnADarkSurroundReads(rotation: Double) throws {
        let pattern = try DataBarExpandedEncoder.encode("(01)98898765432106(3103)001750")
        var image = SymbolRenderer.render(pattern, moduleWidth: 2, height: 40, margin: 12)
        // The bars span x 12..<(12 + 2 × modules) and y 4..<44 (`SymbolRenderer`'s top margin); all around is dark.
        let bars = 12..<(12 + 2 * pattern.modules.count), rows = 4..<44
        for y in 0..<image.height {
            for x in 0..<image.width where !bars.contains(x) || !rows.contains(y) { image[x, y] = 0 }
        }
        if rotation == 180 {
            let upright = image
            for y in 0..<image.height {
                for x in 0..<image.width { image[x, y] = upright[image.width - 1 - x, image.height - 1 - y] }
            }
        }
        let symbols = BarcodeDecoder(options: DecoderOptions(symbologies: [.dataBarExpanded])).decode(image)
        #expect(symbols.map(\.text) == ["01988987654321063103001750"])
    }

    /// A bar is a left guard after a quiet zone, as a line's first bar, or after a space of about its own width that a
    /// dark run at least twice its width precedes; not after a space of its width between data bars.
    @Test func aGuardBarNeedsAQuietZoneOrADarkSurround() {
        #expect(DataBarExpandedDecoder.mayBeGuardBar([6, 2, 3], at: 1), "the line's first bar")
        #expect(DataBarExpandedDecoder.mayBeGuardBar([0, 2, 4, 2], at: 3), "after a quiet zone of two modules")
        #expect(DataBarExpandedDecoder.mayBeGuardBar([0, 30, 2, 2], at: 3), "after the guard space on a dark surround")
        #expect(!DataBarExpandedDecoder.mayBeGuardBar([0, 2, 2, 2], at: 3), "a one-module bar, space and bar: data")
        #expect(!DataBarExpandedDecoder.mayBeGuardBar([0, 30, 0.8, 2], at: 3), "a space under half the bar")
    }

    @Test func characterNumberingRoundTrips() {
        for value in stride(from: 0, to: 4096, by: 3) {
            let counts = DataBarExpandedCharacters.counts(value)
            #expect(counts.reduce(0, +) == 17 && DataBarExpandedCharacters.value(counts) == value, "\(value)")
        }
    }

    /// Element strings in every general-purpose mode, with and without a leading GTIN, read back from clean renderings.
    @Test(arguments: [
        ("(01)98898765432106(3103)001750", "01988987654321063103001750"),
        ("(01)90012345678908(10)ABC-12/x", "019001234567890810ABC-12/x"),
        ("(11)100224(17)110224(3102)000100", "11100224171102243102000100"),
        ("(10)1098 1234", "101098 1234"),
        ("(21)abcDEF123!?(422)123", "21abcDEF123!?\u{1D}422123"),
        ("(90)ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", "90ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"),
    ] as [(String, String)])
    func elementStringsRoundTrip(input: String, expected: String) throws {
        let pattern = try DataBarExpandedEncoder.encode(input)
        let image = SymbolRenderer.render(pattern, moduleWidth: 2, height: 40)
        let symbols = BarcodeDecoder(options: DecoderOptions(symbologies: [.dataBarExpanded])).decode(image)
        #expect(symbols.map(\.text) == [expected])
        #expect(symbols.first?.isGS1 == true)
    }

    /// Seeded degraded frames: rotated, tilted, blurred, noisy and JPEG-like, several lengths and module sizes.
    @Test(arguments: [(UInt64(1), 2, 0.0), (2, 3, 8), (3, 2, 180), (4, 3, 90), (5, 2, -15)])
    func degradedFramesRoundTrip(seed: UInt64, moduleSize: Int, rotation: Double) throws {
        var random = SeededGenerator(seed: seed)
        let lot = String((0..<Int.random(in: 2...12, using: &random)).map { _ in "ABCDEFGH0123456789".randomElement(using: &random)! })
        let body = String((0..<13).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
        let gtin = body + String(DataBarCharacter.gtinCheckDigit(body))
        let expected = "01" + gtin + "10" + lot
        let symbol = SymbolRenderer.render(try DataBarExpandedEncoder.encode("(01)\(gtin)(10)\(lot)"), moduleWidth: moduleSize, height: 34 * moduleSize)
        let side = symbol.width + 120
        let image = FrameSynthesizer(width: side, height: side, seed: seed).render(
            [SymbolPlacement(symbol: symbol, center: Point(Double(side) / 2, Double(side) / 2), rotation: rotation, perspective: 0.04)],
            degradations: Degradations(blur: 0.5, noise: 4, unevenLight: 0.3, jpegQuality: 60, contrast: 0.8))
        #expect(BarcodeDecoder(options: DecoderOptions(symbologies: [.dataBarExpanded])).decode(image).map(\.text) == [expected],
                "seed \(seed), \(moduleSize) px, \(rotation)°")
    }

    /// The stacked reader's first pass reports a one-row symbol two of its pixel rows read alike (so the linear reader need
    /// not read it again), outlined from its own top-left also upside down; the decoder reports it once.
    @Test(arguments: [0.0, 180])
    func aOneRowSymbolIsReportedByTheStackedReaderOnce(rotation: Double) throws {
        let expected = "01988987654321063103001750"
        let symbol = SymbolRenderer.render(try DataBarExpandedEncoder.encode("(01)98898765432106(3103)001750"), moduleWidth: 2, height: 68)
        let image = FrameSynthesizer(width: symbol.width + 60, height: 140, seed: 7).render(
            [SymbolPlacement(symbol: symbol, center: Point(Double(symbol.width + 60) / 2, 70), rotation: rotation)], degradations: Degradations())
        let stacked = DataBarExpandedStackedReader().read(PreparedFrame(image, binarize: false), options: DecoderOptions(symbologies: [.dataBarExpanded]))
        #expect(stacked.map(\.text) == [expected])
        // Clockwise from the symbol's own top-left: the image's top left for the upright symbol, its bottom right upside down.
        let c = try #require(stacked.first?.corners)
        if rotation == 0 { #expect(c[0].x < c[1].x && c[0].y < c[3].y) } else { #expect(c[0].x > c[1].x && c[0].y > c[3].y) }
        let all = BarcodeDecoder(options: DecoderOptions(symbologies: [.dataBarExpanded])).decode(image)
        #expect(all.map(\.text) == [expected])
        // Inside the frame (a linear read ending at the frame's border once put its end a million pixels out).
        #expect(all.allSatisfy { $0.corners.allSatisfy { $0.x >= 0 && $0.x <= Double(image.width) && $0.y >= 0 && $0.y <= Double(image.height) } })
    }

    @Test func malformedElementStringsAreRefused() {
        // A field that begins with an unassigned AI prefix, and a date field cut short, are not GS1 element strings.
        #expect(!GS1ElementString.isWellFormed("79B5K"))
        #expect(!GS1ElementString.isWellFormed("1235KA"))
        #expect(GS1ElementString.isWellFormed("10123456A1234A\u{1D}15991231"))
    }

    /// The element string as readers print it: each AI in parentheses (two, three or four digits, by its first two),
    /// no separators; nil where the string is not well formed.
    @Test func elementStringsPrintWithTheirAIsInParentheses() {
        #expect(GS1ElementString.humanReadable("0109501101020917") == "(01)09501101020917")
        #expect(GS1ElementString.humanReadable("010950110102091710ABC") == "(01)09501101020917(10)ABC")
        #expect(GS1ElementString.humanReadable("10123456A1234A\u{1D}15991231") == "(10)123456A1234A(15)991231")
        #expect(GS1ElementString.humanReadable("01900123456789043103001234") == "(01)90012345678904(3103)001234")
        #expect(GS1ElementString.humanReadable("0190012345678904392212345") == "(01)90012345678904(3922)12345")
        #expect(GS1ElementString.humanReadable("2351234\u{1D}8020ABC") == "(235)1234(8020)ABC")
        #expect(GS1ElementString.humanReadable("4211234") == "(421)1234")
        #expect(GS1ElementString.humanReadable("79B5K") == nil)
        #expect(GS1ElementString.humanReadable("235") == nil, "an AI with no data")
        let symbol = DecodedSymbol(symbology: .dataBarExpanded, text: "0109501101020917\u{1D}", bytes: [], corners: [], isGS1: true)
        #expect(symbol.gs1HumanReadable == "(01)09501101020917")
        #expect(DecodedSymbol(symbology: .code128, text: "0109501101020917", bytes: [], corners: []).gs1HumanReadable == nil,
                "not GS1: no element string")
    }
}
