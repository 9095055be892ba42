import BarcodeDecoder

/// Encodes PDF417 symbols (ISO/IEC 15438): text, numeric or byte compaction, Reed–Solomon over GF(929), row indicators.
public enum PDF417Encoder {
    /// `text` as a PDF417 symbol: one matrix row per module row, each symbol row `rowHeight` modules tall.
    ///
    /// Compaction: text compaction when every character is in its tables (printable ASCII, CR, LF, tab), numeric when the
    /// text is 8 or more digits, otherwise byte compaction of the UTF-8 bytes. `level` (0…8) defaults to the level the
    /// standard recommends for the data length; `columns` (1…30) to a symbol about twice as wide as tall.
    public static func encode(_ text: String, level: Int? = nil, columns: Int? = nil, rowHeight: Int = 3) throws(EncoderError) -> BitMatrix {
        try encode(codewords: dataCodewords(text), level: level, columns: columns, rowHeight: rowHeight)
    }

    /// The data codewords of `text`: numeric compaction for 8 or more digits, text compaction when every character is in
    /// its tables, byte compaction of the UTF-8 bytes otherwise (MicroPDF417 compacts alike).
    static func dataCodewords(_ text: String) -> [Int] {
        let bytes = Array(text.utf8)
        if bytes.count >= 8 && bytes.allSatisfy({ $0 >= 48 && $0 <= 57 }) { return numeric(bytes) }
        return textCompaction(bytes) ?? byteCompaction(bytes)
    }

    /// Data codewords (after the length descriptor) as a symbol.
    public static func encode(codewords payload: [Int], level: Int? = nil, columns: Int? = nil, rowHeight: Int = 3) throws(EncoderError) -> BitMatrix {
        let dataCount = payload.count + 1
        let level = level ?? (dataCount <= 40 ? 2 : dataCount <= 160 ? 3 : dataCount <= 320 ? 4 : 5)
        let k = 1 << (min(8, max(0, level)) + 1)
        let total = dataCount + k
        guard total <= 928 else { throw .dataTooLong(.pdf417, count: payload.count) }
        var columnCount = columns ?? 0
        if columnCount == 0 {
            columnCount = 30
            for c in 1...30 {
                let rows = max(3, (total + c - 1) / c)
                if rows <= 90 && 17 * c + 69 >= 2 * 3 * rows { columnCount = c; break }
            }
        }
        columnCount = min(30, max(1, columnCount))
        let rows = max(3, (total + columnCount - 1) / columnCount)
        guard rows <= 90 else { throw .dataTooLong(.pdf417, count: payload.count) }
        let padded = rows * columnCount - k
        var data = [padded] + payload + [Int](repeating: 900, count: padded - dataCount)
        data += PDF417ReedSolomon.checkCodewords(for: data, level: min(8, max(0, level)))
        let widthModules = 17 * columnCount + 69
        var matrix = BitMatrix(width: widthModules, height: rows * rowHeight)
        let ecLevel = min(8, max(0, level))
        for r in 0..<rows {
            let cluster = r % 3 * 3
            let base = r / 3 * 30
            let left: Int, right: Int
            switch cluster {
            case 0: left = base + (rows - 1) / 3; right = base + columnCount - 1
            case 3: left = base + ecLevel * 3 + (rows - 1) % 3; right = base + (rows - 1) / 3
            default: left = base + columnCount - 1; right = base + ecLevel * 3 + (rows - 1) % 3
            }
            var widths = [8, 1, 1, 1, 1, 1, 1, 3]
            widths += PDF417Codeword.moduleWidths(value: left, cluster: cluster)
            for c in 0..<columnCount { widths += PDF417Codeword.moduleWidths(value: data[r * columnCount + c], cluster: cluster) }
            widths += PDF417Codeword.moduleWidths(value: right, cluster: cluster)
            widths += [7, 1, 1, 3, 1, 1, 1, 2, 1]
            var x = 0
            for (i, w) in widths.enumerated() {
                if i % 2 == 0 {
                    for dx in 0..<w { for dy in 0..<rowHeight { matrix[x + dx, r * rowHeight + dy] = true } }
                }
                x += w
            }
        }
        return matrix
    }

    static let mixed: [UInt8] = Array("0123456789&\r\t,:#-.$/+%*=^".utf8)
    static let punctuation: [UInt8] = Array(";<>@[\\]_`~!\r\t,:\n-.$/\"|*()?{}'".utf8)

    enum SubMode { case alpha, lower, mixed, punctuation }

    static func value(_ b: UInt8, in mode: SubMode) -> Int? {
        switch mode {
        case .alpha: b >= 65 && b <= 90 ? Int(b) - 65 : b == 32 ? 26 : nil
        case .lower: b >= 97 && b <= 122 ? Int(b) - 97 : b == 32 ? 26 : nil
        case .mixed: b == 32 ? 26 : mixed.firstIndex(of: b)
        case .punctuation: punctuation.firstIndex(of: b)
        }
    }

    /// Text compaction with latches and shifts chosen greedily, or nil when a character has no text value.
    static func textCompaction(_ bytes: [UInt8]) -> [Int]? {
        var values: [Int] = []
        var mode = SubMode.alpha
        for (i, b) in bytes.enumerated() {
            if let v = value(b, in: mode) { values.append(v); continue }
            let next = i + 1 < bytes.count ? bytes[i + 1] : nil
            if mode != .punctuation, let v = value(b, in: .punctuation), next.map({ value($0, in: mode) != nil }) ?? true {
                values += [29, v]
                continue
            }
            if mode == .lower, let v = value(b, in: .alpha), next.map({ value($0, in: .lower) != nil }) ?? true {
                values += [27, v]
                continue
            }
            guard let target = [SubMode.alpha, .lower, .mixed, .punctuation].first(where: { value(b, in: $0) != nil }) else { return nil }
            switch (mode, target) {
            case (.alpha, .lower): values += [27]
            case (.alpha, .mixed): values += [28]
            case (.alpha, .punctuation): values += [28, 25]
            case (.lower, .alpha): values += [28, 28]
            case (.lower, .mixed): values += [28]
            case (.lower, .punctuation): values += [28, 25]
            case (.mixed, .alpha): values += [28]
            case (.mixed, .lower): values += [27]
            case (.mixed, .punctuation): values += [25]
            case (.punctuation, .alpha): values += [29]
            case (.punctuation, .lower): values += [29, 27]
            case (.punctuation, .mixed): values += [29, 28]
            default: break
            }
            mode = target
            values.append(value(b, in: mode)!)
        }
        if values.count % 2 == 1 { values.append(29) }
        return stride(from: 0, to: values.count, by: 2).map { values[$0] * 30 + values[$0 + 1] }
    }

    /// Numeric compaction: latch 902, then groups of 44 digits as base-900 numbers with a leading 1.
    static func numeric(_ digits: [UInt8]) -> [Int] {
        var out = [902]
        var i = 0
        while i < digits.count {
            let group = digits[i..<min(i + 44, digits.count)]
            // Base-10 string "1" + group → base 900, by long division.
            var number = [1] + group.map { Int($0) - 48 }
            var codewords: [Int] = []
            while !(number.count == 1 && number[0] == 0) {
                var remainder = 0
                var quotient: [Int] = []
                for d in number {
                    let v = remainder * 10 + d
                    if !quotient.isEmpty || v / 900 > 0 { quotient.append(v / 900) }
                    remainder = v % 900
                }
                codewords.insert(remainder, at: 0)
                number = quotient.isEmpty ? [0] : quotient
            }
            out += codewords
            i += 44
        }
        return out
    }

    /// Byte compaction: latch 924 (a multiple of 6 bytes) or 901; 6 bytes in 5 codewords, the rest one byte each.
    static func byteCompaction(_ bytes: [UInt8]) -> [Int] {
        var out = [bytes.count % 6 == 0 ? 924 : 901]
        var i = 0
        while i + 6 <= bytes.count {
            var value: UInt64 = 0
            for b in bytes[i..<i + 6] { value = value << 8 | UInt64(b) }
            var group = [Int](repeating: 0, count: 5)
            for j in stride(from: 4, through: 0, by: -1) { group[j] = Int(value % 900); value /= 900 }
            out += group
            i += 6
        }
        out += bytes[i...].map(Int.init)
        return out
    }
}
