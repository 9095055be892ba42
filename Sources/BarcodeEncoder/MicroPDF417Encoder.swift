import BarcodeDecoder

/// Encodes MicroPDF417 symbols (ISO/IEC 24728): PDF417's compaction and codewords in the smallest of the 34 sizes that
/// holds the data, row address patterns instead of start and stop patterns, no length descriptor.
public enum MicroPDF417Encoder {
    /// `text` in the smallest size (of `columns` data columns when given), each row `rowHeight` modules tall.
    public static func encode(_ text: String, columns: Int? = nil, rowHeight: Int = 2) throws(EncoderError) -> BitMatrix {
        try encode(codewords: PDF417Encoder.dataCodewords(text), columns: columns, rowHeight: rowHeight)
    }

    /// Data codewords in the smallest size that holds them (fewest codewords, then fewest columns), padded with 900.
    public static func encode(codewords data: [Int], columns: Int? = nil, rowHeight: Int = 2) throws(EncoderError) -> BitMatrix {
        let candidates = MicroPDF417Variant.all.filter { $0.dataCount >= data.count && (columns == nil || $0.columns == columns) }
        guard let variant = candidates.min(by: { ($0.codewordCount, $0.columns) < ($1.codewordCount, $1.columns) }) else {
            throw .dataTooLong(.microPDF417, count: data.count)
        }
        let padded = data + [Int](repeating: 900, count: variant.dataCount - data.count)
        let codewords = padded + PDF417ReedSolomon.checkCodewords(for: padded, count: variant.checkCount)
        var matrix = BitMatrix(width: variant.width, height: variant.rows * rowHeight)
        for r in 0..<variant.rows {
            let cluster = (variant.firstCluster + r) % 3 * 3
            var patterns: [(bits: Int, width: Int)] = []
            var raps = [MicroPDF417Variant.sideRAPs[(variant.leftRAP + r) % 52]]
            if variant.centerRAP >= 0 { raps.append(MicroPDF417Variant.centerRAPs[(variant.centerRAP + r) % 52]) }
            raps.append(MicroPDF417Variant.sideRAPs[(variant.rightRAP + r) % 52])
            var rapIndex = 0
            for slot in variant.rowLayout {
                if let column = slot {
                    let widths = PDF417Codeword.moduleWidths(value: codewords[r * variant.columns + column], cluster: cluster)
                    var bits = 0, dark = true
                    for w in widths { for _ in 0..<w { bits = bits << 1 | (dark ? 1 : 0) }; dark.toggle() }
                    patterns.append((bits, 17))
                } else {
                    patterns.append((raps[rapIndex], 10))
                    rapIndex += 1
                }
            }
            patterns.append((1, 1))  // the stop bar
            var x = 0
            for pattern in patterns {
                for i in 0..<pattern.width where pattern.bits >> (pattern.width - 1 - i) & 1 == 1 {
                    for dy in 0..<rowHeight { matrix[x + i, r * rowHeight + dy] = true }
                }
                x += pattern.width
            }
        }
        return matrix
    }
}
