@testable import BarcodeDecoder
import BarcodeEncoder
import RigCore
import Testing

/// The matrix PDF417's column edge search reads (`PDF417EdgeFinder.columns(of:)`: its rows are the binary image's columns,
/// made in 8×8 blocks) against its definition, and the edges found on it against those found on the unturned image.
@Suite struct PDF417EdgeColumnsTests {
    @Test func itsRowsAreTheColumnsCellForCell() {
        var random = SeededGenerator(seed: 15438)
        // Sizes under, at and over the 8-cell blocks and the 64-cell tiles; cells of any byte value, kept as they are.
        for (width, height) in [(1, 1), (3, 9), (8, 8), (9, 17), (64, 7), (65, 64), (150, 77), (203, 131)] {
            var binary = BitMatrix(width: width, height: height)
            for i in binary.cells.indices { binary.cells[i] = [0, 1, 1, 255, 7][Int.random(in: 0..<5, using: &random)] }
            let columns = PDF417EdgeFinder.columns(of: binary)
            #expect(columns.width == height && columns.height == width)
            var expected: [UInt8] = []
            for x in 0..<width {
                for y in 0..<height { expected.append(binary.cells[y * width + x]) }
            }
            #expect(columns.cells == expected, "\(width)×\(height)")
        }
    }

    @Test func edgesOnTheColumnsOfATurnedSymbolAreItsEdges() throws {
        let matrix = try PDF417Encoder.encode("COLUMNS OF A QUARTER TURN", level: 2, columns: 3)
        let symbol = SymbolRenderer.render(matrix, moduleSize: 3, quietZone: 4)
        let image = FrameSynthesizer(width: symbol.width + 61, height: symbol.height + 47, seed: 5)
            .render([SymbolPlacement(symbol: symbol, center: Point(Double(symbol.width + 61) / 2, Double(symbol.height + 47) / 2),
                                     rotation: 0)], degradations: .none)
        let binary = PreparedFrame(image, binarization: .localMean).binary
        func summary(_ edges: [PDF417EdgeFinder.Edge]) -> [[Double]] {
            edges.map { e in [e.isStart ? 1 : 0, e.isReversed ? 1 : 0] + e.hits.flatMap { [$0.y, $0.outer, $0.module] } }
        }
        let rows = PDF417EdgeFinder.edges(in: binary, step: 2, minimumHits: 1)
        let turned = PDF417EdgeFinder.edges(in: PDF417EdgeFinder.columns(of: binary.transposed()), step: 2, minimumHits: 1)
        #expect(rows.contains(where: \.isStart) && rows.contains { !$0.isStart })
        #expect(summary(turned) == summary(rows))
    }
}
