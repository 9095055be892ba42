@testable import BarcodeDecoder
import Testing

/// `DataMatrixPlacement.Bits` against its definition: every codeword bit of the layout, in mapping-cell order, at the
/// symbol cell `symbolPosition` gives its mapping cell.
@Suite struct DataMatrixPlacementBitsTests {
    @Test func positionsAreTheLayoutsBitsAtTheirSymbolCells() {
        for size in DataMatrixSize.all {
            let layout = DataMatrixPlacement.layout(rows: size.mappingRows, columns: size.mappingColumns)
            let total = size.dataCodewords + size.checkCodewords
            var expected: [(bit: Int, x: Int, y: Int)] = []
            for row in 0..<size.mappingRows {
                for column in 0..<size.mappingColumns {
                    let v = layout[row * size.mappingColumns + column]
                    guard v >= 0, v / 8 < total else { continue }
                    let (x, y) = DataMatrixPlacement.symbolPosition(size, row: row, column: column)
                    expected.append((v, x, y))
                }
            }
            let positions = DataMatrixPlacement.Bits(size).positions
            #expect(positions.count == expected.count, "\(size.rows)×\(size.columns)")
            #expect(zip(positions, expected).allSatisfy { $0.bit == $1.bit && $0.x == $1.x && $0.y == $1.y },
                    "\(size.rows)×\(size.columns)")
        }
    }
}
