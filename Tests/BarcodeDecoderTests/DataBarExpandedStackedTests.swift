@testable import BarcodeDecoder
import BarcodeEncoder
import Testing

/// DataBar Expanded Stacked symbols turned, tilted and blurred: the stacked reader reads pixel rows first, and the striped
/// regions at their own angle (and their lines at a histogram threshold, for blur) where those read nothing.
@Suite struct DataBarExpandedStackedTests {
    static let elementString = "(01)98898765432106(3103)001750"
    static let expected = "01988987654321063103001750"

    /// The one-row symbol's pairs cut into rows of two pairs (four segments), each row between guards, 34 modules tall,
    /// rows three modules apart, in a quiet zone of `quiet` modules: the rows the stacked reader joins.
    static func stackedSymbol(moduleWidth: Int, quiet: Int = 10) throws -> GrayImage {
        let modules = try DataBarExpandedEncoder.encode(elementString).modules
        // The left guard (a space and a bar) and pairs of 49 modules (character, finder, character) from there.
        let pairs = 2 * 49
        var rows: [[Bool]] = []
        var start = 2
        // The last pair ends a module before the last (the right guard's space; its bar is the last character's own).
        while start < modules.count - 1 {
            let end = min(start + pairs, modules.count - 1)
            var row: [Bool] = [false, true] + modules[start..<end]
            // A right guard: a bar after the last character's space, or a space and a bar after its bar.
            row += row.last! ? [false, true] : [true]
            rows.append(row)
            start = end
        }
        let rowHeight = 34 * moduleWidth, gap = 3 * moduleWidth, margin = quiet * moduleWidth
        let width = rows.map(\.count).max()! * moduleWidth + 2 * margin
        var image = GrayImage(width: width, height: rows.count * (rowHeight + gap) - gap + 2 * margin)
        for (r, row) in rows.enumerated() {
            for (m, bar) in row.enumerated() where bar {
                for y in 0..<rowHeight {
                    for x in 0..<moduleWidth { image[margin + m * moduleWidth + x, margin + r * (rowHeight + gap) + y] = 0 }
                }
            }
        }
        return image
    }

    /// Rows cut to their guards on a dark surface (ISO/IEC 24724 asks no quiet zone): each row's guard space is the only
    /// light before its guard bar.
    @Test func aSymbolOnADarkSurroundReads() throws {
        var image = try Self.stackedSymbol(moduleWidth: 2, quiet: 8)
        let margin = 16
        for y in 0..<image.height {
            for x in 0..<image.width where x < margin || y < margin || x >= image.width - margin || y >= image.height - margin {
                image[x, y] = 0
            }
        }
        let read = BarcodeDecoder(options: DecoderOptions(symbologies: [.dataBarExpanded])).decode(image)
        #expect(read.map(\.text) == [Self.expected])
    }

    /// A scratch across the top row's first finder (its 8-module bar, modules 20–27 of every row's first pair, cut
    /// through) that leaves two of that row's pixel rows whole, 34 apart and between the first pass's lines, on a frame
    /// the symbol fills (a pixel row a line): the reader reads a whole symbol row beyond the fragments the first pass
    /// found, every line of it where its eight lines to a row join nothing, and counts reads alike anywhere within a
    /// row's height as that row's.
    @Test func aRowWholeOnlyOnTwoLinesFarApartReads() throws {
        let moduleWidth = 2, quiet = 2
        var image = try Self.stackedSymbol(moduleWidth: moduleWidth, quiet: quiet)
        #expect(image.height < 160)
        let top = quiet * moduleWidth, whole = [top + 7, top + 41]
        for y in top..<(top + 34 * moduleWidth) where !whole.contains(y) {
            for x in (top + 23 * moduleWidth)..<(top + 25 * moduleWidth) { image[x, y] = 255 }
        }
        let read = BarcodeDecoder(options: DecoderOptions(symbologies: [.dataBarExpanded])).decode(image)
        #expect(read.map(\.text) == [Self.expected])
    }

    /// The symbol upright, turned a quarter either way, tilted past where its rows stay crossed on pixel rows, and blurred
    /// (a Gaussian of a pixel leaves a one-module space between two-pixel bars a shallow bump no midpoint threshold splits).
    @Test(arguments: [(0.0, 0.0), (90, 0), (270, 0), (25, 0), (-30, 0), (0, 1.0), (90, 1.0)])
    func turnedTiltedAndBlurredSymbolsRead(rotation: Double, blur: Double) throws {
        let symbol = try Self.stackedSymbol(moduleWidth: 2)
        let side = max(symbol.width, symbol.height) + 40
        let image = FrameSynthesizer(width: side, height: side, seed: 3).render(
            [SymbolPlacement(symbol: symbol, center: Point(Double(side) / 2, Double(side) / 2), rotation: rotation)],
            degradations: Degradations(blur: blur))
        let read = BarcodeDecoder(options: DecoderOptions(symbologies: [.dataBarExpanded])).decode(image)
        #expect(read.map(\.text) == [Self.expected], "\(rotation)°, blur \(blur)")
        // The outline lies on the symbol: its centre near the frame's.
        if let corners = read.first?.corners {
            let center = corners.reduce(Point(0, 0), +) * 0.25
            #expect(center.distance(to: Point(Double(side) / 2, Double(side) / 2)) < 20, "\(rotation)°: \(corners)")
        }
    }
}

