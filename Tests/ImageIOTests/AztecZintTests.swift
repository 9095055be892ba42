import BarcodeDecoder
import Foundation
import ImageIO
import Testing

/// Aztec symbols drawn by another encoder (Debian's zint, Corpus/aztec-zint) read to their texts.
@Suite struct AztecZintTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus/aztec-zint").path

    @Test(arguments: [
        ("compact-1.png", "Hello Aztec"),
        ("compact-2.png", "RigKit 12345 lot 42"),
        ("full-12.png", "Full range twelve layers"),
        ("gs1.png", "010950110102091710ABC\u{1D}21XYZ"),
        ("eci-utf8.png", "Grüße aus Köln — 東京"),
        ("full-large.png", String(repeating: "Aztec ", count: 120)),
        ("ecc.png", "More error correction: 90% level"),
    ])
    func readsZintSymbols(file: String, text: String) throws {
        let image = try ImageFile.load(path: "\(Self.directory)/\(file)")
        let symbols = BarcodeDecoder(options: DecoderOptions(symbologies: [.aztec])).decode(image)
        #expect(symbols.map(\.text) == [text], "\(file)")
        #expect(symbols.first?.isGS1 == (file == "gs1.png"))
    }
}
