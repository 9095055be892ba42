import BarcodeDecoder
import BarcodeEncoder
import Testing

/// Decodes `image` with only `symbology` enabled.
func decode(_ image: GrayImage, _ symbology: Symbology, effort: Int = 2, configure: (inout DecoderOptions) -> Void = { _ in }) -> [DecodedSymbol] {
    var options = DecoderOptions(symbologies: [symbology], effort: effort)
    configure(&options)
    return BarcodeDecoder(options: options).decode(image)
}

@Suite struct LinearTests {
    @Test(arguments: [
        (Symbology.ean13, "4006381333931"), (.ean13, "9780201379624"), (.ean8, "96385074"), (.upcA, "036000291452"),
        (.upcE, "04252614"), (.upcE, "01234565"),
    ])
    func eanUPCRoundTrip(symbology: Symbology, text: String) throws {
        let pattern = try EANUPCEncoder.encode(text, as: symbology)
        let image = SymbolRenderer.render(pattern, moduleWidth: 2, height: 50)
        let symbols = decode(image, symbology)
        #expect(symbols.map(\.text) == [text])
        #expect(symbols.first?.symbology == symbology)
    }

    @Test func checkDigitIsComputedAndVerified() throws {
        let pattern = try EANUPCEncoder.encode("400638133393", as: .ean13)
        #expect(decode(SymbolRenderer.render(pattern), .ean13).map(\.text) == ["4006381333931"])
        #expect(throws: EncoderError.wrongCheckDigit(.ean13, expected: 1, got: 2)) { try EANUPCEncoder.encode("4006381333932", as: .ean13) }
    }

    @Test(arguments: ["Hello, World!", "1234567890", "ABC123456789xyz", "a\u{01}b", "RigKit-2026", "Ünïcödé"])
    func code128RoundTrip(text: String) throws {
        let image = SymbolRenderer.render(try Code128Encoder.encode(text), moduleWidth: 2, height: 40)
        #expect(decode(image, .code128).map(\.text) == [text])
    }

    @Test func code128GS1() throws {
        let image = SymbolRenderer.render(try Code128Encoder.encode("0101234567890128\u{1D}10ABC", gs1: true))
        let symbols = decode(image, .code128)
        #expect(symbols.map(\.text) == ["0101234567890128\u{1D}10ABC"])
        #expect(symbols.first?.isGS1 == true)
    }

    @Test(arguments: [false, true])
    func code39RoundTrip(check: Bool) throws {
        let image = SymbolRenderer.render(try Code39Encoder.encode("CODE-39 $/+%", checkDigit: check), moduleWidth: 2)
        #expect(decode(image, .code39) { $0.code39CheckDigit = check }.map(\.text) == ["CODE-39 $/+%"])
    }

    @Test func code39FullASCII() throws {
        let image = SymbolRenderer.render(try Code39Encoder.encode("Hello, world!", fullASCII: true), moduleWidth: 2)
        #expect(decode(image, .code39) { $0.code39FullASCII = true }.map(\.text) == ["Hello, world!"])
    }

    @Test func code39WrongCheckDigitIsRejected() throws {
        let image = SymbolRenderer.render(try Code39Encoder.encode("ABC1"), moduleWidth: 2)
        #expect(decode(image, .code39) { $0.code39CheckDigit = true }.isEmpty)
    }

    @Test(arguments: ["12345678", "0123456789", "00012345678905"])
    func itfRoundTrip(text: String) throws {
        let image = SymbolRenderer.render(try ITFEncoder.encode(text), moduleWidth: 2)
        #expect(decode(image, .interleaved2of5).map(\.text) == [text])
    }

    @Test func itfShorterThanMinimumIsRejected() throws {
        let image = SymbolRenderer.render(try ITFEncoder.encode("1234"), moduleWidth: 2)
        // Six digits at least while other symbologies are searched too; four when ITF is the only one.
        #expect(decode(image, .interleaved2of5) { $0.symbologies = [.interleaved2of5, .ean13, .code128] }.isEmpty)
        #expect(decode(image, .interleaved2of5).map(\.text) == ["1234"])
        #expect(decode(image, .interleaved2of5) { $0.minimumITFLength = 6 }.isEmpty)
        #expect(decode(image, .interleaved2of5) { $0.symbologies = Set(Symbology.supported); $0.minimumITFLength = 4 }.map(\.text) == ["1234"])
        let twoDigits = SymbolRenderer.render(try ITFEncoder.encode("12"), moduleWidth: 2)
        #expect(decode(twoDigits, .interleaved2of5).isEmpty)
    }

    @Test(arguments: ["A40156B", "C1234-5678$:/.+D", "B31117013206375C"])
    func codabarRoundTrip(text: String) throws {
        let image = SymbolRenderer.render(try CodabarEncoder.encode(text), moduleWidth: 2)
        #expect(decode(image, .codabar).map(\.text) == [text])
    }

    @Test func onlyEnabledSymbologiesAreSearched() throws {
        let image = SymbolRenderer.render(try Code128Encoder.encode("ONLY128"))
        #expect(decode(image, .code39).isEmpty)
        #expect(decode(image, .code128).count == 1)
    }

    @Test func code128TablesAreConsistent() {
        #expect(Set(Code128Tables.patterns.map { $0.map(String.init).joined() }).count == 107)
        #expect(Code128Tables.patterns.dropLast().allSatisfy { $0.reduce(0, +) == 11 })
        #expect(Code128Tables.patterns.last!.reduce(0, +) == 13)
    }

    @Test func cornersSurroundTheSymbol() throws {
        let image = SymbolRenderer.render(try Code128Encoder.encode("CORNERS"), moduleWidth: 2, height: 60)
        let symbol = try #require(decode(image, .code128).first)
        #expect(symbol.corners.count == 4)
        let xs = symbol.corners.map(\.x)
        #expect(xs.min()! > 10 && xs.min()! < 30)
        #expect(xs.max()! > Double(image.width) - 30)
    }
}

@Suite struct DecodedSymbolTests {
    @Test func svgPathTracesTheCorners() {
        let symbol = DecodedSymbol(symbology: .qr, text: "x", bytes: [0x78], corners: [Point(1, 2), Point(10.25, 2), Point(10.25, 11), Point(1, 11)])
        #expect(symbol.svgPath == "M 1.0 2.0 L 10.3 2.0 L 10.3 11.0 L 1.0 11.0 Z")
    }

    @Test func symbologyNamesAndAliases() {
        #expect(Symbology(name: "ITF") == .interleaved2of5)
        #expect(Symbology(name: "upc-a") == .upcA)
        #expect(Symbology(name: "QR Code") == .qr)
        #expect(Symbology(name: "morse") == nil)
        #expect(Symbology.allCases.allSatisfy { $0.isSupported })
        #expect(Symbology(name: "rss14") == .dataBar && Symbology(name: "rssexpandedstacked") == .dataBarExpanded && Symbology(name: "databarltd") == .dataBarLimited)
        #expect(Symbology(name: "Aztec Code") == .aztec && Symbology(name: "MaxiCode") == .maxiCode && Symbology(name: "MicroPDF417") == .microPDF417)
        #expect(Symbology.supported.count == 20)
    }

    @Test func effortIsClamped() {
        #expect(DecoderOptions(effort: 0).effort == 1)
        #expect(DecoderOptions(effort: 9).effort == 3)
    }
}
