import BarcodeDecoder

/// Encodes Data Matrix ECC 200 symbols, square or rectangular, in a chosen encodation scheme.
public enum DataMatrixEncoder {
    public enum Shape: Sendable { case square, rectangle, any }

    /// The module grid for `bytes`, in the smallest symbol of `shape` that holds them.
    ///
    /// ASCII packs digit pairs and upper-shifts bytes over 127; the other schemes encode what they can and return to ASCII for the rest.
    public static func encode(_ bytes: [UInt8], scheme: DataMatrixEncodation.Scheme = .ascii, shape: Shape = .square,
                              gs1: Bool = false, minimumSize: Int = 0) throws(EncoderError) -> BitMatrix {
        var codewords: [UInt8] = gs1 ? [232] : []
        codewords += try encodation(bytes, scheme: scheme, gs1: gs1, offset: codewords.count)
        let candidates = DataMatrixSize.all.filter { size in
            switch shape {
            case .square: size.rows == size.columns
            case .rectangle: size.rows != size.columns
            case .any: true
            }
        }.sorted { $0.dataCodewords < $1.dataCodewords }
        guard let size = candidates.first(where: { $0.dataCodewords >= codewords.count && $0.rows * $0.columns >= minimumSize }) else {
            throw .dataTooLong(.dataMatrix, count: bytes.count)
        }
        if codewords.count < size.dataCodewords { codewords.append(129) }
        while codewords.count < size.dataCodewords {
            let position = codewords.count + 1
            var v = 129 + (149 * position) % 253 + 1
            if v > 254 { v -= 254 }
            codewords.append(UInt8(v))
        }
        return place(codewords, size: size)
    }

    public static func encode(_ text: String, scheme: DataMatrixEncodation.Scheme = .ascii, shape: Shape = .square) throws(EncoderError) -> BitMatrix {
        try encode(Array(text.utf8), scheme: scheme, shape: shape)
    }

    /// Adds the check codewords, interleaved, and draws the symbol.
    static func place(_ data: [UInt8], size: DataMatrixSize) -> BitMatrix {
        let rs = ReedSolomon(field: .dataMatrix)
        let checkPerBlock = size.checkCodewords / size.blocks
        var all = data + [UInt8](repeating: 0, count: size.checkCodewords)
        for b in 0..<size.blocks {
            let block = (0..<size.dataCodewords(block: b)).map { data[b + $0 * size.blocks] }
            let check = rs.checkCodewords(for: block, count: checkPerBlock)
            for k in 0..<checkPerBlock { all[size.dataCodewords + b + k * size.blocks] = check[k] }
        }
        var m = BitMatrix(width: size.columns, height: size.rows)
        DataMatrixPlacement.drawBorders(size, into: &m)
        let layout = DataMatrixPlacement.layout(rows: size.mappingRows, columns: size.mappingColumns)
        for row in 0..<size.mappingRows {
            for col in 0..<size.mappingColumns {
                let v = layout[row * size.mappingColumns + col]
                let (x, y) = DataMatrixPlacement.symbolPosition(size, row: row, column: col)
                m[x, y] = v == -2 || (v >= 0 && v / 8 < all.count && all[v / 8] & (0x80 >> UInt8(v % 8)) != 0)
            }
        }
        return m
    }

    static func encodation(_ bytes: [UInt8], scheme: DataMatrixEncodation.Scheme, gs1: Bool, offset: Int) throws(EncoderError) -> [UInt8] {
        switch scheme {
        case .ascii:
            return ascii(bytes[...], gs1: gs1)
        case .c40, .text, .x12:
            var values: [Int] = []
            var consumed = 0
            var out: [UInt8] = [scheme == .c40 ? 230 : scheme == .text ? 239 : 238]
            for b in bytes {
                guard let v = tripletValues(b, scheme) else { break }
                values += v
                consumed += 1
            }
            // Only whole triplets of whole characters: back off characters until the values divide by three.
            while values.count % 3 != 0 {
                consumed -= 1
                values = bytes[..<consumed].flatMap { tripletValues($0, scheme)! }
            }
            for k in stride(from: 0, to: values.count, by: 3) {
                let v = values[k] * 1600 + values[k + 1] * 40 + values[k + 2] + 1
                out += [UInt8(v / 256), UInt8(v % 256)]
            }
            out.append(254)
            return out + ascii(bytes[consumed...], gs1: gs1)
        case .edifact:
            var values: [Int] = []
            var consumed = 0
            for b in bytes where (32...94).contains(b) && consumed == values.count {
                values.append(Int(b) & 0x3F)
                consumed += 1
            }
            values.append(0x1F)
            var bits: [Bool] = []
            for v in values { for i in stride(from: 5, through: 0, by: -1) { bits.append(v >> i & 1 == 1) } }
            while bits.count % 8 != 0 { bits.append(false) }
            var edifact: [UInt8] = []
            for k in stride(from: 0, to: bits.count, by: 8) {
                edifact.append((0..<8).reduce(UInt8(0)) { $0 << 1 | (bits[k + $1] ? 1 : 0) })
            }
            // Readers take two codewords or fewer at the symbol's end as ASCII (ISO/IEC 16022, 5.2.8.2), so the last group,
            // which holds the unlatch, must not end there: where it and what follows come to fewer than three codewords,
            // pad codewords (129, end of data) follow.
            let rest = ascii(bytes[consumed...], gs1: gs1)
            let fromLastGroup = edifact.count - (edifact.count - 1) / 3 * 3 + rest.count
            return [240] + edifact + rest + [UInt8](repeating: 129, count: max(0, 3 - fromLastGroup))
        case .base256:
            var out: [UInt8] = [231]
            var payload: [Int] = []
            if bytes.count <= 249 { payload.append(bytes.count) } else { payload += [bytes.count / 250 + 249, bytes.count % 250] }
            payload += bytes.map(Int.init)
            for v in payload {
                let position = offset + out.count + 1
                out.append(UInt8((v + (149 * position) % 255 + 1) % 256))
            }
            return out
        }
    }

    static func ascii(_ bytes: ArraySlice<UInt8>, gs1: Bool) -> [UInt8] {
        var out: [UInt8] = []
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if i + 1 < bytes.endIndex, (48...57).contains(b), (48...57).contains(bytes[i + 1]) {
                out.append(UInt8(130 + Int(b - 48) * 10 + Int(bytes[i + 1] - 48)))
                i += 2
                continue
            }
            if gs1 && b == 0x1D { out.append(232) } else if b >= 128 { out += [235, b - 128 + 1] } else { out.append(b + 1) }
            i += 1
        }
        return out
    }

    /// The C40, Text or X12 values of one byte, or nil when the scheme cannot hold it (only ASCII is encoded in these schemes here).
    static func tripletValues(_ b: UInt8, _ scheme: DataMatrixEncodation.Scheme) -> [Int]? {
        let c = Int(b)
        if scheme == .x12 {
            switch c {
            case 13: return [0]
            case 42: return [1]
            case 62: return [2]
            case 32: return [3]
            case 48...57: return [c - 44]
            case 65...90: return [c - 51]
            default: return nil
            }
        }
        guard c < 128 else { return nil }
        let upper = scheme == .c40
        switch c {
        case 32: return [3]
        case 48...57: return [c - 44]
        case 65...90: return upper ? [c - 51] : [2, c - 64]
        case 97...122: return upper ? [2, c - 96] : [c - 83]
        case 0...31: return [0, c]
        case 96: return [2, 0]
        case 123...127: return [2, c - 123 + 27]
        default:
            if let index = [UInt8]("!\"#$%&'()*+,-./:;<=>?@[\\]^_".utf8).firstIndex(of: b) { return [1, index] }
            return nil
        }
    }
}
