/// Decodes a Data Matrix ECC 200 module grid: placement, de-interleaving, Reed–Solomon, encodation.
public enum DataMatrixSymbolDecoder {
    public struct Result: Sendable, Equatable {
        public var text: String
        public var bytes: [UInt8]
        public var isGS1: Bool
        public var correctedErrors: Int
    }

    /// The codewords of `grid` in placement order.
    static func codewords(_ grid: BitMatrix, size: DataMatrixSize) -> [UInt8] {
        let layout = DataMatrixPlacement.layout(rows: size.mappingRows, columns: size.mappingColumns)
        var cw = [UInt8](repeating: 0, count: size.dataCodewords + size.checkCodewords)
        for row in 0..<size.mappingRows {
            for col in 0..<size.mappingColumns {
                let v = layout[row * size.mappingColumns + col]
                guard v >= 0, v / 8 < cw.count else { continue }
                let (x, y) = DataMatrixPlacement.symbolPosition(size, row: row, column: col)
                if grid[x, y] { cw[v / 8] |= 0x80 >> UInt8(v % 8) }
            }
        }
        return cw
    }

    public static func decode(_ grid: BitMatrix) throws(DataMatrixDecodeError) -> Result {
        guard let size = DataMatrixSize.with(rows: grid.height, columns: grid.width) else {
            throw .unknownSize(rows: grid.height, columns: grid.width)
        }
        let cw = codewords(grid, size: size)
        let rs = ReedSolomon(field: .dataMatrix)
        let checkPerBlock = size.checkCodewords / size.blocks
        var data = [UInt8](repeating: 0, count: size.dataCodewords)
        var corrected = 0
        for b in 0..<size.blocks {
            let n = size.dataCodewords(block: b)
            var block: [UInt8] = []
            for k in 0..<n { block.append(cw[b + k * size.blocks]) }
            for k in 0..<checkPerBlock { block.append(cw[size.dataCodewords + b + k * size.blocks]) }
            do { corrected += try rs.correct(&block, checkCount: checkPerBlock) } catch { throw .uncorrectable(block: b) }
            for k in 0..<n { data[b + k * size.blocks] = block[k] }
        }
        let result = try DataMatrixEncodation.decode(data)
        let text = result.text
        return Result(text: text, bytes: result.bytes, isGS1: result.isGS1, correctedErrors: corrected)
    }
}
