@testable import BarcodeDecoder
import BarcodeEncoder
import RigCore
import Testing

/// PDF417's column edge search (`PDF417EdgeFinder.ColumnChanges`: each column's colour changes found a strip of columns
/// at a time, walking down its rows a word at a time) against its definition, a column walked cell by cell, and the edges
/// found on the columns against those found on the rows of the transposed image.
@Suite struct PDF417EdgeColumnsTests {
    /// Where column `x` of `binary` changes colour, light above the first row, a cell being dark where it is not 0.
    static func walked(_ binary: BitMatrix, column x: Int) -> [Int] {
        var changes: [Int] = [], previous = false
        for y in 0..<binary.height {
            let dark = binary.cells[y * binary.width + x] != 0
            if dark != previous { changes.append(y) }
            previous = dark
        }
        return changes
    }

    @Test func eachColumnChangesWhereItsCellsDo() {
        var random = SeededGenerator(seed: 15438)
        // Widths under, at and over a strip (64 columns) and not a multiple of it; cells of any byte value (a word holding
        // bytes other than 0 and 1 is made 0 or 1 first, before it is shifted into the strip's word of cells); runs of
        // several cells as well as noise; steps that read every column, whole bytes of a word's columns, or columns at
        // a different place in each word (3).
        for (width, height) in [(1, 1), (5, 9), (64, 7), (65, 40), (130, 77), (203, 131)] {
            var binary = BitMatrix(width: width, height: height)
            for x in 0..<width {
                var value: UInt8 = 0
                for y in 0..<height {
                    if Int.random(in: 0..<(x % 3 == 0 ? 2 : 6), using: &random) == 0 {
                        value = value != 0 ? 0 : [1, 1, 255, 7, 128][Int.random(in: 0..<5, using: &random)]
                    }
                    binary.cells[y * width + x] = value
                }
            }
            for step in [1, 2, 3, 4] {
                let columns = PDF417EdgeFinder.ColumnChanges(binary, step: step)
                for x in stride(from: 0, to: width, by: step) {
                    let found = columns.withChanges(of: x) { changes, count in (0..<count).map { Int(changes[$0]) } }
                    #expect(found == Self.walked(binary, column: x), "\(width)×\(height), step \(step), column \(x)")
                }
            }
        }
    }

    @Test func edgesOnTheColumnsAreThoseOnTheTransposedRows() throws {
        let matrix = try PDF417Encoder.encode("COLUMNS OF A QUARTER TURN", level: 2, columns: 3)
        let symbol = SymbolRenderer.render(matrix, moduleSize: 3, quietZone: 4)
        let (width, height) = (symbol.height + 47, symbol.width + 61)
        // Turned a quarter: the symbol's rows run down the image.
        let image = FrameSynthesizer(width: width, height: height, seed: 5)
            .render([SymbolPlacement(symbol: symbol, center: Point(Double(width) / 2, Double(height) / 2), rotation: 90)],
                    degradations: .none)
        let binary = PreparedFrame(image, binarization: .localMean).binary
        func summary(_ edges: [PDF417EdgeFinder.Edge]) -> [[Double]] {
            edges.map { e in [e.isStart ? 1 : 0, e.isReversed ? 1 : 0] + e.hits.flatMap { [$0.y, $0.outer, $0.module] } }
        }
        for step in [1, 2] {
            let columns = PDF417EdgeFinder.edges(in: binary, step: step, transposed: true, minimumHits: 1)
            let rows = PDF417EdgeFinder.edges(in: binary.transposed(), step: step, minimumHits: 1)
            #expect(columns.contains(where: \.isStart) && columns.contains { !$0.isStart })
            #expect(summary(columns) == summary(rows), "step \(step)")
        }
    }
}
