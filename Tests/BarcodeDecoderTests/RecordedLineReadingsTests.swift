@testable import BarcodeDecoder
import BarcodeEncoder
import RigCore
import Testing

/// The linear second looks on a frame whose first look recorded its lines (`RecordedLineReadings`) against the same looks
/// on a frame of the same image read afresh: the same symbols, texts and outlines.
@Suite struct RecordedLineReadingsTests {
    /// A small frame, as a pyramid's smallest layer is: `symbology` drawn at `module` px a module, turned and blurred.
    static func frame(_ symbology: Symbology, _ text: String, module: Int, rotation: Double, blur: Double, seed: UInt64) throws -> GrayImage {
        let symbol = try SymbolEncoder.image(symbology, text, moduleSize: module, barHeight: 30)
        return FrameSynthesizer(width: 210, height: 160, seed: seed).render(
            [SymbolPlacement(symbol: symbol, center: Point(105, 80), rotation: rotation, perspective: 0.05)],
            degradations: Degradations(blur: blur, noise: 3, unevenLight: 0.2))
    }

    /// What the linear reader reads on `image` with its second looks: on a frame read afresh, and on one whose first look (as
    /// a reduced copy without second looks) recorded its lines.
    static func readings(_ image: GrayImage, options: DecoderOptions) -> (afresh: [DecodedSymbol], recorded: [DecodedSymbol], lines: Int) {
        let reader = LinearReader()
        let afresh = reader.read(PreparedFrame(image, binarization: .localMean), options: options)
        var first = PreparedFrame(image, binarization: .localMean)
        first.linearLines = RecordedLineReadings()
        first.isReducedCopy = true
        first.makesLinearSecondLooks = false
        _ = reader.read(first, options: options)
        var second = first
        second.isReducedCopy = false
        second.makesLinearSecondLooks = true
        return (afresh, reader.read(second, options: options), first.linearLines!.count)
    }

    static func same(_ a: [DecodedSymbol], _ b: [DecodedSymbol]) -> Bool {
        a.map(\.text) == b.map(\.text) && a.map(\.corners) == b.map(\.corners) && a.map(\.symbology) == b.map(\.symbology)
    }

    /// A symbol the first look reads, symbols only the second looks read, and one nothing reads.
    @Test(arguments: [(Symbology.ean13, "5901234123457", 2, 0.0, 0.8), (.ean13, "5901234123457", 2, -4, 0.9), (.code128, "RIG128", 2, 7, 1.1),
                      (.interleaved2of5, "123456", 2, 25, 1.1), (.interleaved2of5, "123456", 3, 7, 1.8), (.codabar, "A4015B", 3, 7, 1.1),
                      (.code128, "RIG128", 2, 0, 1.5)])
    func theRecordedFirstLookReadsAsAFreshOne(symbology: Symbology, text: String, module: Int, rotation: Double, blur: Double) throws {
        let image = try Self.frame(symbology, text, module: module, rotation: rotation, blur: blur, seed: 3)
        let (afresh, recorded, lines) = Self.readings(image, options: DecoderOptions())
        #expect(afresh.map(\.text) == (blur == 1.5 ? [] : [text]))
        #expect(lines >= 16, "the middle rows and the regions' lines are recorded")
        #expect(Self.same(afresh, recorded), "\(symbology) \(text): \(afresh.map(\.text)) \(afresh.map(\.corners)) against \(recorded.map(\.text)) \(recorded.map(\.corners))")
    }

    @Test func aFrameWithoutASymbolReadsNothingEitherWay() throws {
        let image = FrameSynthesizer(width: 210, height: 160, seed: 9).render([], degradations: Degradations(noise: 6, unevenLight: 0.3))
        let (afresh, recorded, _) = Self.readings(image, options: DecoderOptions())
        #expect(afresh.isEmpty && recorded.isEmpty)
    }

    @Test func optionsReadAlikeWhenOnlyTheTwoDSymbologiesDiffer() {
        var linear = DecoderOptions()
        linear.symbologies = linear.symbologies.filter { $0.isLinear }
        #expect(RecordedLineReadings.readAlike(DecoderOptions(), linear))
        // Interleaved 2 of 5 alone reads 4 digits, beside QR 6.
        let itfAndQR = DecoderOptions(symbologies: [.interleaved2of5, .qr]), itf = DecoderOptions(symbologies: [.interleaved2of5])
        #expect(!RecordedLineReadings.readAlike(itfAndQR, itf))
        #expect(RecordedLineReadings.readAlike(DecoderOptions(symbologies: [.interleaved2of5, .qr], minimumITFLength: 4), itf))
        #expect(!RecordedLineReadings.readAlike(DecoderOptions(), DecoderOptions(effort: 3)))
    }
}
