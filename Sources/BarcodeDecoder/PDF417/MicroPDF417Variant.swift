/// One of MicroPDF417's 34 symbol sizes (ISO/IEC 24728): data columns, rows, check codewords, and where each row address
/// pattern sequence and the cluster sequence start.
///
/// Each row starts with a left row address pattern (RAP), has a centre RAP between its data columns in the 3- and
/// 4-column sizes, ends with a right RAP and a one-module stop bar. A row's RAPs are those after the size's starting ones
/// by the row number (modulo 52), its codewords are in cluster (first cluster + row) modulo 3 (of PDF417's 0, 3, 6).
/// The sizes, their check codeword counts and the RAP sequences were established from zint's output (every size drawn,
/// its codewords read through PDF417's cluster tables and the check count found where Reed–Solomon's syndromes vanish)
/// and match the standard's table of 34 sizes.
public struct MicroPDF417Variant: Sendable, Equatable {
    public let columns: Int
    public let rows: Int
    public let checkCount: Int
    /// Index of the first row's patterns in `sideRAPs` / `centerRAPs` (−1: no centre RAP).
    public let leftRAP: Int
    public let centerRAP: Int
    public let rightRAP: Int
    /// The first row's cluster: 0, 1 or 2 for PDF417's clusters 0, 3, 6.
    public let firstCluster: Int

    public var codewordCount: Int { columns * rows }
    public var dataCount: Int { codewordCount - checkCount }
    /// Modules across: RAPs of 10, codewords of 17 and the stop bar.
    public var width: Int { 10 + 17 * columns + (columns >= 3 ? 10 : 0) + 10 + 1 }

    /// What a row holds from left to right: a RAP (`nil` column) or the codeword of a data column.
    public var rowLayout: [Int?] {
        switch columns {
        case 1: [nil, 0, nil]
        case 2: [nil, 0, 1, nil]
        case 3: [nil, 0, nil, 1, 2, nil]
        default: [nil, 0, 1, nil, 2, 3, nil]
        }
    }

    public static let all: [MicroPDF417Variant] = [
        MicroPDF417Variant(columns: 1, rows: 11, checkCount: 7, leftRAP: 40, centerRAP: -1, rightRAP: 48, firstCluster: 0),
        MicroPDF417Variant(columns: 1, rows: 14, checkCount: 7, leftRAP: 47, centerRAP: -1, rightRAP: 47, firstCluster: 1),
        MicroPDF417Variant(columns: 1, rows: 17, checkCount: 7, leftRAP: 23, centerRAP: -1, rightRAP: 23, firstCluster: 2),
        MicroPDF417Variant(columns: 1, rows: 20, checkCount: 8, leftRAP: 6, centerRAP: -1, rightRAP: 6, firstCluster: 0),
        MicroPDF417Variant(columns: 1, rows: 24, checkCount: 8, leftRAP: 48, centerRAP: -1, rightRAP: 4, firstCluster: 2),
        MicroPDF417Variant(columns: 1, rows: 28, checkCount: 8, leftRAP: 12, centerRAP: -1, rightRAP: 20, firstCluster: 0),
        MicroPDF417Variant(columns: 2, rows: 8, checkCount: 8, leftRAP: 40, centerRAP: -1, rightRAP: 40, firstCluster: 0),
        MicroPDF417Variant(columns: 2, rows: 11, checkCount: 9, leftRAP: 40, centerRAP: -1, rightRAP: 48, firstCluster: 0),
        MicroPDF417Variant(columns: 2, rows: 14, checkCount: 9, leftRAP: 47, centerRAP: -1, rightRAP: 47, firstCluster: 1),
        MicroPDF417Variant(columns: 2, rows: 17, checkCount: 10, leftRAP: 23, centerRAP: -1, rightRAP: 23, firstCluster: 2),
        MicroPDF417Variant(columns: 2, rows: 20, checkCount: 11, leftRAP: 6, centerRAP: -1, rightRAP: 6, firstCluster: 0),
        MicroPDF417Variant(columns: 2, rows: 23, checkCount: 13, leftRAP: 48, centerRAP: -1, rightRAP: 4, firstCluster: 2),
        MicroPDF417Variant(columns: 2, rows: 26, checkCount: 15, leftRAP: 14, centerRAP: -1, rightRAP: 22, firstCluster: 2),
        MicroPDF417Variant(columns: 3, rows: 6, checkCount: 12, leftRAP: 40, centerRAP: 45, rightRAP: 40, firstCluster: 0),
        MicroPDF417Variant(columns: 3, rows: 8, checkCount: 14, leftRAP: 46, centerRAP: 51, rightRAP: 46, firstCluster: 0),
        MicroPDF417Variant(columns: 3, rows: 10, checkCount: 16, leftRAP: 2, centerRAP: 7, rightRAP: 2, firstCluster: 2),
        MicroPDF417Variant(columns: 3, rows: 12, checkCount: 18, leftRAP: 12, centerRAP: 17, rightRAP: 12, firstCluster: 0),
        MicroPDF417Variant(columns: 3, rows: 15, checkCount: 21, leftRAP: 24, centerRAP: 29, rightRAP: 24, firstCluster: 0),
        MicroPDF417Variant(columns: 3, rows: 20, checkCount: 26, leftRAP: 40, centerRAP: 9, rightRAP: 20, firstCluster: 0),
        MicroPDF417Variant(columns: 3, rows: 26, checkCount: 32, leftRAP: 40, centerRAP: 1, rightRAP: 4, firstCluster: 0),
        MicroPDF417Variant(columns: 3, rows: 32, checkCount: 38, leftRAP: 8, centerRAP: 21, rightRAP: 24, firstCluster: 2),
        MicroPDF417Variant(columns: 3, rows: 38, checkCount: 44, leftRAP: 2, centerRAP: 23, rightRAP: 34, firstCluster: 2),
        MicroPDF417Variant(columns: 3, rows: 44, checkCount: 50, leftRAP: 40, centerRAP: 17, rightRAP: 36, firstCluster: 0),
        MicroPDF417Variant(columns: 4, rows: 4, checkCount: 8, leftRAP: 34, centerRAP: 11, rightRAP: 30, firstCluster: 1),
        MicroPDF417Variant(columns: 4, rows: 6, checkCount: 12, leftRAP: 40, centerRAP: 45, rightRAP: 40, firstCluster: 0),
        MicroPDF417Variant(columns: 4, rows: 8, checkCount: 14, leftRAP: 46, centerRAP: 51, rightRAP: 46, firstCluster: 0),
        MicroPDF417Variant(columns: 4, rows: 10, checkCount: 16, leftRAP: 2, centerRAP: 7, rightRAP: 2, firstCluster: 2),
        MicroPDF417Variant(columns: 4, rows: 12, checkCount: 18, leftRAP: 12, centerRAP: 17, rightRAP: 12, firstCluster: 0),
        MicroPDF417Variant(columns: 4, rows: 15, checkCount: 21, leftRAP: 24, centerRAP: 29, rightRAP: 24, firstCluster: 0),
        MicroPDF417Variant(columns: 4, rows: 20, checkCount: 26, leftRAP: 40, centerRAP: 9, rightRAP: 20, firstCluster: 0),
        MicroPDF417Variant(columns: 4, rows: 26, checkCount: 32, leftRAP: 40, centerRAP: 1, rightRAP: 4, firstCluster: 0),
        MicroPDF417Variant(columns: 4, rows: 32, checkCount: 38, leftRAP: 8, centerRAP: 21, rightRAP: 24, firstCluster: 2),
        MicroPDF417Variant(columns: 4, rows: 38, checkCount: 44, leftRAP: 2, centerRAP: 23, rightRAP: 34, firstCluster: 2),
        MicroPDF417Variant(columns: 4, rows: 44, checkCount: 50, leftRAP: 40, centerRAP: 17, rightRAP: 36, firstCluster: 0),
    ]

    /// The 52 left and right row address patterns, in sequence: 10 modules, three bars and three spaces, 1 = bar.
    public static let sideRAPs: [Int] = [
        0b1100001010, 0b1100011010, 0b1100010010, 0b1110010010, 0b1111010010, 0b1111010110, 0b1111010100,
        0b1110010100, 0b1110110100, 0b1110100100, 0b1110100110, 0b1110101110, 0b1110101100, 0b1110101000,
        0b1100101000, 0b1100101100, 0b1100101110, 0b1100100110, 0b1100110110, 0b1110110110, 0b1110010110,
        0b1100010110, 0b1100010100, 0b1100110100, 0b1101110100, 0b1101100100, 0b1101100110, 0b1101101110,
        0b1101101100, 0b1101101000, 0b1101001000, 0b1101011000, 0b1101011100, 0b1101011110, 0b1101001110,
        0b1101001100, 0b1101000100, 0b1101000110, 0b1101000010, 0b1101100010, 0b1100100010, 0b1110100010,
        0b1110110010, 0b1100110010, 0b1101110010, 0b1101111010, 0b1100111010, 0b1110111010, 0b1110011010,
        0b1111011010, 0b1111001010, 0b1110001010,
    ]

    /// The 52 centre row address patterns, in sequence.
    public static let centerRAPs: [Int] = [
        0b1000010010, 0b1000011010, 0b1000111010, 0b1000110010, 0b1000100010, 0b1001100010, 0b1001110010,
        0b1001111010, 0b1011111010, 0b1011110010, 0b1011110110, 0b1001110110, 0b1001110100, 0b1001100100,
        0b1001100110, 0b1001000110, 0b1001000010, 0b1011000010, 0b1011100010, 0b1011100110, 0b1011100100,
        0b1011101100, 0b1001101100, 0b1000101100, 0b1000101000, 0b1001101000, 0b1011101000, 0b1011001000,
        0b1011001100, 0b1011000100, 0b1011000110, 0b1010000110, 0b1010001110, 0b1010001100, 0b1010011100,
        0b1010011000, 0b1010111000, 0b1010110000, 0b1010010000, 0b1011010000, 0b1001010000, 0b1001011000,
        0b1001011100, 0b1011011100, 0b1011011110, 0b1011001110, 0b1001001110, 0b1001101110, 0b1000101110,
        0b1000100110, 0b1000110110, 0b1000010110,
    ]
}
