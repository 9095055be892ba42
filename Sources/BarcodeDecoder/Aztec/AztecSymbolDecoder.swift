/// Reads an Aztec symbol's data from its modules: the layers' words, Reed–Solomon, unstuffing, then the text.
enum AztecSymbolDecoder {
    struct Result {
        var bytes: [UInt8]
        var text: String
        var isGS1: Bool
        var correctedWords: Int
    }

    /// Decodes the data layers of `grid` (the whole symbol, upright) given the mode message; nil when the words cannot be
    /// corrected or the bits are not valid data.
    static func decode(_ grid: BitMatrix, layout: AztecLayout, message: AztecModeMessage) -> Result? {
        let wordSize = layout.wordSize
        guard message.dataWords <= layout.maximumDataWords else { return nil }
        let positions = layout.bitPositions()
        let skip = layout.totalBits % wordSize
        var words = [Int](repeating: 0, count: layout.wordCount)
        for w in 0..<layout.wordCount {
            var value = 0
            for b in 0..<wordSize {
                let p = positions[skip + w * wordSize + b]
                value = value << 1 | (grid[p.x, p.y] ? 1 : 0)
            }
            words[w] = value
        }
        let checkCount = layout.wordCount - message.dataWords
        var corrected = 0
        do { corrected = try ReedSolomon(field: layout.field).correct(words: &words, checkCount: checkCount) } catch { return nil }
        // Unstuff: a word of wordSize − 1 equal bits ends in the opposite bit, which carries nothing; all zeros or all ones
        // never occur in data.
        let all = (1 << wordSize) - 1
        var bits: [Bool] = []
        bits.reserveCapacity(message.dataWords * wordSize)
        for w in words[..<message.dataWords] {
            if w == 0 || w == all { return nil }
            let count = (w == 1 || w == all - 1) ? wordSize - 1 : wordSize
            for b in stride(from: wordSize - 1, to: wordSize - 1 - count, by: -1) { bits.append(w >> b & 1 == 1) }
        }
        guard let data = AztecTextDecoder.decode(bits) else { return nil }
        return Result(bytes: data.bytes, text: data.text, isGS1: data.isGS1, correctedWords: corrected)
    }
}
