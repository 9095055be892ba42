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
        // The test at every bar reads the widths without a bounds test each (the loop's end keeps it inside).
        // The quiet zone's bound (`mayHaveQuietZone`) is taken at every bar before any is visited, without a branch
        // (`RunCandidates`): on a frame without a code few places pass it.
        runs.withUnsafeBufferPointer { widths in
            RunCandidates.visit(from: 1, below: widths.count &- (4 + 10 + 3), test: { i in Self.quietZoneTest(widths, i) }) { i in
                // Start pattern: two narrow bars alike and two narrow spaces alike, after the quiet zone. The quiet zone
                // is tested first, and the tests are one conjunction.
                let bar0 = widths[i], space0 = widths[i + 1], bar1 = widths[i + 2], space1 = widths[i + 3]
                let narrow = NarrowWidths(bar: (bar0 + bar1) / 2, space: (space0 + space1) / 2)
                guard widths[i &- 1] >= narrow.mean * 6,
                      max(bar0, bar1) <= min(bar0, bar1) * 1.5, max(space0, space1) <= min(space0, space1) * 1.5,
                      narrow.bar <= narrow.space * 2.5, narrow.space <= narrow.bar * 2.5,
                      let hit = decodeFrom(runs, i, narrow: narrow, options: options) else { return i &+ 2 }
                hits.append(hit)
                return hit.lastRun &+ 2
            }
        }
        return hits
    }

    /// Whether the run before `s` is at least 1.49 times the four runs from `s` together, added in any order: the
    /// quiet zone's test (6 times their narrow bar and space's mean, 1.5 times their sum) needs it, their few roundings
    /// staying far inside the margin.
    static func mayHaveQuietZone(_ runs: UnsafeBufferPointer<Double>, _ s: Int) -> Bool {
        runs[s - 1] >= 1.49 * ((runs[s] + runs[s + 1]) + (runs[s + 2] + runs[s + 3]))
    }

    /// `mayHaveQuietZone` as 1 or 0, without a branch (`SignBit`).
    @inline(__always)
    static func quietZoneTest(_ runs: UnsafeBufferPointer<Double>, _ s: Int) -> UInt64 {
        SignBit.atLeast(runs[s &- 1], 1.49 * ((runs[s] + runs[s &+ 1]) + (runs[s &+ 2] + runs[s &+ 3])))
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
            guard at + 10 <= runs.count, let (a, narrowBar) = Self.digit(runs, at), let (b, narrowSpace) = Self.digit(runs, at + 1)
            else { return nil }
            let pair = NarrowWidths(bar: narrowBar, space: narrowSpace)
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

    /// The stop pattern (wide bar, narrow space, narrow bar) followed by a quiet zone. Its wide bar is wide as a digit's
    /// wide elements are, over 1.5 narrow ones: blur takes the ratio down from the printed 2–3 (a Gaussian of 1.2 px
    /// leaves `itf-1/3`'s stop 5, 2, 3 px after narrow bars of 3, under the 1.7 this asked until the twenty-fifth
    /// session). Inside a symbol no space passes for the quiet zone after it.
    private func isStop(_ runs: [Double], _ at: Int, narrow: NarrowWidths) -> Bool {
        let w = runs[at], n1 = runs[at + 1], n2 = runs[at + 2]
        return w > narrow.bar * 1.5 && w < narrow.bar * 4.2 && n1 < narrow.space * 1.6 && n2 < narrow.bar * 1.6
            && runs[at + 3] >= narrow.mean * 6
    }

    /// Whether a digit's narrowest wide element (`wide`) stands apart from its widest narrow one (`narrow`): over 1.5
    /// times it less a pixel, and over 1.2 times it. Each width is the distance of two edges placed on the pixel grid,
    /// so at a pixel or two a module a narrow element comes out up to a pixel wider and a wide one narrower (a frame
    /// scaled without filtering drops or repeats whole pixel columns: the 70 % nearest-neighbour copy of `itf-1/3`
    /// shows narrow spaces of 2.9 px beside wide ones of 3.9). The pixel weighs little on wide modules, where the 1.5
    /// holds nearly as it is; the 1.2 keeps elements of 2 px from passing as wide beside ones of 1.9 (with the pixel
    /// alone, a small DataBar Expanded symbol read as ITF).
    @inline(__always) static func isWide(_ wide: Double, over narrow: Double) -> Bool {
        wide > narrow * 1.5 - 1 && wide > narrow * 1.2
    }

    /// The digit of the five elements at `at`, `at + 2`, … `at + 8` (a pair's bars or its spaces), read in place, and the
    /// mean width of its three narrow ones: `digitByDefinition` and `narrowMeanByDefinition` of the five widths, without
    /// the five arrays those made (two copies, a sorted one, the wide flags, and the pattern compared with each digit's).
    /// The sorted widths are the same whatever sorts them, and a digit's narrow elements are those at or below the
    /// threshold, summed in the same order.
    static func digit(_ runs: [Double], _ at: Int) -> (digit: Int, narrowMean: Double)? {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 5) { sorted -> (digit: Int, narrowMean: Double)? in
            for i in 0..<5 {
                let w = runs[at + 2 * i]
                var j = i
                while j > 0 && sorted[j - 1] > w { sorted[j] = sorted[j - 1]; j -= 1 }
                sorted[j] = w
            }
            guard Self.isWide(sorted[3], over: sorted[2]) else { return nil }
            let threshold = (sorted[2] + sorted[3]) / 2
            var bits = 0
            for i in 0..<5 { bits = bits << 1 | (runs[at + 2 * i] > threshold ? 1 : 0) }
            let digit = Self.digitOfWideBits[bits]
            guard digit >= 0 else { return nil }
            var sum = 0.0
            for i in 0..<5 where !(runs[at + 2 * i] > threshold) { sum += runs[at + 2 * i] }
            return (digit, sum / 3)
        }
    }

    /// The digit whose wide elements are the set bits (element 0 the most significant) of each five-bit value, −1
    /// where none is.
    static let digitOfWideBits: [Int] = (0..<32).map { bits in
        patterns.firstIndex { pattern in pattern.indices.allSatisfy { pattern[$0] == (bits >> (4 - $0) & 1 == 1) } } ?? -1
    }

    /// The mean width of the three narrow elements of a character read as `digit` (for tests: `digit` reads it in place).
    static func narrowMeanByDefinition(_ widths: [Double], _ digit: Int) -> Double {
        var sum = 0.0
        for (k, wide) in patterns[digit].enumerated() where !wide { sum += widths[k] }
        return sum / 3
    }

    /// The digit of five widths, by its definition (for tests: `digit` reads it in place).
    static func digitByDefinition(_ widths: [Double]) -> Int? {
        let sorted = widths.sorted()
        guard isWide(sorted[3], over: sorted[2]) else { return nil }
        let threshold = (sorted[2] + sorted[3]) / 2
        let wide = widths.map { $0 > threshold }
        return patterns.firstIndex(of: wide)
    }
}
