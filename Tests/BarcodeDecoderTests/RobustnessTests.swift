@testable import BarcodeDecoder
import BarcodeEncoder
import Testing

/// A small frame holding one symbol, placed and degraded as given.
func scene(_ symbology: Symbology, _ text: String, rotation: Double = 0, perspective: Double = 0, scale: Double = 1,
           moduleSize: Int = 3, seed: UInt64 = 1, degradations: Degradations = .none, width: Int = 480, height: Int = 360) throws -> GrayImage {
    let symbol = try SymbolEncoder.image(symbology, text, moduleSize: moduleSize)
    let synthesizer = FrameSynthesizer(width: width, height: height, seed: seed)
    return synthesizer.render([SymbolPlacement(symbol: symbol, center: Point(Double(width) / 2, Double(height) / 2), scale: scale,
                                               rotation: rotation, perspective: perspective)], degradations: degradations)
}

let linearSamples: [(Symbology, String)] = [
    (.ean13, "5901234123457"), (.ean8, "65833254"), (.upcA, "012345678905"), (.upcE, "01234565"),
    (.code128, "RigKit 128"), (.code39, "RIGKIT-39"), (.interleaved2of5, "1234567890"), (.codabar, "A12345-678B"),
]

@Suite struct RobustnessTests {
    @Test(arguments: linearSamples.map { [$0.0.rawValue, $0.1] }, [0.0, 33, 90, 137, 180, 251])
    func rotatedLinearSymbols(sample: [String], rotation: Double) throws {
        let symbology = Symbology(rawValue: sample[0])!
        let image = try scene(symbology, sample[1], rotation: rotation, moduleSize: 2, width: 520, height: 520)
        #expect(decode(image, symbology).map(\.text) == [sample[1]], "\(symbology) at \(rotation)°")
    }

    @Test(arguments: [0.0, 17, 45, 90, 160, 290], [0.0, 0.15])
    func rotatedAndTiltedQR(rotation: Double, perspective: Double) throws {
        let image = try scene(.qr, "https://rigkit.example/qr?rotation=\(rotation)", rotation: rotation, perspective: perspective, moduleSize: 4)
        #expect(decode(image, .qr).map(\.text) == ["https://rigkit.example/qr?rotation=\(rotation)"])
    }

    @Test(arguments: [
        Degradations(blur: 1.0), Degradations(noise: 12), Degradations(glare: 0.7), Degradations(unevenLight: 0.6),
        Degradations(jpegQuality: 30), Degradations(contrast: 0.5),
        Degradations(blur: 0.8, noise: 6, glare: 0.4, unevenLight: 0.4, jpegQuality: 60, contrast: 0.7),
    ])
    func degradedFrames(degradations: Degradations) throws {
        for (symbology, text) in linearSamples + [(.qr, "DEGRADED QR 0123456789"), (.dataMatrix, "DEGRADED DM 42")] {
            let image = try scene(symbology, text, rotation: 8, moduleSize: 3, seed: 7, degradations: degradations, width: 720, height: 480)
            #expect(decode(image, symbology).map(\.text) == [text], "\(symbology) with \(degradations)")
        }
    }

    @Test(arguments: [1, 2, 3])
    func everyEffortReadsAPlainFrame(effort: Int) throws {
        for (symbology, text) in linearSamples + [(.qr, "EFFORT"), (.dataMatrix, "EFFORT")] {
            let image = try scene(symbology, text, rotation: 20, moduleSize: 3, width: 720, height: 480)
            #expect(decode(image, symbology, effort: effort).map(\.text) == [text], "\(symbology) at effort \(effort)")
        }
    }

    @Test func fullHDFrame() throws {
        let synthesizer = FrameSynthesizer(width: 1920, height: 1080, seed: 9)
        let image = synthesizer.render([
            SymbolPlacement(symbol: try SymbolEncoder.image(.dataMatrix, "FULL HD DM", moduleSize: 6), center: Point(500, 400), rotation: 33, perspective: 0.1),
            SymbolPlacement(symbol: try SymbolEncoder.image(.upcA, "036000291452", moduleSize: 3), center: Point(1400, 700), rotation: 200),
        ], degradations: Degradations(blur: 0.6, noise: 4, glare: 0.3, unevenLight: 0.3))
        #expect(image.width == 1920 && image.height == 1080)
        let symbols = BarcodeDecoder(options: DecoderOptions(symbologies: [.dataMatrix, .upcA])).decode(image)
        #expect(Set(symbols.map(\.text)) == ["FULL HD DM", "036000291452"])
    }

    @Test func synthesizerIsDeterministic() throws {
        let symbol = try SymbolEncoder.image(.qr, "SEED", moduleSize: 3)
        let render = { (seed: UInt64) in
            FrameSynthesizer(width: 200, height: 150, seed: seed).render([SymbolPlacement(symbol: symbol, center: Point(100, 75), rotation: 10)],
                                                                         degradations: Degradations(noise: 5, glare: 0.3))
        }
        #expect(render(4) == render(4))
        #expect(render(4) != render(5))
    }

    @Test func severalSymbolsInOneFrame() throws {
        let synthesizer = FrameSynthesizer(width: 800, height: 600, seed: 3)
        let placements = [
            SymbolPlacement(symbol: try SymbolEncoder.image(.qr, "FIRST", moduleSize: 4), center: Point(150, 150), rotation: 10),
            SymbolPlacement(symbol: try SymbolEncoder.image(.qr, "SECOND", moduleSize: 4), center: Point(600, 150), rotation: -20),
            SymbolPlacement(symbol: try SymbolEncoder.image(.code128, "THIRD", moduleSize: 2), center: Point(200, 450), rotation: 5),
            SymbolPlacement(symbol: try SymbolEncoder.image(.ean13, "4006381333931", moduleSize: 2), center: Point(580, 450), rotation: 95),
        ]
        let image = synthesizer.render(placements)
        let symbols = BarcodeDecoder(options: DecoderOptions(symbologies: [.qr, .code128, .ean13])).decode(image)
        #expect(Set(symbols.map(\.text)) == ["FIRST", "SECOND", "THIRD", "4006381333931"])
    }

    @Test func blankAndNoiseFramesGiveNoFalseReads() {
        var random = SplitMix(seed: 11)
        let blank = GrayImage(width: 320, height: 240, filledWith: 200)
        #expect(BarcodeDecoder().decode(blank).isEmpty)
        for _ in 0..<3 {
            let pixels = (0..<(320 * 240)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let image = try! GrayImage(width: 320, height: 240, pixels: pixels)
            #expect(BarcodeDecoder(options: DecoderOptions(effort: 1)).decode(image).isEmpty)
        }
    }
}

/// A tiny SplitMix64 for test data.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}

/// Small frames that read only enlarged: a symbol cropped close, a module about 1.6 px, turned and slightly blurred.
@Suite struct SmallFrameTests {
    /// Frames under 166 px both ways are read enlarged (the copy is smaller than a frame read whole), and thin ones
    /// (under 96 px) up to 500 px long; longer strips and larger frames are not.
    @Test func whichFramesAreReadEnlarged() {
        for (width, height) in [(165, 165), (100, 140), (95, 500), (500, 40), (1, 1)] {
            #expect(BarcodeDecoder.isReadEnlarged(width: width, height: height), "\(width)×\(height)")
        }
        for (width, height) in [(166, 100), (180, 140), (165, 500), (95, 501), (640, 480)] {
            #expect(!BarcodeDecoder.isReadEnlarged(width: width, height: height), "\(width)×\(height)")
        }
    }

    /// Frames of 100–140 px on the shorter side (over the former 96-px limit of the enlarged look): QR and Data Matrix
    /// at 1.6 px a module turned 20°. At its own size the 100-px QR frame reads nothing (its finders are a few pixels).
    @Test(arguments: [(Symbology.qr, "wuYXxXMubSLFnuUBIHEY"), (.dataMatrix, "Small Data Matrix 0123")], [100, 140])
    func closeCroppedSmallModules(sample: (Symbology, String), side: Int) throws {
        let image = try scene(sample.0, sample.1, rotation: 20, scale: 0.8, moduleSize: 2, seed: 3,
                              degradations: Degradations(blur: 0.6, noise: 3), width: side, height: side)
        #expect(decode(image, sample.0).map(\.text) == [sample.1], "\(sample.0) in \(side)×\(side)")
    }
}
