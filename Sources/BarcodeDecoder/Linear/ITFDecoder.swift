/// Reads Interleaved 2 of 5: pairs of digits, the first in the bars and the second in the spaces.
///
/// A weak symbology; reads shorter than `DecoderOptions.shortestITF` digits are rejected (a scan line leaving a
/// longer symbol through the ends of its bars reads a few of its digits between what look like quiet zones).
///
/// Bars and spaces are measured apart: ink spread, blur and exposure widen one colour and narrow the other, so a
/// narrow bar and a narrow space need not be alike. Their narrow widths are followed from character to character, so a
/// symbol seen in perspective (modules shrinking along the line) keeps its stop pattern and quiet zone measured against
/// the modules next to them.
struct ITFDecoder: RowDecoder {
    let symbologies: Set<Symbology> = [.interleaved2of5]
    /// Wide elements per digit (bar or space order), for digits 0–9.
    static let patterns: [[Bool]] = ["nnwwn", "wnnnw", "nwnnw", "wwnnn", "nnwnw", "wnwnn", "nwwnn", "nnnww", "wnnwn", "nwnwn"]
        .map { $0.map { $0 == "w" } }

    /// The narrow widths of bars and of spaces near some place in the symbol.
    private struct NarrowWidths {
        var bar: Double
        var space: Double
        var mean: Double { (bar + space) / 2 }
    }

    func decode(_ runs: [Double], options: DecoderOptions) -> [RowHit] {
        var hits: [RowHit] = []
        var i = 1
        while i + 4 + 10 + 3 < runs.count {
            defer { i += 2 }
            // Start pattern: two narrow bars alike and two narrow spaces alike.
            let bar0 = runs[i], space0 = runs[i + 1], bar1 = runs[i + 2], space1 = runs[i + 3]
            guard max(bar0, bar1) <= min(bar0, bar1) * 1.5, max(space0, space1) <= min(space0, space1) * 1.5 else { continue }
            let narrow = NarrowWidths(bar: (bar0 + bar1) / 2, space: (space0 + space1) / 2)
            guard narrow.bar <= narrow.space * 2.5, narrow.space <= narrow.bar * 2.5, runs[i - 1] >= narrow.mean * 6 else { continue }
            if let hit = decodeFrom(runs, i, narrow: narrow, options: options) { hits.append(hit); i = hit.lastRun }
        }
        return hits
    }

    private func decodeFrom(_ runs: [Double], _ s: Int, narrow start: NarrowWidths, options: DecoderOptions) -> RowHit? {
        var digits: [UInt8] = []
        var narrow = start
        var at = s + 4
        while at + 3 < runs.count {
            if isStop(runs, at, narrow: narrow) {
                guard digits.count >= options.shortestITF else { return nil }
                return RowHit(symbology: .interleaved2of5, text: Latin1.string(digits), bytes: digits, firstRun: s, lastRun: at + 2)
            }
            guard at + 10 <= runs.count else { return nil }
            let bars = (0..<5).map { runs[at + 2 * $0] }
            let spaces = (0..<5).map { runs[at + 2 * $0 + 1] }
            guard let a = Self.digit(bars), let b = Self.digit(spaces) else { return nil }
            let pair = NarrowWidths(bar: Self.narrowMean(bars, a), space: Self.narrowMean(spaces, b))
            // The start pattern's elements are narrow against the first pair's; then the narrow widths change
            // gradually (perspective), never abruptly (a misread or another pattern).
            if digits.isEmpty {
                guard max(runs[s], runs[s + 2]) < pair.bar * 1.6, max(runs[s + 1], runs[s + 3]) < pair.space * 1.6 else { return nil }
            }
            guard pair.bar < narrow.bar * 1.6, pair.bar > narrow.bar / 1.6, pair.space < narrow.space * 1.6, pair.space > narrow.space / 1.6
            else { return nil }
            narrow = pair
            digits.append(UInt8(48 + a)); digits.append(UInt8(48 + b))
            at += 10
            if digits.count > 80 { return nil }
        }
        return nil
    }

    /// The stop pattern (wide bar, narrow space, narrow bar) followed by a quiet zone.
    private func isStop(_ runs: [Double], _ at: Int, narrow: NarrowWidths) -> Bool {
        let w = runs[at], n1 = runs[at + 1], n2 = runs[at + 2]
        return w > narrow.bar * 1.7 && w < narrow.bar * 4.2 && n1 < narrow.space * 1.6 && n2 < narrow.bar * 1.6
            && runs[at + 3] >= narrow.mean * 6
    }

    /// The mean width of the three narrow elements of a character read as `digit`.
    private static func narrowMean(_ widths: [Double], _ digit: Int) -> Double {
        var sum = 0.0
        for (k, wide) in patterns[digit].enumerated() where !wide { sum += widths[k] }
        return sum / 3
    }

    private static func digit(_ widths: [Double]) -> Int? {
        let sorted = widths.sorted()
        guard sorted[3] > sorted[2] * 1.5 else { return nil }
        let threshold = (sorted[2] + sorted[3]) / 2
        let wide = widths.map { $0 > threshold }
        return patterns.firstIndex(of: wide)
    }
}
