/// The mode message of an Aztec symbol: its layer count and data-word count, protected by Reed–Solomon over GF(16).
///
/// Compact: 2 bits of layers − 1 and 6 of data words − 1, then 5 check nibbles (28 bits). Full-range: 5 bits of layers − 1
/// and 11 of data words − 1, then 6 check nibbles (40 bits).
public struct AztecModeMessage: Sendable, Equatable {
    public var layers: Int
    public var dataWords: Int

    public init(layers: Int, dataWords: Int) {
        self.layers = layers
        self.dataWords = dataWords
    }

    /// The message's bits, most significant first.
    public func bits(compact: Bool) -> [Bool] {
        let value = compact ? (layers - 1) << 6 | (dataWords - 1) : (layers - 1) << 11 | (dataWords - 1)
        let dataNibbles = compact ? 2 : 4
        var nibbles = (0..<dataNibbles).map { value >> (4 * (dataNibbles - 1 - $0)) & 0xF }
        nibbles += ReedSolomon(field: .aztecModeMessage).checkWords(for: nibbles, count: compact ? 5 : 6)
        return nibbles.flatMap { n in (0..<4).map { n >> (3 - $0) & 1 == 1 } }
    }

    /// The message read from its bits, corrected; nil when Reed–Solomon cannot repair it.
    public init?(bits: [Bool], compact: Bool) {
        guard bits.count == (compact ? 28 : 40) else { return nil }
        var nibbles = stride(from: 0, to: bits.count, by: 4).map { i in (0..<4).reduce(0) { $0 << 1 | (bits[i + $1] ? 1 : 0) } }
        do { try ReedSolomon(field: .aztecModeMessage).correct(words: &nibbles, checkCount: compact ? 5 : 6) } catch { return nil }
        let dataNibbles = compact ? 2 : 4
        let value = nibbles[..<dataNibbles].reduce(0) { $0 << 4 | $1 }
        if compact {
            layers = value >> 6 + 1
            dataWords = value & 0x3F + 1
        } else {
            layers = value >> 11 + 1
            dataWords = value & 0x7FF + 1
        }
    }
}
