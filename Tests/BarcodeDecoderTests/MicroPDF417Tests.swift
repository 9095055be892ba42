@testable import BarcodeDecoder
import BarcodeEncoder
import RigCore
import Testing

/// A MicroPDF417 symbol rendered from `matrix` and placed in a degraded frame.
private func frame(_ matrix: BitMatrix, moduleSize: Int = 3, rotation: Double = 0, degradations: Degradations = .none, seed: UInt64 = 1) -> GrayImage {
    let symbol = SymbolRenderer.render(matrix, moduleSize: moduleSize, quietZone: 2)
    let width = Int(Double(max(symbol.width, symbol.height)) * 1.3) + 40
    return FrameSynthesizer(width: width, height: width * 3 / 4, seed: seed)
        .render([SymbolPlacement(symbol: symbol, center: Point(Double(width) / 2, Double(width * 3 / 4) / 2), rotation: rotation)],
                degradations: degradations)
}

private let microOnly = BarcodeDecoder(options: DecoderOptions(symbologies: [.microPDF417]))

@Suite struct MicroPDF417Tests {
    @Test func thirtyFourSizes() {
        #expect(MicroPDF417Variant.all.count == 34)
        #expect(Dictionary(grouping: MicroPDF417Variant.all, by: \.columns).mapValues(\.count) == [1: 6, 2: 7, 3: 10, 4: 11])
        #expect(Set(MicroPDF417Variant.sideRAPs).count == 52 && Set(MicroPDF417Variant.centerRAPs).count == 52)
        #expect(Set(MicroPDF417Variant.sideRAPs).isDisjoint(with: MicroPDF417Variant.centerRAPs))
    }

    /// The RAP table finds every pattern's packed widths at its index, and nothing for any other split of 10 modules into
    /// six elements (1–5 each).
    @Test func rapTableMatchesThePatterns() {
        func packed(_ widths: [Int]) -> Int { widths.enumerated().reduce(0) { $0 | $1.element << (3 * $1.offset) } }
        for (patterns, table) in [(MicroPDF417Variant.sideRAPs, MicroPDF417Reader.sideRAPWidths),
                                  (MicroPDF417Variant.centerRAPs, MicroPDF417Reader.centerRAPWidths)] {
            let expected = Dictionary(uniqueKeysWithValues: patterns.enumerated().map { (packed(MicroPDF417Reader.widths($1)), $0) })
            // The splits: each element at least 1 module, leaving at least 1 for each element after it.
            var splits: [[Int]] = [[]]
            for element in 0..<6 {
                splits = splits.flatMap { widths in
                    let left = 10 - widths.reduce(0, +), after = 5 - element
                    return element == 5 ? [widths + [left]] : (1..<max(1, left - after + 1)).map { widths + [$0] }
                }
            }
            #expect(splits.count == 126)
            for widths in splits { #expect(table[packed(widths)] == expected[packed(widths)]) }
        }
    }

    /// Every size, filled with random text-compaction codewords, reads back to what its codewords say.
    @Test(arguments: MicroPDF417Variant.all.indices)
    func everySizeRoundTrips(index: Int) throws {
        let variant = MicroPDF417Variant.all[index]
        var random = SeededGenerator(seed: UInt64(index + 1))
        let data = (0..<variant.dataCount).map { _ in Int.random(in: 0..<870, using: &random) }
        let matrix = try MicroPDF417Encoder.encode(codewords: data, columns: variant.columns)
        #expect(matrix.width == variant.width && matrix.height == variant.rows * 2)
        let expected = try PDF417Compaction.decode(data[...]).text
        #expect(microOnly.decode(frame(matrix)).map(\.text) == [expected], "\(variant.columns) columns, \(variant.rows) rows")
    }

    /// Upright, upside down, turned a quarter either way, and tilted up to 14°; blurred, noisy, JPEG.
    @Test(arguments: [(0.0, 1), (180, 2), (90, 3), (270, 4), (1.2, 5), (-1, 6), (181, 7), (8, 8), (-14, 9), (190, 10), (97, 11)])
    func degradedFramesRoundTrip(rotation: Double, seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,-/")
        let text = String((0..<Int.random(in: 5...120, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
        let image = frame(try MicroPDF417Encoder.encode(text), rotation: rotation,
                          degradations: Degradations(blur: 0.5, noise: 3, unevenLight: 0.3, jpegQuality: 70, contrast: 0.85), seed: seed)
        #expect(microOnly.decode(image).map(\.text) == [text], "\(rotation)°")
    }

    /// Tilted at low contrast under noise (3 px modules, contrast 0.35, noise σ 6, blur σ 0.8, in a 640×480 frame): the
    /// binarized rows' left RAPs line up along the edge among the many that noise makes. Before the first pass read the
    /// binarization and the edge was the line most starts fall on, none of these nine read.
    @Test(arguments: [7.0, -10, 14])
    func lowContrastNoisyTiltedFramesRoundTrip(rotation: Double) throws {
        for seed in UInt64(1)...3 {
            var random = SeededGenerator(seed: seed)
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ")
            let text = String((0..<Int.random(in: 8...60, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            let symbol = SymbolRenderer.render(try MicroPDF417Encoder.encode(text), moduleSize: 3, quietZone: 2)
            let image = FrameSynthesizer(width: 640, height: 480, seed: seed)
                .render([SymbolPlacement(symbol: symbol, center: Point(300, 230), rotation: rotation)],
                        degradations: Degradations(blur: 0.8, noise: 6, contrast: 0.35))
            #expect(microOnly.decode(image).map(\.text) == [text], "\(rotation)°, seed \(seed)")
        }
    }

    @Test func damagedCellsAreErasedAndRepaired() throws {
        let text = "Cells lost to a scratch come back through erasures"
        var matrix = try MicroPDF417Encoder.encode(text, columns: 4)
        // A white scratch across the first data column of four rows.
        for y in 4..<12 { for x in 12..<24 { matrix[x, y] = false } }
        let symbol = try #require(microOnly.decode(frame(matrix)).first)
        #expect(symbol.text == text && symbol.correctedErrors > 0)
    }

    @Test func onlySearchedWhenEnabledAndNotReadAsPDF417() throws {
        let image = frame(try MicroPDF417Encoder.encode("NOT FOR PDF417"))
        #expect(BarcodeDecoder(options: DecoderOptions(symbologies: [.pdf417, .code128, .qr])).decode(image).isEmpty)
        #expect(BarcodeDecoder().decode(image).map(\.symbology) == [.microPDF417])
        var random = SeededGenerator(seed: 10)
        var noise = GrayImage(width: 320, height: 240)
        for i in noise.pixels.indices { noise.pixels[i] = UInt8.random(in: 0...255, using: &random) }
        var stripes = GrayImage(width: 320, height: 240)
        for y in 0..<240 { for x in 0..<320 where (x / 3 + y / 40) % 2 == 0 { stripes[x, y] = 0 } }
        for image in [GrayImage(width: 320, height: 240), noise, stripes] { #expect(microOnly.decode(image).isEmpty) }
    }
}
