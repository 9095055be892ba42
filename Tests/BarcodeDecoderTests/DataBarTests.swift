@testable import BarcodeDecoder
import BarcodeEncoder
import RigCore
import Testing

@Suite struct DataBarTests {
    /// The standard's character numbering: every value of every group maps to widths and back, and the widths respect the
    /// group's module totals and widest elements.
    @Test func characterNumberingRoundTrips() {
        for value in stride(from: 0, through: 2840, by: 7) {
            let counts = DataBarCharacter.outerCounts(value)
            #expect(counts.reduce(0, +) == 16, "outer \(value)")
        }
        for value in stride(from: 0, through: 1596, by: 5) {
            let counts = DataBarCharacter.innerCounts(value)
            #expect(counts.reduce(0, +) == 15, "inner \(value)")
        }
    }

    /// Blur moves single edges by more than half a module: where one element rounds a module too wide and its neighbour
    /// one too narrow, the character's total holds but its odd elements' sum loses the parity its group needs. One module
    /// moved back between the least sure odd and even element restores it.
    @Test func characterWhoseRoundingBrokeItsParityIsRestored() {
        var restored = 0
        for (modules, oddSumIsEven) in [(16, true), (15, false)] {
            for value in stride(from: 0, through: modules == 16 ? 2840 : 1596, by: 37) {
                let counts = modules == 16 ? DataBarCharacter.outerCounts(value) : DataBarCharacter.innerCounts(value)
                // An odd element 0.6 modules wider, the even element after it 0.6 narrower (one at least two wide).
                guard let even = stride(from: 1, to: 8, by: 2).first(where: { counts[$0] >= 2 && counts[$0 - 1] < 9 }) else { continue }
                var widths = counts.map { Double($0) * 2.5 }
                widths[even - 1] += 0.6 * 2.5
                widths[even] -= 0.6 * 2.5
                let rounded = DataBarDecoder.moduleCounts(widths, modules: modules)
                #expect(rounded != counts, "value \(value): the rounding should break the character")
                #expect(DataBarDecoder.characterCounts(widths, modules: modules, oddSumIsEven: oddSumIsEven) == counts, "value \(value)")
                restored += 1
            }
        }
        #expect(restored > 100)
    }

    @Test(arguments: ["0120358468019312", "0100012345678905", "(01)09501101020917", "2001234567890", "00000000000000"])
    func gtinsRoundTrip(text: String) throws {
        let digits = text.filter(\.isNumber)
        let body = String(digits.count == 16 ? digits.dropFirst(2).prefix(13) : digits.prefix(13))
        let expected = "01" + body + String(DataBarCharacter.gtinCheckDigit(body))
        let pattern = try DataBarEncoder.encode(text)
        #expect(pattern.modules.count == 96)
        let image = SymbolRenderer.render(pattern, moduleWidth: 3, height: 40)
        let symbols = BarcodeDecoder(options: DecoderOptions(symbologies: [.dataBar])).decode(image)
        #expect(symbols.map(\.text) == [expected])
        #expect(symbols.first?.isGS1 == true)
        #expect(symbols.first?.gs1HumanReadable == "(01)" + expected.dropFirst(2), "as readers print it")
    }

    /// Seeded degraded frames: rotated, tilted, blurred, noisy, JPEG-like, at several module sizes.
    @Test(arguments: [(UInt64(1), 2, 0.0), (2, 3, 12), (3, 2, 180), (4, 4, 90), (5, 3, -25), (6, 2, 200)])
    func degradedFramesRoundTrip(seed: UInt64, moduleSize: Int, rotation: Double) throws {
        var random = SeededGenerator(seed: seed)
        let body = String((0..<13).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
        let expected = "01" + body + String(DataBarCharacter.gtinCheckDigit(body))
        let symbol = SymbolRenderer.render(try DataBarEncoder.encode(body), moduleWidth: moduleSize, height: 34 * moduleSize)
        let image = FrameSynthesizer(width: 640, height: 480, seed: seed).render(
            [SymbolPlacement(symbol: symbol, center: Point(320, 240), rotation: rotation, perspective: 0.05)],
            degradations: Degradations(blur: 0.5, noise: 4, unevenLight: 0.3, jpegQuality: 60, contrast: 0.8))
        #expect(BarcodeDecoder(options: DecoderOptions(symbologies: [.dataBar])).decode(image).map(\.text) == [expected],
                "seed \(seed), \(moduleSize) px, \(rotation)°")
    }

    @Test func wrongCheckDigitIsRefusedByTheEncoder() {
        #expect(throws: EncoderError.wrongCheckDigit(.dataBar, expected: 2, got: 3)) { try DataBarEncoder.encode("0120358468019313") }
    }

    @Test func otherLinearSymbolsDoNotReadAsDataBar() throws {
        for (symbology, text) in [(Symbology.code128, "RIGKIT 128"), (.ean13, "5901234123457"), (.interleaved2of5, "12345678")] {
            let image = try SymbolEncoder.image(symbology, text, moduleSize: 2)
            #expect(BarcodeDecoder(options: DecoderOptions(symbologies: [.dataBar])).decode(image).isEmpty, "\(symbology)")
        }
    }

    @Test(arguments: ["0100068510889102", "(01)15012345678907", "0000000000000", "1999999999999"])
    func limitedRoundTrips(text: String) throws {
        let digits = text.filter(\.isNumber)
        let body = String(digits.count == 16 ? digits.dropFirst(2).prefix(13) : digits.prefix(13))
        let expected = "01" + body + String(DataBarCharacter.gtinCheckDigit(body))
        let pattern = try DataBarLimitedEncoder.encode(text)
        #expect(pattern.modules.count == 74)
        let symbol = SymbolRenderer.render(pattern, moduleWidth: 3, height: 30)
        let image = FrameSynthesizer(width: 400, height: 200, seed: 3).render(
            [SymbolPlacement(symbol: symbol, center: Point(200, 100), rotation: 5)],
            degradations: Degradations(blur: 0.5, noise: 4, jpegQuality: 60))
        #expect(BarcodeDecoder(options: DecoderOptions(symbologies: [.dataBarLimited])).decode(image).map(\.text) == [expected])
    }

    /// `DataBarLimitedDecoder.mayBeData` stands for the groups' odd sums: every odd number from 7 to 19, and only those.
    @Test func limitedDataGroupsHoldEveryOddSumFromSevenToNineteen() {
        #expect(DataBarLimitedCharacters.oddModules.sorted() == Array(stride(from: 7, through: 19, by: 2)))
        for value in stride(from: 0, to: 2_013_571, by: 9_973) {
            #expect(DataBarLimitedDecoder.mayBeData(DataBarLimitedCharacters.counts(value)), "\(value)")
        }
    }

    @Test func limitedRefusesIndicatorsAboveOne() {
        #expect(throws: EncoderError.self) { try DataBarLimitedEncoder.encode("2001234567890") }
    }
}

/// GS1 DataBar Stacked and Stacked Omnidirectional: the two halves on rows one above the other.
@Suite struct DataBarStackedTests {
    @Test(arguments: [(false, 0.0, 1), (true, 0, 2), (false, 180, 3), (true, 180, 4), (false, 3, 5), (true, -4, 6)])
    func stackedSymbolsRoundTrip(omnidirectional: Bool, rotation: Double, seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let body = String((0..<13).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
        let text = "01" + body + String(DataBarCharacter.gtinCheckDigit(body))
        let symbol = SymbolRenderer.render(try DataBarEncoder.encodeStacked(text, omnidirectional: omnidirectional), moduleSize: 3, quietZone: 4)
        let width = symbol.width + 120
        let image = FrameSynthesizer(width: width, height: width * 3 / 4, seed: seed)
            .render([SymbolPlacement(symbol: symbol, center: Point(Double(width) / 2, Double(width * 3 / 4) / 2), rotation: rotation)],
                    degradations: Degradations(blur: 0.5, noise: 3, jpegQuality: 70))
        #expect(BarcodeDecoder(options: DecoderOptions(symbologies: [.dataBar])).decode(image).map(\.text) == [text],
                "\(omnidirectional ? "stacked omnidirectional" : "stacked"), \(rotation)°")
    }

    /// Turned a quarter either way and tilted past where both rows stay crossed on pixel rows: read along the symbol's
    /// striped region at its own angle.
    @Test(arguments: [(false, 90.0, 7), (true, 270, 8), (false, 25, 9), (true, -30, 10)])
    func turnedAndTiltedStackedSymbolsRead(omnidirectional: Bool, rotation: Double, seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let body = String((0..<13).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
        let text = "01" + body + String(DataBarCharacter.gtinCheckDigit(body))
        let symbol = SymbolRenderer.render(try DataBarEncoder.encodeStacked(text, omnidirectional: omnidirectional), moduleSize: 3, quietZone: 4)
        let side = max(symbol.width, symbol.height) + 60
        let image = FrameSynthesizer(width: side, height: side, seed: seed)
            .render([SymbolPlacement(symbol: symbol, center: Point(Double(side) / 2, Double(side) / 2), rotation: rotation)],
                    degradations: Degradations(blur: 0.5, noise: 3))
        #expect(BarcodeDecoder(options: DecoderOptions(symbologies: [.dataBar])).decode(image).map(\.text) == [text],
                "\(omnidirectional ? "stacked omnidirectional" : "stacked"), \(rotation)°")
    }

    @Test func aOneRowSymbolIsReadOnceNotAlsoAsStacked() throws {
        let text = "0109501101530010"
        let symbol = SymbolRenderer.render(try DataBarEncoder.encode(text), moduleWidth: 3, height: 90)
        let symbols = BarcodeDecoder(options: DecoderOptions(symbologies: [.dataBar])).decode(symbol)
        #expect(symbols.map(\.text) == [text])
    }
}
