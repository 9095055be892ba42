import BarcodeDecoder

/// Encodes Aztec symbols (ISO/IEC 24778), compact or full-range, in the smallest size that holds the data with the
/// recommended error correction.
public enum AztecEncoder {
    /// The module grid for `bytes` (ISO 8859-1 unless `eci` names another character set).
    ///
    /// `minimumCheckPercent` of the symbol's words, plus 3, are check words (the standard recommends 23 %); `compact`
    /// nil picks the smallest symbol of either kind, true or false restricts the choice.
    public static func encode(_ bytes: [UInt8], eci: Int? = nil, minimumCheckPercent: Int = 23, compact: Bool? = nil,
                              minimumLayers: Int = 1) throws(EncoderError) -> BitMatrix {
        let bits = AztecTextEncoder.bits(bytes, eci: eci)
        let kinds: [Bool] = compact.map { [$0] } ?? [true, false]
        for kind in kinds {
            for layers in minimumLayers...(kind ? 4 : 32) {
                guard let layout = AztecLayout(compact: kind, layers: layers) else { continue }
                let words = stuffed(bits, wordSize: layout.wordSize)
                let checks = layout.wordCount - words.count
                guard words.count <= layout.maximumDataWords, checks >= (layout.wordCount * minimumCheckPercent + 99) / 100 + 3
                else { continue }
                return draw(layout, data: words)
            }
        }
        throw .dataTooLong(.aztec, count: bytes.count)
    }

    /// The grid for `text`: ISO 8859-1 when every character has a byte there, else UTF-8 under ECI 26.
    public static func encode(_ text: String, compact: Bool? = nil) throws(EncoderError) -> BitMatrix {
        if let latin1 = text.data(using: .isoLatin1) { return try encode(Array(latin1), compact: compact) }
        return try encode(Array(text.utf8), eci: 26, compact: compact)
    }

    /// The bits cut into words of `wordSize`: a word whose first wordSize − 1 bits are equal gets the opposite bit (and
    /// takes one bit fewer), so no word is all zeros or all ones; the last is padded with ones.
    static func stuffed(_ bits: [Bool], wordSize: Int) -> [Int] {
        let top = (1 << (wordSize - 1)) - 1
        // No data at all still takes a word: padding, all ones but the stuffed last bit.
        guard !bits.isEmpty else { return [top << 1] }
        var words: [Int] = []
        var i = 0
        while i < bits.count {
            var word = 0
            for b in 0..<wordSize { word = word << 1 | (i + b >= bits.count || bits[i + b] ? 1 : 0) }
            switch word >> 1 {
            case top: word = top << 1; i += wordSize - 1
            case 0: word = 1; i += wordSize - 1
            default: i += wordSize
            }
            words.append(word)
        }
        return words
    }

    /// The symbol: bull's-eye, orientation marks, mode message, reference grid and the layers (data then check words).
    static func draw(_ layout: AztecLayout, data: [Int]) -> BitMatrix {
        var matrix = BitMatrix(width: layout.size, height: layout.size)
        let c = layout.size / 2
        if !layout.isCompact {
            for line in stride(from: 0, through: c, by: 16) {
                for k in 0..<layout.size where (k - c) % 2 == 0 {
                    matrix[c - line, k] = true; matrix[c + line, k] = true
                    matrix[k, c - line] = true; matrix[k, c + line] = true
                }
            }
        }
        let eye = layout.modeRingRadius - 1
        for y in (c - eye)...(c + eye) {
            for x in (c - eye)...(c + eye) { matrix[x, y] = max(abs(x - c), abs(y - c)) % 2 == 0 }
        }
        for mark in layout.orientationMarks() { matrix[mark.x, mark.y] = mark.dark }
        let message = AztecModeMessage(layers: layout.layers, dataWords: data.count).bits(compact: layout.isCompact)
        for (bit, p) in zip(message, layout.modeMessagePositions()) { matrix[p.x, p.y] = bit }
        let words = data + ReedSolomon(field: layout.field).checkWords(for: data, count: layout.wordCount - data.count)
        let positions = layout.bitPositions()
        var index = layout.totalBits % layout.wordSize
        for word in words {
            for b in stride(from: layout.wordSize - 1, through: 0, by: -1) {
                let p = positions[index]
                matrix[p.x, p.y] = word >> b & 1 == 1
                index += 1
            }
        }
        return matrix
    }
}
