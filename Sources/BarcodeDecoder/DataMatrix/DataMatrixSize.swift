/// One Data Matrix ECC 200 symbol size and its codeword structure (ISO/IEC 16022 table 7).
public struct DataMatrixSize: Sendable, Equatable {
    public let rows: Int
    public let columns: Int
    /// Rows and columns of one data region (without its finder and timing borders).
    public let regionRows: Int
    public let regionColumns: Int
    public let dataCodewords: Int
    public let checkCodewords: Int
    /// Interleaved Reed–Solomon blocks.
    public let blocks: Int

    public var regionsVertically: Int { (rows - 2 * ((rows) / (regionRows + 2))) / regionRows }
    public var regionsHorizontally: Int { columns / (regionColumns + 2) }
    /// The mapping matrix: all data regions without borders.
    public var mappingRows: Int { rows / (regionRows + 2) * regionRows }
    public var mappingColumns: Int { columns / (regionColumns + 2) * regionColumns }

    public static let all: [DataMatrixSize] = [
        .init(10, 10, 8, 8, 3, 5, 1), .init(12, 12, 10, 10, 5, 7, 1), .init(14, 14, 12, 12, 8, 10, 1),
        .init(16, 16, 14, 14, 12, 12, 1), .init(18, 18, 16, 16, 18, 14, 1), .init(20, 20, 18, 18, 22, 18, 1),
        .init(22, 22, 20, 20, 30, 20, 1), .init(24, 24, 22, 22, 36, 24, 1), .init(26, 26, 24, 24, 44, 28, 1),
        .init(32, 32, 14, 14, 62, 36, 1), .init(36, 36, 16, 16, 86, 42, 1), .init(40, 40, 18, 18, 114, 48, 1),
        .init(44, 44, 20, 20, 144, 56, 1), .init(48, 48, 22, 22, 174, 68, 1), .init(52, 52, 24, 24, 204, 84, 2),
        .init(64, 64, 14, 14, 280, 112, 2), .init(72, 72, 16, 16, 368, 144, 4), .init(80, 80, 18, 18, 456, 192, 4),
        .init(88, 88, 20, 20, 576, 224, 4), .init(96, 96, 22, 22, 696, 272, 4), .init(104, 104, 24, 24, 816, 336, 6),
        .init(120, 120, 18, 18, 1050, 408, 6), .init(132, 132, 20, 20, 1304, 496, 8), .init(144, 144, 22, 22, 1558, 620, 10),
        .init(8, 18, 6, 16, 5, 7, 1), .init(8, 32, 6, 14, 10, 11, 1), .init(12, 26, 10, 24, 16, 14, 1),
        .init(12, 36, 10, 16, 22, 18, 1), .init(16, 36, 14, 16, 32, 24, 1), .init(16, 48, 14, 22, 49, 28, 1),
    ]

    init(_ rows: Int, _ columns: Int, _ regionRows: Int, _ regionColumns: Int, _ data: Int, _ check: Int, _ blocks: Int) {
        self.rows = rows
        self.columns = columns
        self.regionRows = regionRows
        self.regionColumns = regionColumns
        self.dataCodewords = data
        self.checkCodewords = check
        self.blocks = blocks
    }

    /// The size with exactly these dimensions.
    public static func with(rows: Int, columns: Int) -> DataMatrixSize? {
        all.first { $0.rows == rows && $0.columns == columns }
    }

    /// Data codewords of block `b` (the last blocks of 144×144 hold one fewer).
    public func dataCodewords(block b: Int) -> Int {
        dataCodewords / blocks + (b < dataCodewords % blocks ? 1 : 0)
    }
}
