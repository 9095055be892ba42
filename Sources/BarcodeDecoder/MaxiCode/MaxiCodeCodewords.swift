/// MaxiCode's 144 codewords (ISO/IEC 16023): the primary message (10 data + 10 check codewords, Reed–Solomon over
/// GF(64)) and the secondary message after it, whose data and check codewords are split into two interleaved halves
/// (even and odd positions), each with its own check codewords: 84 data + 40 check (standard error correction, modes
/// 2, 3, 4 and 6) or 68 + 56 (enhanced, mode 5).
public enum MaxiCodeCodewords {
    /// The secondary message's data codewords in a mode.
    public static func secondaryDataCount(mode: Int) -> Int { mode == 5 ? 68 : 84 }

    /// Corrects `codewords` in place; returns the data codewords (primary data then secondary data) and how many codewords
    /// were repaired, or nil when Reed–Solomon fails or the mode is not one of 2–6.
    static func correct(_ codewords: inout [Int]) -> (data: [Int], corrected: Int)? {
        guard codewords.count == 144 else { return nil }
        let rs = ReedSolomon(field: .aztec6)
        var primary = Array(codewords[0..<20])
        var corrected = 0
        do { corrected += try rs.correct(words: &primary, checkCount: 10) } catch { return nil }
        codewords.replaceSubrange(0..<20, with: primary)
        let mode = codewords[0] & 0x0F
        guard (2...6).contains(mode) else { return nil }
        let dataCount = secondaryDataCount(mode: mode), checkCount = 124 - dataCount
        for parity in 0..<2 {
            let positions = Array(stride(from: 20 + parity, to: 144, by: 2))
            var half = positions.map { codewords[$0] }
            do { corrected += try rs.correct(words: &half, checkCount: checkCount / 2) } catch { return nil }
            for (p, v) in zip(positions, half) { codewords[p] = v }
        }
        return (Array(codewords[0..<10]) + Array(codewords[20..<(20 + dataCount)]), corrected)
    }

    /// The 144 codewords for 10 primary and the secondary data codewords (84, or 68 in mode 5).
    public static func withCheckCodewords(primary: [Int], secondary: [Int]) -> [Int] {
        let rs = ReedSolomon(field: .aztec6)
        var out = primary + rs.checkWords(for: primary, count: 10)
        let checkCount = 124 - secondary.count
        let even = rs.checkWords(for: stride(from: 0, to: secondary.count, by: 2).map { secondary[$0] }, count: checkCount / 2)
        let odd = rs.checkWords(for: stride(from: 1, to: secondary.count, by: 2).map { secondary[$0] }, count: checkCount / 2)
        out += secondary
        for i in 0..<(checkCount / 2) { out += [even[i], odd[i]] }
        return out
    }
}
