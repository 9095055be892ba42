import BarcodeDecoder
import BarcodeEncoder
import Foundation
import ImageIO
import Testing

@Suite struct ImageFileTests {
    let sample: GrayImage = {
        var image = GrayImage(width: 37, height: 23)
        for y in 0..<23 { for x in 0..<37 { image[x, y] = UInt8((x * 7 + y * 11) % 256) } }
        return image
    }()

    @Test(arguments: [ImageFormat.png, .pgm])
    func losslessRoundTrip(format: ImageFormat) throws {
        let bytes = try #require(ImageFile.encode(sample, as: format))
        #expect(ImageFile.format(of: bytes) == format)
        #expect(try ImageFile.decode(bytes, path: "x") == sample)
    }

    @Test func jpegRoundTripIsClose() throws {
        let bytes = try #require(ImageFile.encode(sample, as: .jpeg, quality: 95))
        let back = try ImageFile.decode(bytes, path: "x.jpg")
        #expect(back.width == 37 && back.height == 23)
        let error = zip(back.pixels, sample.pixels).map { abs(Int($0) - Int($1)) }.max()!
        #expect(error < 24)
    }

    @Test func plainPGM() throws {
        let image = try ImageFile.decode(Array("P2\n# comment\n3 2\n15\n0 15 7\n1 2 3\n".utf8), path: "p.pgm")
        #expect(image.pixels == [0, 255, 119, 17, 34, 51])
    }

    @Test(arguments: [ImageFormat.png, .jpeg, .pgm])
    func truncatedFilesAreCorruptAndNamed(format: ImageFormat) throws {
        let symbol = SymbolRenderer.render(try QREncoder.encode("TRUNCATED"), moduleSize: 3)
        let bytes = try #require(ImageFile.encode(symbol, as: format))
        for cut in [bytes.count / 2, 40, 5] {
            #expect {
                try ImageFile.decode(Array(bytes.prefix(cut)), path: "cut.\(format.rawValue)")
            } throws: { error in
                (error as? ImageFileError)?.path == "cut.\(format.rawValue)"
            }
        }
    }

    @Test func garbageIsUnknownFormat() {
        #expect(throws: ImageFileError.unknownFormat(path: "g.bin")) { try ImageFile.decode(Array("hello".utf8), path: "g.bin") }
        #expect(throws: ImageFileError.self) { try ImageFile.load(path: "/nonexistent/rigkit.png") }
    }

    @Test func fuzzedFilesNeverCrash() throws {
        var state: UInt64 = 42
        func next() -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return state >> 33 }
        for format in [ImageFormat.png, .jpeg, .pgm] {
            let bytes = try #require(ImageFile.encode(sample, as: format))
            for _ in 0..<60 {
                var damaged = bytes
                for _ in 0..<(1 + Int(next() % 8)) {
                    let i = 8 + Int(next() % UInt64(max(1, damaged.count - 8)))
                    if i < damaged.count { damaged[i] = UInt8(truncatingIfNeeded: next()) }
                }
                _ = try? ImageFile.decode(damaged, path: "fuzz")
            }
        }
    }
}

/// The committed corpus: zint-rendered symbols in synthesized scenes (scripts/make-decoder-corpus).
@Suite struct CorpusTests {
    @Test func zintCorpusReadsWithoutFalseReads() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpus/decoder").path
        let manifest = try String(contentsOfFile: directory + "/manifest.csv", encoding: .utf8)
        var expected = 0, read = 0, falseReads = 0
        for line in manifest.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            let image = try ImageFile.load(path: directory + "/" + fields[0])
            let symbology = Symbology(name: fields[1])
            let options = DecoderOptions(symbologies: symbology.map { [$0] } ?? Set(Symbology.supported))
            let texts = BarcodeDecoder(options: options).decode(image).map(\.text)
            if !fields[2].isEmpty { expected += 1 }
            if !fields[2].isEmpty && texts.contains(fields[2]) { read += 1 }
            falseReads += texts.filter { $0 != fields[2] }.count
        }
        #expect(expected >= 20)
        #expect(Double(read) >= Double(expected) * 0.85, "read \(read) of \(expected)")
        #expect(falseReads == 0)
    }
}

/// Real photos and scans from the zxing-cpp sample images (Corpus/decoder-real, Apache-2.0): each reads its own text and
/// nothing else; the images without a code read nothing.
@Suite struct RealPhotoTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        var path: String
        var symbology: Symbology?
        var expected: String
        var testDescription: String { path.split(separator: "/").suffix(2).joined(separator: "/") }
    }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus/decoder-real").path

    static let samples: [Sample] = {
        guard let manifest = try? String(contentsOfFile: directory + "/manifest.csv", encoding: .utf8) else { return [] }
        return manifest.split(separator: "\n").dropFirst().map { line in
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let expected = f[3].isEmpty ? "" : (try? String(contentsOfFile: "\(directory)/\(f[0])/\(f[3])", encoding: .utf8)) ?? "?"
            return Sample(path: "\(directory)/\(f[0])/\(f[2])", symbology: Symbology(name: f[1]), expected: expected)
        }
    }()

    /// A decoded text in the corpus's conventions (zxing-cpp's): UPC-A and UPC-E as 13 digits.
    static func conventional(_ symbol: DecodedSymbol) -> String {
        let digits = symbol.text.compactMap(\.wholeNumberValue)
        switch symbol.symbology {
        case .upcA: return "0" + symbol.text
        case .upcE:
            let expanded = EANUPCTables.expandUPCE(numberSystem: digits[0], Array(digits[1...6])) + [digits[7]]
            return "0" + expanded.map(String.init).joined()
        default: return symbol.text
        }
    }

    @Test func corpusIsThere() {
        #expect(Self.samples.count >= 30)
    }

    @Test(arguments: samples)
    func readsItsText(sample: Sample) throws {
        let image = try ImageFile.load(path: sample.path)
        let options = DecoderOptions(symbologies: sample.symbology.map { [$0] } ?? Set(Symbology.supported), code32: true)
        let texts = BarcodeDecoder(options: options).decode(image).map(Self.conventional)
        #expect(texts == (sample.expected.isEmpty ? [] : [sample.expected]))
    }

    /// With every symbology enabled, as a camera reads whatever is in front of it, nothing but the image's own text: no
    /// other symbology reads its bars as something else. (Its own text may be missed: a four-digit ITF is read only when
    /// ITF alone is searched, `DecoderOptions.shortestITF`.) `rssexpanded-3-blurred/33` once read as Code 128 "<#" too.
    @Test(arguments: samples)
    func readsNothingElseWithEverySymbology(sample: Sample) throws {
        let image = try ImageFile.load(path: sample.path)
        let texts = BarcodeDecoder(options: DecoderOptions(code32: true)).decode(image).map(Self.conventional)
        #expect(texts.allSatisfy { $0 == sample.expected }, "\(texts)")
    }
}
