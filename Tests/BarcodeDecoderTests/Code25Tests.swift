import BarcodeDecoder
import BarcodeEncoder
import RigCore
import Testing

@Suite struct Code25Tests {
    /// The encoder's element widths match the published patterns (as Debian's zint draws them): Matrix 2 of 5 "0" is
    /// start 4 1 1 1 1 1, digit 1 1 3 3 1 1, stop 4 1 1 1 1; Standard 2 of 5 "0" is start 3 1 3 1 1 1, bars 1 1 3 3 1
    /// with narrow spaces, stop 3 1 1 1 3.
    @Test func patternsMatchTheStandard() throws {
        func widths(_ p: LinearPattern) -> [Int] {
            var out: [Int] = [], run = 1
            for i in 1..<p.modules.count { if p.modules[i] == p.modules[i - 1] { run += 1 } else { out.append(run); run = 1 } }
            return out + [run]
        }
        #expect(widths(try Code25Encoder.encode("0", as: .matrix2of5)) == [4, 1, 1, 1, 1, 1, 1, 1, 3, 3, 1, 1, 4, 1, 1, 1, 1])
        #expect(widths(try Code25Encoder.encode("0", as: .code25)) == [3, 1, 3, 1, 1, 1, 1, 1, 1, 1, 3, 1, 3, 1, 1, 1, 3, 1, 1, 1, 3])
    }

    @Test(arguments: [Symbology.code25, .matrix2of5], [(UInt64(1), 0.0), (2, 25), (3, 180), (4, 90)])
    func degradedFramesRoundTrip(symbology: Symbology, sample: (UInt64, Double)) throws {
        var random = SeededGenerator(seed: sample.0)
        let text = String((0..<Int.random(in: 6...14, using: &random)).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
        let symbol = try SymbolEncoder.image(symbology, text, moduleSize: 2)
        let image = FrameSynthesizer(width: 640, height: 480, seed: sample.0).render(
            [SymbolPlacement(symbol: symbol, center: Point(320, 240), rotation: sample.1, perspective: 0.05)],
            degradations: Degradations(blur: 0.5, noise: 4, unevenLight: 0.3, jpegQuality: 60, contrast: 0.8))
        #expect(BarcodeDecoder(options: DecoderOptions(symbologies: [symbology])).decode(image).map(\.text) == [text], "\(symbology) seed \(sample.0)")
    }

    @Test func minimumLengthAndCheckDigitOptions() throws {
        let short = SymbolRenderer.render(try Code25Encoder.encode("1234", as: .code25), moduleWidth: 2, height: 50)
        #expect(BarcodeDecoder(options: DecoderOptions(symbologies: [.code25])).decode(short).isEmpty)
        var options = DecoderOptions(symbologies: [.code25])
        options.minimumCode25Length = 4
        #expect(BarcodeDecoder(options: options).decode(short).map(\.text) == ["1234"])
        let checked = SymbolRenderer.render(try Code25Encoder.encode("1234567", as: .matrix2of5, checkDigit: true), moduleWidth: 2, height: 50)
        var withCheck = DecoderOptions(symbologies: [.matrix2of5])
        withCheck.code25CheckDigit = true
        #expect(BarcodeDecoder(options: withCheck).decode(checked).map(\.text) == ["1234567"])
        // Without the option the check digit is data; a wrong check digit is refused with it.
        #expect(BarcodeDecoder(options: DecoderOptions(symbologies: [.matrix2of5])).decode(checked).map(\.text) == ["12345670"])
        let wrong = SymbolRenderer.render(try Code25Encoder.encode("12345671", as: .matrix2of5), moduleWidth: 2, height: 50)
        #expect(BarcodeDecoder(options: withCheck).decode(wrong).isEmpty)
    }

    @Test func otherSymbologiesDoNotReadAsCode25() throws {
        for (symbology, text) in [(Symbology.interleaved2of5, "12345678"), (.code39, "RIGKIT-39"), (.code128, "12345678"), (.codabar, "A123456B")] {
            let image = try SymbolEncoder.image(symbology, text, moduleSize: 2)
            #expect(BarcodeDecoder(options: DecoderOptions(symbologies: [.code25, .matrix2of5])).decode(image).isEmpty, "\(symbology)")
        }
    }
}
