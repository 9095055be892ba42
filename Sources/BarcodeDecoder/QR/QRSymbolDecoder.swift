import Synchronization

/// Decodes a QR symbol from its module grid: format, version, unmasking, de-interleaving, Reed–Solomon and segments.
public enum QRSymbolDecoder {
    public struct Result: Sendable, Equatable {
        public var text: String
        public var bytes: [UInt8]
        public var version: Int
        public var level: QRErrorCorrectionLevel
        public var isGS1: Bool
        public var correctedErrors: Int
    }

    /// The error-correction level and mask of `grid`'s format information, if either copy is readable.
    static func formatInformation(_ grid: BitMatrix) -> (QRErrorCorrectionLevel, Int)? {
        let n = grid.width
        guard n >= 21 else { return nil }
        var copyA = 0, copyB = 0
        for i in 0..<15 {
            let (ax, ay) = QRFormatInformation.formatPositionsA(i)
            let (bx, by) = QRFormatInformation.formatPositionsB(i, dimension: n)
            if grid[ax, ay] { copyA |= 1 << i }
            if grid[bx, by] { copyB |= 1 << i }
        }
        return QRFormatInformation.decodeFormat([copyA, copyB])
    }

    public static func decode(_ grid: BitMatrix) throws(QRDecodeError) -> Result {
        var placement: Placement?
        return try decode(grid, placement: &placement)
    }

    /// The data module positions of one symbol size (`QRFunctionPatterns.dataPositions(_:)`), each packed as
    /// `x | y << 8`.
    typealias Placement = (dimension: Int, positions: [UInt16])

    /// Each version's packed data positions, laid out once per process (a version-40 layout is 29 648 positions, 60 KB,
    /// and laying it out cost as much as reading the symbol's modules).
    private static let layouts = Mutex<[Int: [UInt16]]>([:])

    static func layout(_ version: QRVersion) -> [UInt16] {
        if let known = layouts.withLock({ $0[version.number] }) { return known }
        let positions = QRFunctionPatterns.dataPositions(version).map { UInt16($0.0) | UInt16($0.1) << 8 }
        layouts.withLock { $0[version.number] = positions }
        return positions
    }

    /// `decode(_:)` keeping the data module positions in `placement` (laid out when first needed), for a reader that
    /// decodes several grids of one size: the threshold and binary samplings, each also transposed, and a refined one.
    static func decode(_ grid: BitMatrix, placement: inout Placement?) throws(QRDecodeError) -> Result {
        guard grid.width == grid.height, var version = QRVersion(dimension: grid.width) else { throw .badDimension(grid.width) }
        let n = grid.width
        guard let (level, mask) = formatInformation(grid) else { throw .unreadableFormat }
        if version.number >= 7 {
            var v1 = 0, v2 = 0
            for i in 0..<18 {
                let a = n - 11 + i % 3, b = i / 3
                if grid[a, b] { v1 |= 1 << i }
                if grid[b, a] { v2 |= 1 << i }
            }
            guard let decoded = QRFormatInformation.decodeVersion([v1, v2]), decoded == version.number else { throw .unreadableVersion }
            version = QRVersion(decoded)!
        }
        let positions = placement.flatMap { $0.dimension == n ? $0.positions : nil } ?? layout(version)
        placement = (n, positions)
        let total = version.totalCodewords
        var codewords = [UInt8](repeating: 0, count: total)
        // Every position lies inside the n × n grid (the layout is the version's), so the cells are read directly. The
        // loop is made once per mask with its pattern fixed (a switch on the mask at every module was a quarter of it).
        grid.cells.withUnsafeBufferPointer { cells in
            codewords.withUnsafeMutableBufferPointer { codewords in
                @inline(__always) func unmask(_ masked: (Int, Int) -> Bool) {
                    for k in 0..<min(total * 8, positions.count) {
                        let x = Int(positions[k] & 0xFF), y = Int(positions[k] >> 8)
                        if (cells[y * n + x] != 0) != masked(x, y) {
                            codewords[k >> 3] |= 0x80 >> UInt8(k & 7)
                        }
                    }
                }
                switch mask {
                case 0: unmask { QRFunctionPatterns.masked(0, x: $0, y: $1) }
                case 1: unmask { QRFunctionPatterns.masked(1, x: $0, y: $1) }
                case 2: unmask { QRFunctionPatterns.masked(2, x: $0, y: $1) }
                case 3: unmask { QRFunctionPatterns.masked(3, x: $0, y: $1) }
                case 4: unmask { QRFunctionPatterns.masked(4, x: $0, y: $1) }
                case 5: unmask { QRFunctionPatterns.masked(5, x: $0, y: $1) }
                case 6: unmask { QRFunctionPatterns.masked(6, x: $0, y: $1) }
                default: unmask { QRFunctionPatterns.masked(mask, x: $0, y: $1) }
                }
            }
        }
        let structure = version.blocks(level)
        let sizes = structure.blockDataSizes
        var blocks = sizes.map { [UInt8](repeating: 0, count: $0 + structure.checkPerBlock) }
        var index = 0
        let maxData = sizes.max() ?? 0
        for i in 0..<maxData {
            for b in 0..<blocks.count where i < sizes[b] { blocks[b][i] = codewords[index]; index += 1 }
        }
        for i in 0..<structure.checkPerBlock {
            for b in 0..<blocks.count { blocks[b][sizes[b] + i] = codewords[index]; index += 1 }
        }
        let rs = ReedSolomon(field: .qr)
        var data: [UInt8] = []
        var corrected = 0
        for b in 0..<blocks.count {
            do {
                corrected += try rs.correct(&blocks[b], checkCount: structure.checkPerBlock)
            } catch {
                throw .uncorrectable(block: b)
            }
            data += blocks[b].prefix(sizes[b])
        }
        let result = try QRSegmentDecoder.decode(data, version: version)
        return Result(text: result.text, bytes: result.bytes, version: version.number, level: level, isGS1: result.isGS1, correctedErrors: corrected)
    }
}
