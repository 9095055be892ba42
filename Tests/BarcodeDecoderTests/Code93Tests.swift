import BarcodeDecoder
import BarcodeEncoder
import RigCore
import Testing

@Suite struct Code93Tests {
    @Test func standardCheckCharacters() {
        // "TEST93": C and K are "+" (41) and "6" (6).
        let values = "TEST93".map { Code93Tables.alphabet.firstIndex(of: $0)! }
        let c = Code93Tables.check(values, maximumWeight: 20)
        #expect(c == 41)
        #expect(Code93Tables.check(values + [c], maximumWeight: 15) == 6)
    }

    @Test(arguments: ["CODE 93", "TEST93", "rigkit-93 lower case", "Tab\tand $/+% ~{}@`", "A"])
    func fullASCIIRoundTrips(text: String) throws {
        let image = try SymbolEncoder.image(.code93, text, moduleSize: 2)
        #expect(BarcodeDecoder(options: DecoderOptions(symbologies: [.code93])).decode(image).map(\.text) == [text])
    }

    @Test(arguments: [(UInt64(1), 0.0), (2, 33), (3, 180), (4, 90), (5, -20)])
    func degradedFramesRoundTrip(seed: UInt64, rotation: Double) throws {
        var random = SeededGenerator(seed: seed)
        let text = String((0..<Int.random(in: 3...16, using: &random)).map { _ in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-. abcxyz".randomElement(using: &random)! })
        let symbol = try SymbolEncoder.image(.code93, text, moduleSize: 2)
        let image = FrameSynthesizer(width: 640, height: 480, seed: seed).render(
            [SymbolPlacement(symbol: symbol, center: Point(320, 240), rotation: rotation, perspective: 0.05)],
            degradations: Degradations(blur: 0.5, noise: 4, unevenLight: 0.3, jpegQuality: 60, contrast: 0.8))
        #expect(BarcodeDecoder(options: DecoderOptions(symbologies: [.code93])).decode(image).map(\.text) == [text], "seed \(seed)")
    }

    @Test func otherSymbologiesDoNotReadAsCode93() throws {
        for (symbology, text) in [(Symbology.code128, "RIGKIT 128"), (.code39, "RIGKIT-39"), (.codabar, "A1234B")] {
            let image = try SymbolEncoder.image(symbology, text, moduleSize: 2)
            #expect(BarcodeDecoder(options: DecoderOptions(symbologies: [.code93])).decode(image).isEmpty, "\(symbology)")
        }
    }
}
