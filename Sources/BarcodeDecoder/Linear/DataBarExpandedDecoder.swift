/// Reads GS1 DataBar Expanded (ISO/IEC 24724) from the runs of one scan line (one row; Expanded Stacked is not joined yet).
///
/// Guard (1 space, 1 bar), then pairs of 17-module data characters around a 15-module finder, then a guard (1 bar,
/// 1 space). Pairs alternate: every second one has its colours swapped and its finder reversed. The first character is a
/// check (211·(characters − 4) + the weighted sum of every other character's widths mod 211); the finder sequence must be
/// the one the standard gives for the number of pairs. The other characters' 12-bit values are the data bits
/// (`DataBarExpandedBits`).
struct DataBarExpandedDecoder: RowDecoder {
    let symbologies: Set<Symbology> = [.dataBarExpanded]

    func decode(_ row: RunRow, options: DecoderOptions) -> [RowHit] {
        let runs = row.widths
        var hits: [RowHit] = []
        var g = 1
        while g + 24 < runs.count {
            defer { g += 2 }
            if let hit = decode(runs, guardBar: g) {
                hits.append(hit)
                g = hit.lastRun
            }
        }
        return hits
    }

    /// The finder value whose pattern (reversed when `reversed`) fits 5 widths, if any fits within 0.6 module each.
    static func finder(_ widths: ArraySlice<Double>, reversed: Bool) -> Int? {
        let w = reversed ? Array(widths.reversed()) : Array(widths)
        let total = w.reduce(0, +)
        guard total > 0 else { return nil }
        let unit = total / 15
        var best: (Int, Double)?
        for (value, pattern) in DataBarExpandedCharacters.finders.enumerated() {
            var worst = 0.0, sum = 0.0
            for i in 0..<5 {
                let d = abs(w[i] / unit - Double(pattern[i]))
                worst = max(worst, d)
                sum += d
            }
            if worst < 0.6, sum < (best?.1 ?? .infinity) { best = (value, sum) }
        }
        return best?.0
    }

    /// The symbol whose left guard bar is run `g`, if its pairs, finder sequence and check fit.
    func decode(_ runs: [Double], guardBar g: Int) -> RowHit? {
        guard runs[g - 1] >= 2 * runs[g] || g == 1 else { return nil }
        var finders: [Int] = []
        var characters: [[Int]] = []  // module counts, outer end first
        var p = g + 1
        var pairIndex = 0
        var last = g
        while p + 12 < runs.count {
            let swapped = pairIndex % 2 == 1
            guard let finder = Self.finder(runs[(p + 8)...(p + 12)], reversed: swapped) else { break }
            let module = runs[(p + 8)...(p + 12)].reduce(0, +) / 15
            guard let left = DataBarDecoder.moduleCounts(Array(runs[p...(p + 7)]), modules: 17) else { break }
            let leftWidth = runs[p...(p + 7)].reduce(0, +)
            guard abs(leftWidth / module - 17) < 3 else { break }
            finders.append(finder)
            characters.append(left)
            last = p + 12
            // The right character, unless the symbol ends after the finder (an odd number of characters).
            if p + 20 < runs.count, let right = DataBarDecoder.moduleCounts(Array(runs[(p + 13)...(p + 20)].reversed()), modules: 17),
               abs(runs[(p + 13)...(p + 20)].reduce(0, +) / module - 17) < 3, runs[p + 20] < 10 * module || p + 21 >= runs.count {
                // The element after a closing right character is the guard bar (one module) or, for a further pair, a bar.
                characters.append(right)
                last = p + 20
            } else {
                break
            }
            p += 21
            pairIndex += 1
            if finders.count == 11 { break }
        }
        // The right guard: one bar after the last character (which ended with a space or, after a lone left character,
        // the finder ended with a space).
        guard finders.count >= 2, last + 1 < runs.count else { return nil }
        guard finders.count <= 11, DataBarExpandedCharacters.sequence(pairs: finders.count) == finders else { return nil }
        // Weighted check over every character but the first.
        var checksum = 0
        var values: [Int] = []
        for (index, counts) in characters.enumerated() {
            let pair = index / 2, isLeft = index % 2 == 0
            let weightRow = index == 0 ? nil : 4 * finders[pair] + (pair % 2 == 0 ? 0 : 2) + (isLeft ? 0 : 1) - 1
            guard let value = DataBarExpandedCharacters.value(counts) else { return nil }
            if let weightRow { checksum += DataBarExpandedCharacters.checksum(counts, weightRow: weightRow) }
            values.append(value)
        }
        guard values[0] == 211 * (characters.count - 4) + checksum % 211 else { return nil }
        guard let text = DataBarExpandedBits.decode(Array(values.dropFirst())) else { return nil }
        return RowHit(symbology: .dataBarExpanded, text: text, bytes: Array(text.utf8), firstRun: g, lastRun: last + 1, isGS1: true)
    }
}
