import BarcodeDecoder
import Foundation
import ImageIO
import Testing

/// Symbols drawn by another encoder (Debian's zint, Corpus/zint-symbols) read to their texts, and only as their symbology.
@Suite struct ZintSymbolTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus/zint-symbols").path

    @Test(arguments: [
        ("aztec-compact-1.png", "Hello Aztec"),
        ("aztec-compact-2.png", "RigKit 12345 lot 42"),
        ("aztec-full-12.png", "Full range twelve layers"),
        ("aztec-gs1.png", "010950110102091710ABC\u{1D}21XYZ"),
        ("aztec-eci-utf8.png", "Grüße aus Köln — 東京"),
        ("aztec-full-large.png", String(repeating: "Aztec ", count: 120)),
        ("aztec-ecc.png", "More error correction: 90% level"),
    ])
    func readsAztec(file: String, text: String) throws {
        let image = try ImageFile.load(path: "\(Self.directory)/\(file)")
        let symbols = BarcodeDecoder(options: DecoderOptions(symbologies: [.aztec])).decode(image)
        #expect(symbols.map(\.text) == [text], "\(file)")
        #expect(symbols.first?.isGS1 == (file == "aztec-gs1.png"))
        #expect(BarcodeDecoder().decode(image).map(\.symbology) == [.aztec], "\(file): nothing else reads it")
    }

    @Test(arguments: [
        ("databar-stacked.png", "0109501101530010"),
        ("databar-stacked-omni.png", "0101234567890128"),
        ("databar-stacked-3.png", "0112345678901286"),
    ])
    func readsDataBarStacked(file: String, text: String) throws {
        let image = try ImageFile.load(path: "\(Self.directory)/\(file)")
        let symbols = BarcodeDecoder(options: DecoderOptions(symbologies: [.dataBar])).decode(image)
        #expect(symbols.map(\.text) == [text], "\(file)")
        #expect(symbols.first?.isGS1 == true)
        #expect(BarcodeDecoder().decode(image).map(\.text) == [text], "\(file): read once, with every symbology enabled")
    }

    @Test(arguments: [
        ("maxicode-mode4.png", "HELLO MAXICODE 123456789 abc"),
        ("maxicode-mode5.png", "Enhanced error correction, mode 5"),
        ("maxicode-mode2.png", "[)>\u{1E}01\u{1D}96152382802\u{1D}840\u{1D}001\u{1D}1Z00004951\u{1D}UPSN\u{1D}06X610\u{1D}159\u{1D}1234567"
            + "\u{1D}1/1\u{1D}\u{1D}Y\u{1D}634 ALPHA DR\u{1D}PITTSBURGH\u{1D}PA\u{1E}\u{04}"),
        ("maxicode-mode3.png", "B1050\u{1D}056\u{1D}999\u{1D}Structured carrier, alphanumeric postcode"),
        ("maxicode-eci.png", "Grüße aus Köln — 東京"),
    ])
    func readsMaxiCode(file: String, text: String) throws {
        let image = try ImageFile.load(path: "\(Self.directory)/\(file)")
        #expect(BarcodeDecoder(options: DecoderOptions(symbologies: [.maxiCode])).decode(image).map(\.text) == [text], "\(file)")
        #expect(BarcodeDecoder().decode(image).map(\.symbology) == [.maxiCode], "\(file): nothing else reads it")
    }

    /// A symbol whose timing edges a smaller size (12×12, its free corner moved inwards) fits as well as its own.
    @Test func readsDataMatrixAtTheSizeItsTimingEdgesCount() throws {
        let image = try ImageFile.load(path: "\(Self.directory)/datamatrix-edifact-16.png")
        #expect(BarcodeDecoder(options: DecoderOptions(symbologies: [.dataMatrix])).decode(image).map(\.text) == ["OV29?GNU18.FMT"])
        #expect(BarcodeDecoder().decode(image).map(\.symbology) == [.dataMatrix], "nothing else reads it")
    }

    @Test(arguments: [
        ("micropdf417-1col.png", "MICRO 1"),
        ("micropdf417-2col.png", "Zint MicroPDF417 with 2 columns: 12345"),
        ("micropdf417-3col.png", "Three columns and a centre row address pattern"),
        ("micropdf417-4col-bytes.png", "Bytes \u{C0}\u{FF}\u{01} and numbers 1234567890123, four columns"),
    ])
    func readsMicroPDF417(file: String, text: String) throws {
        let image = try ImageFile.load(path: "\(Self.directory)/\(file)")
        #expect(BarcodeDecoder(options: DecoderOptions(symbologies: [.microPDF417])).decode(image).map(\.text) == [text], "\(file)")
        #expect(BarcodeDecoder().decode(image).map(\.symbology) == [.microPDF417], "\(file): nothing else reads it")
    }
}
