/// Decodes a Data Matrix ECC 200 module grid: placement, de-interleaving, Reed–Solomon, encodation.
public enum DataMatrixSymbolDecoder {
    public struct Result: Sendable, Equatable {
        public var text: String
        public var bytes: [UInt8]
        public var isGS1: Bool
        public var correctedErrors: Int
    }

    /// The codewords of `grid` in placement order (`placement` when it is laid out for `size`).
    static func codewords(_ grid: BitMatrix, size: DataMatrixSize, placement: DataMatrixPlacement.Bits? = nil) -> [UInt8] {
        var cw = [UInt8](repeating: 0, count: size.dataCodewords + size.checkCodewords)
        let bits = placement.flatMap { $0.size == size ? $0 : nil } ?? DataMatrixPlacement.Bits.of(size)
        for (bit, x, y) in bits.positions where grid[x, y] { cw[bit / 8] |= 0x80 >> UInt8(bit % 8) }
        return cw
    }

    public static func decode(_ grid: BitMatrix) throws(DataMatrixDecodeError) -> Result {
        try decode(grid, placement: nil)
    }

    /// `decode(_:)` with the placement laid out beforehand, for decoding many grids of one size.
    static func decode(_ grid: BitMatrix, placement: DataMatrixPlacement.Bits?) throws(DataMatrixDecodeError) -> Result {
        guard let size = DataMatrixSize.with(rows: grid.height, columns: grid.width) else {
            throw .unknownSize(rows: grid.height, columns: grid.width)
        }
        let cw = codewords(grid, size: size, placement: placement)
        // The check codewords of 144×144 (whose data does not fill every block equally) are interleaved in two ways by
        // encoders in use: continuing the data's round-robin over the blocks, or restarting it at the first block.
        // Both are read; Reed–Solomon decides.
        let offsets = size.dataCodewords % size.blocks == 0 ? [0] : [size.dataCodewords % size.blocks, 0]
        var repaired: (data: [UInt8], corrected: Int)?
        var failure = DataMatrixDecodeError.uncorrectable(block: 0)
        for offset in offsets where repaired == nil {
            do throws(DataMatrixDecodeError) { repaired = try correctedData(cw, size: size, checkOffset: offset) } catch { failure = error }
        }
        guard let (data, corrected) = repaired else { throw failure }
        let result = try DataMatrixEncodation.decode(data)
        let text = result.text
        return Result(text: text, bytes: result.bytes, isGS1: result.isGS1, correctedErrors: corrected)
    }

    /// The data codewords of every block after Reed–Solomon correction, and how many codewords were repaired; check
    /// codeword `k` of block `b` sits at `dataCodewords + k·blocks + (b − checkOffset) mod blocks`.
    static func correctedData(_ cw: [UInt8], size: DataMatrixSize, checkOffset: Int) throws(DataMatrixDecodeError) -> ([UInt8], Int) {
        let rs = ReedSolomon(field: .dataMatrix)
        let checkPerBlock = size.checkCodewords / size.blocks
        var data = [UInt8](repeating: 0, count: size.dataCodewords)
        var corrected = 0
        for b in 0..<size.blocks {
            let n = size.dataCodewords(block: b)
            let column = (b - checkOffset + size.blocks) % size.blocks
            var block: [UInt8] = []
            block.reserveCapacity(n + checkPerBlock)
            for k in 0..<n { block.append(cw[b + k * size.blocks]) }
            for k in 0..<checkPerBlock { block.append(cw[size.dataCodewords + column + k * size.blocks]) }
            do { corrected += try rs.correct(&block, checkCount: checkPerBlock) } catch { throw .uncorrectable(block: b) }
            for k in 0..<n { data[b + k * size.blocks] = block[k] }
        }
        return (data, corrected)
    }
}
