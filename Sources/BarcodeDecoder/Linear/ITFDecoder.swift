/// Reads Interleaved 2 of 5: pairs of digits, the first in the bars and the second in the spaces.
///
/// A weak symbology; reads shorter than `DecoderOptions.minimumITFLength` digits are rejected.
struct ITFDecoder: RowDecoder {
    let symbologies: Set<Symbology> = [.interleaved2of5]
    /// Wide elements per digit (bar or space order), for digits 0–9.
    static let patterns: [[Bool]] = ["nnwwn", "wnnnw", "nwnnw", "wwnnn", "nnwnw", "wnwnn", "nwwnn", "nnnww", "wnnwn", "nwnwn"]
        .map { $0.map { $0 == "w" } }

    func decode(_ row: RunRow, options: DecoderOptions) -> [RowHit] {
        let runs = row.widths
        var hits: [RowHit] = []
        var i = 1
        while i + 4 + 10 + 3 < runs.count {
            defer { i += 2 }
            guard RunPattern.distance(runs, i, [1, 1, 1, 1], modules: 4) < 0.25 else { continue }
            let narrow = runs[i..<i + 4].reduce(0, +) / 4
            guard runs[i - 1] >= narrow * 6 else { continue }
            if let hit = decodeFrom(runs, i, narrow: narrow, options: options) { hits.append(hit); i = hit.lastRun }
        }
        return hits
    }

    private func decodeFrom(_ runs: [Double], _ s: Int, narrow: Double, options: DecoderOptions) -> RowHit? {
        var digits: [UInt8] = []
        var at = s + 4
        while at + 3 < runs.count {
            if isStop(runs, at, narrow: narrow) {
                guard digits.count >= options.minimumITFLength else { return nil }
                return RowHit(symbology: .interleaved2of5, text: Latin1.string(digits), bytes: digits, firstRun: s, lastRun: at + 2)
            }
            guard at + 10 <= runs.count else { return nil }
            let bars = (0..<5).map { runs[at + 2 * $0] }
            let spaces = (0..<5).map { runs[at + 2 * $0 + 1] }
            guard let a = Self.digit(bars, narrow: narrow), let b = Self.digit(spaces, narrow: narrow) else { return nil }
            digits.append(UInt8(48 + a)); digits.append(UInt8(48 + b))
            at += 10
            if digits.count > 80 { return nil }
        }
        return nil
    }

    private func isStop(_ runs: [Double], _ at: Int, narrow: Double) -> Bool {
        let w = runs[at], n1 = runs[at + 1], n2 = runs[at + 2]
        return w > narrow * 1.7 && w < narrow * 4.2 && n1 < narrow * 1.6 && n2 < narrow * 1.6 && runs[at + 3] >= narrow * 6
    }

    private static func digit(_ widths: [Double], narrow: Double) -> Int? {
        let sorted = widths.sorted()
        guard sorted[3] > sorted[2] * 1.5 else { return nil }
        let threshold = (sorted[2] + sorted[3]) / 2
        let wide = widths.map { $0 > threshold }
        return patterns.firstIndex(of: wide)
    }
}
