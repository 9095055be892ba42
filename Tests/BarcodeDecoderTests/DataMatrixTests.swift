@testable import BarcodeDecoder
import BarcodeEncoder
import RigCore
import Testing

@Suite struct DataMatrixTests {
    @Test func sizeTableIsConsistent() {
        for size in DataMatrixSize.all {
            let bits = size.mappingRows * size.mappingColumns
            #expect(bits / 8 == size.dataCodewords + size.checkCodewords, "\(size.rows)×\(size.columns)")
            #expect(size.checkCodewords % size.blocks == 0)
        }
    }

    @Test func standardExampleCodewords() throws {
        // ISO/IEC 16022 Annex O: "123456" is 142 164 186 in a 10×10 symbol.
        let grid = try DataMatrixEncoder.encode("123456")
        #expect(grid.width == 10)
        #expect(try DataMatrixSymbolDecoder.decode(grid).text == "123456")
    }

    @Test func everySizeRoundTrips() throws {
        var random = SeededGenerator(seed: 5)
        for size in DataMatrixSize.all {
            let count = size.dataCodewords - 3
            let bytes = (0..<max(1, count)).map { _ in UInt8.random(in: 32...126, using: &random) }
            let shape: DataMatrixEncoder.Shape = size.rows == size.columns ? .square : .rectangle
            let grid = try DataMatrixEncoder.encode(bytes.filter { !(48...57).contains($0) }, shape: shape, minimumSize: size.rows * size.columns)
            #expect(try DataMatrixSymbolDecoder.decode(grid).bytes == bytes.filter { !(48...57).contains($0) }, "\(size.rows)×\(size.columns)")
        }
    }

    @Test(arguments: [DataMatrixEncodation.Scheme.ascii, .c40, .text, .x12, .edifact, .base256])
    func everyEncodationDecodes(scheme: DataMatrixEncodation.Scheme) throws {
        let samples: [DataMatrixEncodation.Scheme: String] = [
            .ascii: "Hello 0123456789 wörld", .c40: "RIGKIT C40 TEXT 2026 ok", .text: "rigkit text mode 42 OK!",
            .x12: "X12*DATA>123 ABC\r", .edifact: "EDIFACT: ABC/123+XYZ?", .base256: "bïnäry \u{0}\u{1}\u{2} data",
        ]
        let text = samples[scheme]!
        let grid = try DataMatrixEncoder.encode(Array(text.utf8), scheme: scheme)
        #expect(try DataMatrixSymbolDecoder.decode(grid).text == text)
    }

    /// zint's symbols end EDIFACT as the standard allows: with two codewords or fewer left, in ASCII without an unlatch
    /// (the codewords below were read off zint 2.12's 16×16 and 14×14 symbols). Read as EDIFACT bits, the 'N' (79) was an
    /// 'S' and the pad (129) a trailing space.
    @Test func edifactEndsInASCIIWithTwoCodewordsOrFewerLeft() throws {
        let fourteen: [UInt8] = [66, 240, 8, 49, 5, 24, 114, 9, 40, 179, 13, 79]
        #expect(try DataMatrixEncodation.decode(fourteen).bytes == Array("ABCDEFGHIJKLMN".utf8))
        let eight: [UInt8] = [240, 4, 32, 196, 20, 97, 200, 129]
        #expect(try DataMatrixEncodation.decode(eight).bytes == Array("ABCDEFGH".utf8))
        // An unlatch inside a group: ASCII from the next codeword ("AB", unlatch, then '1' in ASCII and a pad).
        let unlatched: [UInt8] = [240, 0b0000_0100, 0b0010_0111, 0b1100_0000, 50, 129]
        #expect(try DataMatrixEncodation.decode(unlatched).bytes == Array("AB1".utf8))
    }

    @Test func edifactRoundTripsAtEveryLength() throws {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 :/+-.?".utf8)
        for count in 1...40 {
            let bytes = (0..<count).map { alphabet[($0 * 7 + count) % alphabet.count] }
            let grid = try DataMatrixEncoder.encode(bytes, scheme: .edifact)
            #expect(try DataMatrixSymbolDecoder.decode(grid).bytes == bytes, "\(count) characters")
        }
    }

    @Test func rectangularSymbols() throws {
        let grid = try DataMatrixEncoder.encode("RECT 12345", shape: .rectangle)
        #expect(grid.width != grid.height)
        #expect(try DataMatrixSymbolDecoder.decode(grid).text == "RECT 12345")
    }

    @Test func gs1() throws {
        let grid = try DataMatrixEncoder.encode(Array("0109501101020917\u{1D}10ABC".utf8), gs1: true)
        let result = try DataMatrixSymbolDecoder.decode(grid)
        #expect(result.isGS1)
        #expect(result.text == "0109501101020917\u{1D}10ABC")
    }

    @Test func damageIsCorrectedThenRefused() throws {
        let grid = try DataMatrixEncoder.encode(Array("Reed-Solomon in Data Matrix".utf8), minimumSize: 24 * 24)
        let size = DataMatrixSize.with(rows: grid.height, columns: grid.width)!
        var damaged = grid
        // Flip the top-left interior modules: a few codewords at most.
        for y in 1...3 { for x in 1...3 { damaged.flip(x: x, y: y) } }
        let result = try DataMatrixSymbolDecoder.decode(damaged)
        #expect(result.text == "Reed-Solomon in Data Matrix")
        #expect(result.correctedErrors > 0)
        for y in 1..<(size.rows - 1) { for x in 1..<(size.columns / 2) { damaged.flip(x: x, y: y) } }
        #expect(throws: DataMatrixDecodeError.self) { try DataMatrixSymbolDecoder.decode(damaged) }
    }
}

@Suite struct DataMatrixImageTests {
    @Test(arguments: ["DM", "Data Matrix in RigKit 0123456789", String(repeating: "LONGER DATA MATRIX PAYLOAD ", count: 8)])
    func uprightSymbols(text: String) throws {
        let image = SymbolRenderer.render(try DataMatrixEncoder.encode(text), moduleSize: 4, quietZone: 2)
        #expect(decode(image, .dataMatrix).map(\.text) == [text])
    }

    @Test func rectangularSymbolInAFrame() throws {
        let symbol = SymbolRenderer.render(try DataMatrixEncoder.encode("RECTANGLE 42", shape: .rectangle), moduleSize: 4, quietZone: 2)
        let image = FrameSynthesizer(width: 400, height: 300, seed: 2).render([SymbolPlacement(symbol: symbol, center: Point(200, 150), rotation: 12)])
        #expect(decode(image, .dataMatrix).map(\.text) == ["RECTANGLE 42"])
    }

    /// Two symbols in one frame: the components inside the first one read are skipped, not those of its neighbour,
    /// and each symbol is reported once.
    @Test func twoSymbolsSideBySide() throws {
        let left = SymbolRenderer.render(try DataMatrixEncoder.encode("LEFT SYMBOL 1"), moduleSize: 4, quietZone: 2)
        let right = SymbolRenderer.render(try DataMatrixEncoder.encode(String(repeating: "RIGHT SYMBOL 2 ", count: 4)), moduleSize: 3, quietZone: 2)
        let image = FrameSynthesizer(width: 480, height: 300, seed: 5).render([
            SymbolPlacement(symbol: left, center: Point(130, 150), rotation: 20),
            SymbolPlacement(symbol: right, center: Point(340, 150), rotation: 330),
        ])
        #expect(decode(image, .dataMatrix).map(\.text).sorted() == ["LEFT SYMBOL 1", String(repeating: "RIGHT SYMBOL 2 ", count: 4)])
    }

    /// The size search starts at the size the timing edges count and gives up the others once one fits: symbols from
    /// 10×10 up to large ones (payloads of growing length), rotated, are still read at their own size.
    @Test(arguments: [1, 10, 30, 60, 110, 200])
    func sizesFromSmallToLarge(length: Int) throws {
        let text = String(String(repeating: "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", count: 8).prefix(length))
        let symbol = SymbolRenderer.render(try DataMatrixEncoder.encode(text), moduleSize: 3, quietZone: 2)
        let image = FrameSynthesizer(width: 420, height: 420, seed: 7).render([SymbolPlacement(symbol: symbol, center: Point(210, 210), rotation: 17)])
        #expect(decode(image, .dataMatrix).map(\.text) == [text])
    }

    /// A size the timing edges miscount by more than two modules is searched only for a fit of 0.85 or more, and still
    /// found there: seven modules of the right timing column smudged dark (three dark runs fewer, so the count is six
    /// rows short) leave 44 of the 48 timing modules right.
    @Test func aSizeTheTimingEdgesMiscountIsFoundByItsFit() throws {
        let text = "SMUDGED TIMING COLUMN ON THE LABEL"
        var matrix = try DataMatrixEncoder.encode(text)
        try #require(matrix.width == 24 && matrix.height == 24)
        for row in 5...11 { matrix[23, row] = true }
        let symbol = SymbolRenderer.render(matrix, moduleSize: 5, quietZone: 3)
        let frame = PreparedFrame(symbol, binarization: .localMean)
        // The symbol's right edge runs at x = 135 from y = 15 to 135 (a quiet zone of three 5-pixel modules).
        let runs = DataMatrixDetector.darkRuns(frame.binary, from: Point(135, 15), to: Point(135, 135), inward: Point(-1, 0), module: 5)
        #expect(2 * runs < 24 - 2, "the right column's count is off by more than two")
        #expect(decode(symbol, .dataMatrix).map(\.text) == [text])
    }

    /// A clean light-on-dark symbol on white: the block thresholds give the local mean's very cells, so that look is not
    /// read, and the negative, read after it, still finds the symbol.
    @Test func aCleanNegativeSymbolIsReadPastTheSkippedBlockLook() throws {
        let text = "CLEAN NEGATIVE"
        let symbol = SymbolRenderer.render(try DataMatrixEncoder.encode(text), moduleSize: 4, quietZone: 3).inverted()
        var canvas = GrayImage(width: 200, height: 200)
        for y in 0..<symbol.height {
            for x in 0..<symbol.width { canvas[x + 40, y + 40] = symbol[x, y] }
        }
        let radius = LocalBinarizer.radius(width: 200, height: 200)
        #expect(HybridBinarizer.binarize(canvas) == LocalBinarizer.binarize(canvas, radius: radius), "the block look is skipped")
        #expect(decode(canvas, .dataMatrix).map(\.text) == [text])
    }

    @Test(arguments: [0.0, 30, 90, 145, 200, 315], [0.0, 0.12])
    func rotatedAndTilted(rotation: Double, perspective: Double) throws {
        let image = try scene(.dataMatrix, "DM at \(rotation)", rotation: rotation, perspective: perspective, moduleSize: 4)
        #expect(decode(image, .dataMatrix).map(\.text) == ["DM at \(rotation)"])
    }
}
