import Synchronization

/// The ECC 200 module placement of ISO/IEC 16022 Annex F: which codeword bit lives in each mapping-matrix cell.
public enum DataMatrixPlacement {
    /// For each mapping cell (row-major), `codeword * 8 + bit` (bit 0 = most significant), or -1 (fixed light), -2 (fixed dark).
    public static func layout(rows nrow: Int, columns ncol: Int) -> [Int] {
        var layout = [Int](repeating: Int.min, count: nrow * ncol)
        // Written through the array's buffer: the local functions below captured the array itself, and each of their
        // accesses to it was checked for exclusivity at run time (a third of the instructions a reader spends when it
        // first meets a size: `Bits.of(_:)`, 144×144).
        layout.withUnsafeMutableBufferPointer { cells in
            func module(_ r: Int, _ c: Int, _ chr: Int, _ bit: Int) {
                var row = r, col = c
                if row < 0 { row += nrow; col += 4 - ((nrow + 4) % 8) }
                if col < 0 { col += ncol; row += 4 - ((ncol + 4) % 8) }
                guard row >= 0, row < nrow, col >= 0, col < ncol else { return }
                cells[row * ncol + col] = chr * 8 + bit
            }
            func utah(_ row: Int, _ col: Int, _ chr: Int) {
                module(row - 2, col - 2, chr, 0); module(row - 2, col - 1, chr, 1)
                module(row - 1, col - 2, chr, 2); module(row - 1, col - 1, chr, 3); module(row - 1, col, chr, 4)
                module(row, col - 2, chr, 5); module(row, col - 1, chr, 6); module(row, col, chr, 7)
            }
            func corner(_ positions: [(Int, Int)], _ chr: Int) {
                for (bit, (r, c)) in positions.enumerated() { module(r, c, chr, bit) }
            }
            func unset(_ row: Int, _ col: Int) -> Bool { cells[row * ncol + col] == Int.min }
            var chr = 0, row = 4, col = 0
            repeat {
                if row == nrow && col == 0 {
                    corner([(nrow - 1, 0), (nrow - 1, 1), (nrow - 1, 2), (0, ncol - 2), (0, ncol - 1), (1, ncol - 1), (2, ncol - 1), (3, ncol - 1)], chr); chr += 1
                }
                if row == nrow - 2 && col == 0 && ncol % 4 != 0 {
                    corner([(nrow - 3, 0), (nrow - 2, 0), (nrow - 1, 0), (0, ncol - 4), (0, ncol - 3), (0, ncol - 2), (0, ncol - 1), (1, ncol - 1)], chr); chr += 1
                }
                if row == nrow - 2 && col == 0 && ncol % 8 == 4 {
                    corner([(nrow - 3, 0), (nrow - 2, 0), (nrow - 1, 0), (0, ncol - 2), (0, ncol - 1), (1, ncol - 1), (2, ncol - 1), (3, ncol - 1)], chr); chr += 1
                }
                if row == nrow + 4 && col == 2 && ncol % 8 == 0 {
                    corner([(nrow - 1, 0), (nrow - 1, ncol - 1), (0, ncol - 3), (0, ncol - 2), (0, ncol - 1), (1, ncol - 3), (1, ncol - 2), (1, ncol - 1)], chr); chr += 1
                }
                repeat {
                    if row < nrow && col >= 0 && row >= 0 && col < ncol && unset(row, col) { utah(row, col, chr); chr += 1 }
                    row -= 2; col += 2
                } while row >= 0 && col < ncol
                row += 1; col += 3
                repeat {
                    if row >= 0 && col < ncol && row < nrow && col >= 0 && unset(row, col) { utah(row, col, chr); chr += 1 }
                    row += 2; col -= 2
                } while row < nrow && col >= 0
                row += 3; col += 1
            } while row < nrow || col < ncol
            if unset(nrow - 1, ncol - 1) {
                cells[(nrow - 1) * ncol + ncol - 1] = -2
                cells[(nrow - 2) * ncol + ncol - 2] = -2
                cells[(nrow - 1) * ncol + ncol - 2] = -1
                cells[(nrow - 2) * ncol + ncol - 1] = -1
            }
        }
        return layout.map { $0 == Int.min ? -1 : $0 }
    }

    /// Where each codeword bit of one size sits in the symbol, for reading many grids of that size.
    ///
    /// A reader decodes many candidate grids of one size per candidate symbol (each corner nudge resamples and
    /// decodes), and laying out the placement for each cost as much as sampling the grid: each size is laid out once per
    /// process (`Bits.of(_:)`; a 144×144 layout was a quarter of a frame's instructions when laid out per candidate).
    struct Bits {
        /// Each size's placement at its index in `DataMatrixSize.all`, laid out when first needed.
        private static let laidOut = Mutex<[Bits?]>(Array(repeating: nil, count: DataMatrixSize.all.count))

        /// The placement of `size`, laid out once per process.
        static func of(_ size: DataMatrixSize) -> Bits {
            guard let index = DataMatrixSize.all.firstIndex(of: size) else { return Bits(size) }
            if let known = laidOut.withLock({ $0[index] }) { return known }
            let bits = Bits(size)
            laidOut.withLock { $0[index] = bits }
            return bits
        }

        let size: DataMatrixSize
        /// Every codeword bit (`codeword * 8 + bit`) with the symbol cell holding it, in mapping-cell order.
        let positions: [(bit: Int, x: Int, y: Int)]

        init(_ size: DataMatrixSize) {
            self.size = size
            let layout = DataMatrixPlacement.layout(rows: size.mappingRows, columns: size.mappingColumns)
            let total = size.dataCodewords + size.checkCodewords
            var out: [(bit: Int, x: Int, y: Int)] = []
            out.reserveCapacity(total * 8)
            // A cell's symbol column depends on its mapping column only, and its symbol row on its mapping row: each
            // worked out once (two divisions a cell were a third of laying out a 144×144 size).
            let xs = (0..<size.mappingColumns).map { DataMatrixPlacement.symbolPosition(size, row: 0, column: $0).x }
            for row in 0..<size.mappingRows {
                let y = DataMatrixPlacement.symbolPosition(size, row: row, column: 0).y
                for col in 0..<size.mappingColumns {
                    let v = layout[row * size.mappingColumns + col]
                    guard v >= 0, v / 8 < total else { continue }
                    out.append((v, xs[col], y))
                }
            }
            positions = out
        }
    }

    /// The symbol cell (x, y) of mapping cell (row, column), skipping each region's borders.
    public static func symbolPosition(_ size: DataMatrixSize, row: Int, column: Int) -> (x: Int, y: Int) {
        let y = row / size.regionRows * (size.regionRows + 2) + row % size.regionRows + 1
        let x = column / size.regionColumns * (size.regionColumns + 2) + column % size.regionColumns + 1
        return (x, y)
    }

    /// The finder (solid left and bottom) and timing (alternating top and right) borders of every region.
    public static func drawBorders(_ size: DataMatrixSize, into m: inout BitMatrix) {
        let rh = size.regionRows + 2, rw = size.regionColumns + 2
        for y in 0..<size.rows {
            for x in 0..<size.columns {
                let ry = y % rh, rx = x % rw
                if rx == 0 || ry == rh - 1 { m[x, y] = true } else if ry == 0 { m[x, y] = x % 2 == 0 } else if rx == rw - 1 { m[x, y] = y % 2 == 1 }
            }
        }
    }
}
