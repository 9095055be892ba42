import BarcodeDecoder

/// Encodes QR Code symbols (versions 1–40, levels L/M/Q/H, numeric, alphanumeric, byte, Kanji and ECI segments).
public enum QREncoder {
    /// The module grid for `segments`, in the smallest version from `minimumVersion` that holds them.
    ///
    /// The mask is the one with the lowest penalty unless `mask` forces one (0–7).
    public static func encode(_ segments: [QRSegment], level: QRErrorCorrectionLevel = .m, minimumVersion: Int = 1,
                              mask forcedMask: Int? = nil, gs1: Bool = false) throws(EncoderError) -> BitMatrix {
        var chosen: QRVersion?
        for v in max(1, minimumVersion)...40 {
            let version = QRVersion(v)!
            let bits = segments.reduce(gs1 ? 4 : 0) { $0 + $1.bitLength(version) }
            let fits = segments.allSatisfy { $0.characterCount < 1 << max(1, version.characterCountBits(mode(of: $0))) }
            if fits && bits <= version.dataCodewords(level) * 8 { chosen = version; break }
        }
        guard let version = chosen else { throw .dataTooLong(.qr, count: segments.reduce(0) { $0 + $1.characterCount }) }
        var w = BitWriter()
        if gs1 { w.append(QRMode.fnc1First.rawValue, 4) }
        for segment in segments { try segment.write(&w, version) }
        let capacity = version.dataCodewords(level) * 8
        w.append(0, min(4, capacity - w.count))
        if w.count % 8 != 0 { w.append(0, 8 - w.count % 8) }
        var data = w.bytes
        var pad: UInt8 = 0xEC
        while data.count < capacity / 8 { data.append(pad); pad = pad == 0xEC ? 0x11 : 0xEC }
        let codewords = interleave(data, version: version, level: level)
        var base = BitMatrix(width: version.dimension, height: version.dimension)
        QRFunctionPatterns.draw(version, into: &base)
        let positions = QRFunctionPatterns.dataPositions(version)
        let masks = forcedMask.map { [$0] } ?? Array(0..<8)
        var best: (penalty: Int, matrix: BitMatrix)?
        for mask in masks {
            var m = base
            for (k, (x, y)) in positions.enumerated() {
                let bit = k < codewords.count * 8 && codewords[k >> 3] & (0x80 >> UInt8(k & 7)) != 0
                m[x, y] = bit != QRFunctionPatterns.masked(mask, x: x, y: y)
            }
            drawFormat(&m, version: version, level: level, mask: mask)
            let p = masks.count == 1 ? 0 : penalty(m)
            if best == nil || p < best!.penalty { best = (p, m) }
        }
        return best!.matrix
    }

    /// Encodes `text` in its most compact single mode.
    public static func encode(_ text: String, level: QRErrorCorrectionLevel = .m, minimumVersion: Int = 1) throws(EncoderError) -> BitMatrix {
        try encode(QRSegment.automatic(text), level: level, minimumVersion: minimumVersion)
    }

    static func mode(of segment: QRSegment) -> QRMode {
        switch segment {
        case .numeric: .numeric
        case .alphanumeric: .alphanumeric
        case .byte: .byte
        case .kanji: .kanji
        case .eci: .eci
        }
    }

    static func interleave(_ data: [UInt8], version: QRVersion, level: QRErrorCorrectionLevel) -> [UInt8] {
        let structure = version.blocks(level)
        let rs = ReedSolomon(field: .qr)
        var blocks: [[UInt8]] = []
        var checks: [[UInt8]] = []
        var offset = 0
        for size in structure.blockDataSizes {
            let block = Array(data[offset..<offset + size])
            blocks.append(block)
            checks.append(rs.checkCodewords(for: block, count: structure.checkPerBlock))
            offset += size
        }
        var out: [UInt8] = []
        for i in 0..<(blocks.map(\.count).max() ?? 0) { for b in blocks where i < b.count { out.append(b[i]) } }
        for i in 0..<structure.checkPerBlock { for c in checks { out.append(c[i]) } }
        return out
    }

    static func drawFormat(_ m: inout BitMatrix, version: QRVersion, level: QRErrorCorrectionLevel, mask: Int) {
        let n = version.dimension
        let bits = QRFormatInformation.formatBits(level, mask: mask)
        for i in 0..<15 {
            let on = bits >> i & 1 == 1
            let (ax, ay) = QRFormatInformation.formatPositionsA(i)
            let (bx, by) = QRFormatInformation.formatPositionsB(i, dimension: n)
            m[ax, ay] = on
            m[bx, by] = on
        }
        m[8, n - 8] = true
        if version.number >= 7 {
            let v = QRFormatInformation.versionBits(version.number)
            for i in 0..<18 {
                let on = v >> i & 1 == 1
                m[n - 11 + i % 3, i / 3] = on
                m[i / 3, n - 11 + i % 3] = on
            }
        }
    }

    /// The ISO/IEC 18004 mask penalty: runs, 2×2 blocks, finder-like patterns and dark proportion.
    static func penalty(_ m: BitMatrix) -> Int {
        let n = m.width
        var score = 0
        for horizontal in [true, false] {
            for a in 0..<n {
                var run = 0
                var color = false
                var window = 0
                for b in 0..<n {
                    let v = horizontal ? m[b, a] : m[a, b]
                    if b > 0 && v == color { run += 1 } else {
                        if run >= 5 { score += run - 2 }
                        run = 1; color = v
                    }
                    window = (window << 1 | (v ? 1 : 0)) & 0x7FF
                    if b >= 10 && (window == 0b10111010000 || window == 0b00001011101) { score += 40 }
                }
                if run >= 5 { score += run - 2 }
            }
        }
        var dark = 0
        for y in 0..<n {
            for x in 0..<n {
                if m[x, y] { dark += 1 }
                if x + 1 < n, y + 1 < n, m[x, y] == m[x + 1, y], m[x, y] == m[x, y + 1], m[x, y] == m[x + 1, y + 1] { score += 3 }
            }
        }
        score += abs(dark * 20 - n * n * 10) / (n * n) * 10
        return score
    }
}
