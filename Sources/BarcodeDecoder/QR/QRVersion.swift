/// The size, alignment patterns and block structure of one QR Code version (1–40), from ISO/IEC 18004 tables 9 and E.1.
public struct QRVersion: Sendable, Equatable {
    public let number: Int
    public var dimension: Int { 17 + 4 * number }

    public init?(_ number: Int) {
        guard (1...40).contains(number) else { return nil }
        self.number = number
    }

    /// The version a symbol of `dimension` modules a side would be.
    public init?(dimension: Int) {
        guard dimension >= 21, (dimension - 17) % 4 == 0 else { return nil }
        self.init((dimension - 17) / 4)
    }

    /// The row and column centre coordinates of the alignment patterns.
    public var alignmentCenters: [Int] {
        guard number > 1 else { return [] }
        let count = number / 7 + 2
        let step = number == 32 ? 26 : (number * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var centers = [6]
        for i in (0..<(count - 1)).reversed() { centers.append(dimension - 7 - i * step) }
        return centers
    }

    /// Codewords in the symbol (data and check), from the modules left after the function patterns.
    public var totalCodewords: Int {
        var modules = (16 * number + 128) * number + 64
        if number >= 2 {
            let count = number / 7 + 2
            modules -= (25 * count - 10) * count - 55
            if number >= 7 { modules -= 36 }
        }
        return modules / 8
    }

    /// The error-correction blocks at `level`.
    public func blocks(_ level: QRErrorCorrectionLevel) -> QRBlockStructure {
        let row = Self.table[(number - 1) * 4 + level.rawValue]
        return QRBlockStructure(checkPerBlock: row[0], groups: stride(from: 1, to: row.count, by: 2).map { (row[$0], row[$0 + 1]) })
    }

    /// Data codewords at `level`.
    public func dataCodewords(_ level: QRErrorCorrectionLevel) -> Int { blocks(level).dataCodewords }

    /// Bits of the character count indicator for `mode`.
    public func characterCountBits(_ mode: QRMode) -> Int {
        let band = number <= 9 ? 0 : number <= 26 ? 1 : 2
        switch mode {
        case .numeric: return [10, 12, 14][band]
        case .alphanumeric: return [9, 11, 13][band]
        case .byte: return [8, 16, 16][band]
        case .kanji: return [8, 10, 12][band]
        default: return 0
        }
    }

    /// Per version, per level (L, M, Q, H): check codewords per block, then (blocks, data codewords per block) per group.
    static let table: [[Int]] = [
        [7, 1, 19], [10, 1, 16], [13, 1, 13], [17, 1, 9],
        [10, 1, 34], [16, 1, 28], [22, 1, 22], [28, 1, 16],
        [15, 1, 55], [26, 1, 44], [18, 2, 17], [22, 2, 13],
        [20, 1, 80], [18, 2, 32], [26, 2, 24], [16, 4, 9],
        [26, 1, 108], [24, 2, 43], [18, 2, 15, 2, 16], [22, 2, 11, 2, 12],
        [18, 2, 68], [16, 4, 27], [24, 4, 19], [28, 4, 15],
        [20, 2, 78], [18, 4, 31], [18, 2, 14, 4, 15], [26, 4, 13, 1, 14],
        [24, 2, 97], [22, 2, 38, 2, 39], [22, 4, 18, 2, 19], [26, 4, 14, 2, 15],
        [30, 2, 116], [22, 3, 36, 2, 37], [20, 4, 16, 4, 17], [24, 4, 12, 4, 13],
        [18, 2, 68, 2, 69], [26, 4, 43, 1, 44], [24, 6, 19, 2, 20], [28, 6, 15, 2, 16],
        [20, 4, 81], [30, 1, 50, 4, 51], [28, 4, 22, 4, 23], [24, 3, 12, 8, 13],
        [24, 2, 92, 2, 93], [22, 6, 36, 2, 37], [26, 4, 20, 6, 21], [28, 7, 14, 4, 15],
        [26, 4, 107], [22, 8, 37, 1, 38], [24, 8, 20, 4, 21], [22, 12, 11, 4, 12],
        [30, 3, 115, 1, 116], [24, 4, 40, 5, 41], [20, 11, 16, 5, 17], [24, 11, 12, 5, 13],
        [22, 5, 87, 1, 88], [24, 5, 41, 5, 42], [30, 5, 24, 7, 25], [24, 11, 12, 7, 13],
        [24, 5, 98, 1, 99], [28, 7, 45, 3, 46], [24, 15, 19, 2, 20], [30, 3, 15, 13, 16],
        [28, 1, 107, 5, 108], [28, 10, 46, 1, 47], [28, 1, 22, 15, 23], [28, 2, 14, 17, 15],
        [30, 5, 120, 1, 121], [26, 9, 43, 4, 44], [28, 17, 22, 1, 23], [28, 2, 14, 19, 15],
        [28, 3, 113, 4, 114], [26, 3, 44, 11, 45], [26, 17, 21, 4, 22], [26, 9, 13, 16, 14],
        [28, 3, 107, 5, 108], [26, 3, 41, 13, 42], [30, 15, 24, 5, 25], [28, 15, 15, 10, 16],
        [28, 4, 116, 4, 117], [26, 17, 42], [28, 17, 22, 6, 23], [30, 19, 16, 6, 17],
        [28, 2, 111, 7, 112], [28, 17, 46], [30, 7, 24, 16, 25], [24, 34, 13],
        [30, 4, 121, 5, 122], [28, 4, 47, 14, 48], [30, 11, 24, 14, 25], [30, 16, 15, 14, 16],
        [30, 6, 117, 4, 118], [28, 6, 45, 14, 46], [30, 11, 24, 16, 25], [30, 30, 16, 2, 17],
        [26, 8, 106, 4, 107], [28, 8, 47, 13, 48], [30, 7, 24, 22, 25], [30, 22, 15, 13, 16],
        [28, 10, 114, 2, 115], [28, 19, 46, 4, 47], [28, 28, 22, 6, 23], [30, 33, 16, 4, 17],
        [30, 8, 122, 4, 123], [28, 22, 45, 3, 46], [30, 8, 23, 26, 24], [30, 12, 15, 28, 16],
        [30, 3, 117, 10, 118], [28, 3, 45, 23, 46], [30, 4, 24, 31, 25], [30, 11, 15, 31, 16],
        [30, 7, 116, 7, 117], [28, 21, 45, 7, 46], [30, 1, 23, 37, 24], [30, 19, 15, 26, 16],
        [30, 5, 115, 10, 116], [28, 19, 47, 10, 48], [30, 15, 24, 25, 25], [30, 23, 15, 25, 16],
        [30, 13, 115, 3, 116], [28, 2, 46, 29, 47], [30, 42, 24, 1, 25], [30, 23, 15, 28, 16],
        [30, 17, 115], [28, 10, 46, 23, 47], [30, 10, 24, 35, 25], [30, 19, 15, 35, 16],
        [30, 17, 115, 1, 116], [28, 14, 46, 21, 47], [30, 29, 24, 19, 25], [30, 11, 15, 46, 16],
        [30, 13, 115, 6, 116], [28, 14, 46, 23, 47], [30, 44, 24, 7, 25], [30, 59, 16, 1, 17],
        [30, 12, 121, 7, 122], [28, 12, 47, 26, 48], [30, 39, 24, 14, 25], [30, 22, 15, 41, 16],
        [30, 6, 121, 14, 122], [28, 6, 47, 34, 48], [30, 46, 24, 10, 25], [30, 2, 15, 64, 16],
        [30, 17, 122, 4, 123], [28, 29, 46, 14, 47], [30, 49, 24, 10, 25], [30, 24, 15, 46, 16],
        [30, 4, 122, 18, 123], [28, 13, 46, 32, 47], [30, 48, 24, 14, 25], [30, 42, 15, 32, 16],
        [30, 20, 117, 4, 118], [28, 40, 47, 7, 48], [30, 43, 24, 22, 25], [30, 10, 15, 67, 16],
        [30, 19, 118, 6, 119], [28, 18, 47, 31, 48], [30, 34, 24, 34, 25], [30, 20, 15, 61, 16],
    ]
}

/// How a QR symbol's codewords split into Reed–Solomon blocks.
public struct QRBlockStructure: Sendable, Equatable {
    public let checkPerBlock: Int
    /// (number of blocks, data codewords in each) per group; the second group's blocks are one longer.
    public let groups: [(Int, Int)]
    public static func == (a: Self, b: Self) -> Bool {
        a.checkPerBlock == b.checkPerBlock && a.groups.map { [$0.0, $0.1] } == b.groups.map { [$0.0, $0.1] }
    }
    /// Data codewords per block, block by block.
    public var blockDataSizes: [Int] { groups.flatMap { Array(repeating: $0.1, count: $0.0) } }
    public var dataCodewords: Int { blockDataSizes.reduce(0, +) }
    public var totalCodewords: Int { dataCodewords + blockDataSizes.count * checkPerBlock }
}

/// A QR segment mode and its 4-bit indicator.
public enum QRMode: Int, Sendable {
    case terminator = 0, numeric = 1, alphanumeric = 2, structuredAppend = 3, byte = 4, fnc1First = 5, eci = 7, kanji = 8, fnc1Second = 9
}
