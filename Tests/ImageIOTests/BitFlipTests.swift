import BarcodeDecoder
import Foundation
import ImageIO
import Testing

/// No phantom reads (issue 19): the decoder's test JPEGs with a few bits flipped (seeded) decode to their own text or
/// to nothing — never to another symbol — and whatever is read encloses an area.
@Suite struct BitFlipTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpus/decoder").path

    /// `(file, expected text)` from the corpus manifest (`file,symbology,text`); an empty text means no symbol.
    static func entries() throws -> [(file: String, expected: String)] {
        let text = try String(contentsOfFile: corpus + "/manifest.csv", encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            return (fields[0], fields.count > 2 ? fields[2] : "")
        }
    }

    @Test func bitFlippedImagesGiveNoFalseRead() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state }
        var decoded = 0, falseReads: [String] = []
        for (file, expected) in try Self.entries() {
            let original = try #require(FileManager.default.contents(atPath: Self.corpus + "/" + file)).map { $0 }
            for round in 0..<6 {
                var bytes = original
                for _ in 0..<(1 + round % 3) {   // one to three flipped bits past the JPEG header
                    let position = 600 + Int(next() % UInt64(max(1, bytes.count - 600)))
                    bytes[position] ^= UInt8(1) << UInt8(next() % 8)
                }
                guard let image = try? ImageFile.decode(bytes, path: file) else { continue }
                decoded += 1
                // An EAN-13 with a leading 0 is a UPC-A too: read as one, it is the same symbol.
                for symbol in BarcodeDecoder().decode(image) where symbol.text != expected && !(symbol.symbology == .upcA && "0" + symbol.text == expected) {
                    falseReads.append("\(file) round \(round): \(symbol.symbology) \"\(symbol.text)\" (expected \"\(expected)\")")
                }
            }
        }
        #expect(decoded > 60, "most flipped JPEGs still decode as images")
        #expect(falseReads.isEmpty, "\(falseReads.joined(separator: "; "))")
    }
}
