@testable import BarcodeDecoder
import BarcodeEncoder
import RigCore
import Testing

/// A PDF417 symbol rendered from `matrix` and placed in a degraded frame.
private func frame(_ matrix: BitMatrix, moduleSize: Int = 3, rotation: Double = 0, perspective: Double = 0,
                   degradations: Degradations = .none, seed: UInt64 = 1) -> GrayImage {
    let symbol = SymbolRenderer.render(matrix, moduleSize: moduleSize, quietZone: 2)
    let width = Int(Double(max(symbol.width, symbol.height)) * 1.5) + 40
    return FrameSynthesizer(width: width, height: width * 3 / 4, seed: seed)
        .render([SymbolPlacement(symbol: symbol, center: Point(Double(width) / 2, Double(width * 3 / 4) / 2), rotation: rotation,
                                 perspective: perspective)], degradations: degradations)
}

private let pdf417Only = BarcodeDecoder(options: DecoderOptions(symbologies: [.pdf417]))

@Suite struct PDF417Tests {
    @Test func reedSolomonCheckCodewordsAreACodeword() throws {
        var random = SeededGenerator(seed: 3)
        for level in 0...8 {
            let data = (0..<20).map { _ in Int.random(in: 0...928, using: &random) }
            var word = data + PDF417ReedSolomon.checkCodewords(for: data, level: level)
            #expect(try PDF417ReedSolomon.correct(&word, checkCount: 1 << (level + 1)) == 0, "level \(level)")
        }
    }

    @Test func reedSolomonCorrectsErrorsAndErasuresThenRefuses() throws {
        var random = SeededGenerator(seed: 4)
        let data = (0..<40).map { _ in Int.random(in: 0...928, using: &random) }
        let clean = data + PDF417ReedSolomon.checkCodewords(for: data, level: 4)  // 32 check codewords
        // 15 errors (2·15 + 2 reserved ≤ 32) are corrected.
        var damaged = clean
        let errorPositions = Array((0..<clean.count).shuffled(using: &random).prefix(15))
        for i in errorPositions { damaged[i] = (damaged[i] + 1 + Int.random(in: 0..<928, using: &random)) % 929 }
        #expect(try PDF417ReedSolomon.correct(&damaged, checkCount: 32) == 15)
        #expect(damaged == clean)
        // 20 erasures and 5 errors: 20 + 2·5 + 2 ≤ 32.
        damaged = clean
        let positions = Array((0..<clean.count).shuffled(using: &random).prefix(25))
        for i in positions { damaged[i] = (damaged[i] + 7) % 929 }
        try PDF417ReedSolomon.correct(&damaged, checkCount: 32, erasures: Array(positions.prefix(20)))
        #expect(damaged == clean)
        // 17 errors are more than 32 check codewords can repair with 2 held back: refused, never miscorrected silently.
        damaged = clean
        for i in (0..<clean.count).shuffled(using: &random).prefix(17) { damaged[i] = (damaged[i] + 11) % 929 }
        #expect(throws: ReedSolomonError.self) { try PDF417ReedSolomon.correct(&damaged, checkCount: 32) }
    }

    @Test(arguments: [
        "PDF417", "Hello, World! (RigKit) #417 ~ {ok}", "lower case and UPPER case; mixed 123-456",
        "12345678901234567890123456789012345678901234567890", "bïnäry ünïcödé ✓", "tab\tand\r\nnewlines",
    ])
    func compactionModesRoundTrip(text: String) throws {
        let image = frame(try PDF417Encoder.encode(text))
        #expect(pdf417Only.decode(image).map(\.text) == [text])
    }

    /// Seeded round trips: sizes, error-correction levels and column counts, rotated, tilted, blurred, noisy and JPEG-like.
    @Test(arguments: [(0, 3, 1), (2, 5, 2), (3, 8, 3), (5, 12, 4), (8, 12, 5), (1, 1, 6), (4, 20, 7)])
    func degradedFramesRoundTrip(level: Int, columns: Int, seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,-/")
        let text = String((0..<Int.random(in: 10...120, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
        let matrix = try PDF417Encoder.encode(text, level: level, columns: columns)
        let rotation = [0.0, 7, -12, 180, 90, 183][Int(seed) % 6]
        let image = frame(matrix, moduleSize: 3, rotation: rotation, perspective: 0.05,
                          degradations: Degradations(blur: 0.6, noise: 4, unevenLight: 0.3, jpegQuality: 60, contrast: 0.8), seed: seed)
        #expect(pdf417Only.decode(image).map(\.text) == [text], "level \(level), \(columns) columns, \(rotation)°")
    }

    /// Every angle reads: rows, columns, and the image turned by 45° for symbols the rows and columns cross badly.
    @Test(arguments: [20.0, 30, 40, 45, 50, 60, 75, 135, 225, 315])
    func turnedSymbolsRead(rotation: Double) throws {
        let text = "Angles are read by rows or by columns"
        let matrix = try PDF417Encoder.encode(text, level: 3, columns: 4)
        #expect(pdf417Only.decode(frame(matrix, rotation: rotation, degradations: Degradations(blur: 0.5, noise: 3))).map(\.text) == [text],
                "\(rotation)°")
    }

    /// Blur that spreads each edge over most of a module (σ 0.6 module, as a phone photo slightly out of focus gives): the
    /// one-module bars and spaces come out too narrow or closed on the scan lines as sampled, and only the sharpened
    /// lines read.
    @Test(arguments: [(2, 1.2, UInt64(1)), (2, 1.2, 2), (3, 1.8, 3), (3, 1.8, 4)])
    func blurredSymbolsReadOnSharpenedLines(moduleSize: Int, blur: Double, seed: UInt64) throws {
        let text = "Blurred rows, seed \(seed)"
        let matrix = try PDF417Encoder.encode(text, level: 2, columns: 3)
        let image = frame(matrix, moduleSize: moduleSize, degradations: Degradations(blur: blur, noise: 2), seed: seed)
        #expect(pdf417Only.decode(image).map(\.text) == [text], "\(moduleSize) px a module, blur \(blur) px")
    }

    /// A symbol a few pixels tall (rows one module high, 3 px a module): the first look's every fourth row crosses its
    /// edges twice, too few to try, and the full look reads it, upright and upside down (start and stop read right to
    /// left, the start on the right).
    @Test(arguments: [false, true])
    func aSymbolAFewPixelsTallReadsOnTheFullLook(upsideDown: Bool) throws {
        let text = "FEW ROWS"
        let matrix = try PDF417Encoder.encode(text, level: 0, columns: 3, rowHeight: 1)
        let symbol = SymbolRenderer.render(matrix, moduleSize: 3, quietZone: 2)
        #expect(symbol.height <= 24)
        var image = GrayImage(width: symbol.width + 40, height: 240)
        for y in 0..<symbol.height {
            for x in 0..<symbol.width {
                let (tx, ty) = upsideDown ? (symbol.width - 1 - x, symbol.height - 1 - y) : (x, y)
                image[20 + tx, 100 + ty] = symbol[x, y]
            }
        }
        #expect(pdf417Only.decode(image).map(\.text) == [text], upsideDown ? "upside down" : "upright")
    }

    /// The full look runs for a short edge only with an edge of the other kind beside it: on its lines, on the side its
    /// direction puts it (a start left of its stop, right of it read right to left).
    @Test func aShortEdgeNeedsAnEdgeOfTheOtherKindBesideIt() {
        func edge(start: Bool, reversed: Bool = false, x: Double, ys: [Double]) -> PDF417EdgeFinder.Edge {
            PDF417EdgeFinder.Edge(isStart: start, isReversed: reversed, hits: ys.map { PDF417EdgeFinder.Hit(y: $0, outer: x, module: 2) })
        }
        let short = edge(start: true, x: 20, ys: [100.5, 104.5])
        #expect(!PDF417Reader.hasShortPair([short], known: [], reach: 4))
        #expect(PDF417Reader.hasShortPair([short, edge(start: false, x: 200, ys: [100.5])], known: [], reach: 4))
        // The stop left of the start, far above or below it, or read the other way: no symbol between them.
        #expect(!PDF417Reader.hasShortPair([short, edge(start: false, x: 10, ys: [100.5])], known: [], reach: 4))
        #expect(!PDF417Reader.hasShortPair([short, edge(start: false, x: 200, ys: [140.5, 144.5])], known: [], reach: 4))
        #expect(!PDF417Reader.hasShortPair([short, edge(start: false, reversed: true, x: 200, ys: [100.5])], known: [], reach: 4))
        // Read right to left: the start on the right.
        let reversed = edge(start: true, reversed: true, x: 200, ys: [100.5])
        #expect(PDF417Reader.hasShortPair([reversed, edge(start: false, reversed: true, x: 20, ys: [100.5, 104.5, 108.5])], known: [], reach: 4))
        // A pair inside a symbol already read does not count.
        let read = [Point(0, 90), Point(240, 90), Point(240, 120), Point(0, 120)]
        #expect(!PDF417Reader.hasShortPair([short, edge(start: false, x: 200, ys: [100.5])], known: [read], reach: 4))
    }

    /// A symbol cropped to its own edges (no quiet zone) and turned by quarter turns: the rows or columns that read its
    /// start pattern right to left end in its bar of 8 at the frame's far border, which counts as its quiet zone.
    @Test(arguments: [0, 1, 2, 3])
    func symbolsReachingTheFarBorderReadTurned(quarterTurns: Int) throws {
        let text = "Cropped close, turned"
        let symbol = SymbolRenderer.render(try PDF417Encoder.encode(text, level: 2, columns: 2), moduleSize: 2, quietZone: 0)
        let (w, h) = (symbol.width, symbol.height)
        var turned = GrayImage(width: quarterTurns % 2 == 0 ? w : h, height: quarterTurns % 2 == 0 ? h : w)
        for y in 0..<h {
            for x in 0..<w {
                switch quarterTurns {
                case 1: turned[y, w - 1 - x] = symbol[x, y]
                case 2: turned[w - 1 - x, h - 1 - y] = symbol[x, y]
                case 3: turned[h - 1 - y, x] = symbol[x, y]
                default: turned[x, y] = symbol[x, y]
                }
            }
        }
        #expect(pdf417Only.decode(turned).map(\.text) == [text], "\(quarterTurns * 90)°")
    }

    @Test func damagedRowsAreErasedAndRepaired() throws {
        let text = "Rows lost to a scratch come back through Reed-Solomon erasures."
        var matrix = try PDF417Encoder.encode(text, level: 5, columns: 6)
        // A white scratch across two data columns of every row.
        for y in 0..<matrix.height { for x in 60..<80 { matrix[x, y] = false } }
        #expect(pdf417Only.decode(frame(matrix)).map(\.text) == [text])
    }

    @Test func macroControlBlockIsReported() throws {
        // Text "MACRO", then 928, segment index 2 (numeric "100002"), file ID 017 053, optional field 1 (segment count) and
        // the terminator 922.
        let text: [Int] = [12 * 30 + 0, 2 * 30 + 17, 14 * 30 + 29]
        let index = [111, 102]
        let matrix = try PDF417Encoder.encode(codewords: text + [928] + index + [17, 53, 922], level: 2)
        let symbols = pdf417Only.decode(frame(matrix))
        #expect(symbols.map(\.text) == ["MACRO"])
        #expect(symbols.first?.macroPDF417?.segmentIndex == 2)
        #expect(symbols.first?.macroPDF417?.fileID == "017053")
        #expect(symbols.first?.macroPDF417?.isLastSegment == true)
    }

    @Test func otherSymbologiesDoNotReadPDF417AndPDF417IsOnlySearchedWhenEnabled() throws {
        let image = frame(try PDF417Encoder.encode("NOT FOR QR"))
        #expect(BarcodeDecoder(options: DecoderOptions(symbologies: [.qr, .dataMatrix, .code128])).decode(image).isEmpty)
        #expect(BarcodeDecoder(options: DecoderOptions(symbologies: Set(Symbology.supported))).decode(image).map(\.symbology) == [.pdf417])
    }

    @Test func blankAndTexturedFramesReadNothing() {
        var random = SeededGenerator(seed: 8)
        var noise = GrayImage(width: 320, height: 240)
        for i in noise.pixels.indices { noise.pixels[i] = UInt8.random(in: 0...255, using: &random) }
        var stripes = GrayImage(width: 320, height: 240)
        for y in 0..<240 { for x in 0..<320 where (x / 3 + y / 40) % 2 == 0 { stripes[x, y] = 0 } }
        for image in [GrayImage(width: 320, height: 240), noise, stripes] { #expect(pdf417Only.decode(image).isEmpty) }
    }
}
