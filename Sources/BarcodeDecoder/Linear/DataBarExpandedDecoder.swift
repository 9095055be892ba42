/// Reads GS1 DataBar Expanded (ISO/IEC 24724) from the runs of one scan line (one row; `DataBarExpandedStackedReader` joins
/// the rows of Expanded Stacked).
///
/// Guard (1 space, 1 bar), then pairs of 17-module data characters around a 15-module finder, then a guard (1 bar,
/// 1 space). Pairs alternate: every second one has its colours swapped and its finder reversed. The first character is a
/// check (211·(characters − 4) + the weighted sum of every other character's widths mod 211); the finder sequence must be
/// the one the standard gives for the number of pairs. The other characters' 12-bit values are the data bits
/// (`DataBarExpandedBits`).
struct DataBarExpandedDecoder: RowDecoder {
    let symbologies: Set<Symbology> = [.dataBarExpanded]

    func decode(_ runs: [Double], options: DecoderOptions) -> [RowHit] {
        var hits: [RowHit] = []
        // The first tests `fragment` makes (the guard bar, then its first finder's last two widths), inline: on a frame
        // without a code nearly every place fails them, and the call cost more than the tests (`falsepositives-1/11`:
        // 38,000 places a decode, 6 in 7 failing here). They read the widths without a bounds test each (the loop's
        // condition keeps them inside).
        // Both made at every bar before any place is visited, without a branch (`RunCandidates`, `SignBit`).
        runs.withUnsafeBufferPointer { widths in
            RunCandidates.visit(from: 1, below: widths.count &- 24, test: { g in
                Self.guardBarTest(widths, at: g) & Self.finderEndsTest(widths, at: g &+ 9)
            }) { g in
                guard let hit = decode(runs, guardBar: g) else { return g &+ 2 }
                hits.append(hit)
                return hit.lastRun &+ 2
            }
        }
        return hits
    }

    /// Whether the bar at run `g` (odd) may be a left guard bar: after a space at least twice its width (a quiet zone), as
    /// the line's first bar, or after the guard's own space of about one module (between half and twice the bar) with a
    /// dark run at least twice the bar before it. ISO/IEC 24724 asks DataBar for no quiet zone: the guard's space is the
    /// symbol's own, and against a dark surround it is all the light before the guard bar (a label cut to its bars, or
    /// a tilted one on a dark background).
    @inline(__always)
    static func mayBeGuardBar<Widths: RandomAccessCollection<Double>>(_ runs: Widths, at g: Int) -> Bool where Widths.Index == Int {
        let bar = runs[g], space = runs[g &- 1]
        if space >= 2 * bar || g == 1 { return true }
        return g >= 3 && 2 * space > bar && runs[g &- 2] >= 2 * bar
    }

    /// `mayBeGuardBar(runs, at: g)` as 1 or 0, without a branch (`SignBit`), for g ≥ 1.
    @inline(__always)
    static func guardBarTest(_ runs: UnsafeBufferPointer<Double>, at g: Int) -> UInt64 {
        let bar = runs[g], space = runs[g &- 1], twice = 2 * bar
        let first: UInt64 = g == 1 ? 1 : 0, third: UInt64 = g >= 3 ? 1 : 0
        // Run g − 2 is read at every place; at the first bar it is not there, and its term is 0 all the same.
        let before = runs[Swift.max(0, g &- 2)]
        return SignBit.atLeast(space, twice) | first
            | (third & SignBit.greater(2 * space, bar) & SignBit.atLeast(before, twice))
    }

    /// `finderEndsMayFit(runs, at: start)` as 1 or 0, without a branch (`SignBit`): where the total is 0 the
    /// quotients are not numbers, and the total's own test clears what their signs give.
    @inline(__always)
    static func finderEndsTest(_ runs: UnsafeBufferPointer<Double>, at start: Int) -> UInt64 {
        let total = runs[start] + runs[start + 1] + runs[start + 2] + runs[start + 3] + runs[start + 4]
        let unit = total / 15
        return SignBit.greater(total, 0) & SignBit.greater(0.6, abs(runs[start + 3] / unit - 1))
            & SignBit.greater(0.6, abs(runs[start + 4] / unit - 1))
    }

    /// The finder patterns' module widths, one after the other (`DataBarExpandedCharacters.finders`), as Doubles.
    private static let finderModules: [Double] = DataBarExpandedCharacters.finders.flatMap { $0.map(Double.init) }

    /// Whether `finder(runs, at: start, reversed: false)` may find a finder: its test of the last two widths, with the
    /// same arithmetic. The definition `finderEndsTest`, which the search uses, is tested against.
    static func finderEndsMayFit(_ runs: UnsafeBufferPointer<Double>, at start: Int) -> Bool {
        let total = runs[start] + runs[start + 1] + runs[start + 2] + runs[start + 3] + runs[start + 4]
        guard total > 0 else { return false }
        let unit = total / 15
        return abs(runs[start + 3] / unit - 1) < 0.6 && abs(runs[start + 4] / unit - 1) < 0.6
    }

    /// Whether every finder pattern ends in two elements of one module, which `finder` tests before the patterns.
    static let finderEndsInSingleModules = DataBarExpandedCharacters.finders.allSatisfy { $0[3] == 1 && $0[4] == 1 }

    /// The finder value whose pattern (reversed when `reversed`) fits the 5 widths from run `start`, if any fits within
    /// 0.6 module each. Read in place: this runs at every bar of every line while DataBar Expanded is searched, and a
    /// copy of the five widths there was an allocation each time.
    static func finder(_ runs: [Double], at start: Int, reversed: Bool) -> Int? {
        runs.withUnsafeBufferPointer { r in
            // The widths in pattern order; summed in that order.
            let w0 = reversed ? r[start + 4] : r[start], w1 = reversed ? r[start + 3] : r[start + 1], w2 = r[start + 2]
            let w3 = reversed ? r[start + 1] : r[start + 3], w4 = reversed ? r[start] : r[start + 4]
            let total = w0 + w1 + w2 + w3 + w4
            guard total > 0 else { return nil }
            let unit = total / 15
            // Every finder ends in two one-module elements (`finderEndsInSingleModules`): where either of the last two
            // widths misses one module by 0.6 or more, every pattern's worst difference does, and none fits. Tested
            // first, with the same arithmetic as below: on a frame without a code three finders in four fail here
            // (`falsepositives-1/11`: 13,256 finders a decode at about 400 instructions each).
            let m3 = w3 / unit, m4 = w4 / unit
            guard abs(m3 - 1) < 0.6, abs(m4 - 1) < 0.6 else { return nil }
            let m0 = w0 / unit, m1 = w1 / unit, m2 = w2 / unit
            var best = -1, bestSum = Double.infinity
            return finderModules.withUnsafeBufferPointer { table in
                for value in 0..<(table.count / 5) {
                    let p = 5 * value
                    let d0 = abs(m0 - table[p]), d1 = abs(m1 - table[p + 1]), d2 = abs(m2 - table[p + 2])
                    let d3 = abs(m3 - table[p + 3]), d4 = abs(m4 - table[p + 4])
                    let worst = max(max(max(max(max(0.0, d0), d1), d2), d3), d4)
                    let sum = 0.0 + d0 + d1 + d2 + d3 + d4
                    if worst < 0.6, sum < bestSum { best = value; bestSum = sum }
                }
                return best >= 0 ? best : nil
            }
        }
    }

    /// The pairs read from the guard bar at run `g` onwards: finder values and characters' module counts (outer end
    /// first), and the last run used. `firstSwapped`: the first pair has its colours swapped (a stacked row that starts
    /// with an even-numbered pair).
    static func fragment(_ runs: [Double], guardBar g: Int, firstSwapped: Bool = false) -> (finders: [Int], characters: [[Int]], last: Int)? {
        guard g >= 1, Self.mayBeGuardBar(runs, at: g) else { return nil }
        var finders: [Int] = []
        var characters: [[Int]] = []
        var p = g + 1
        var pairIndex = firstSwapped ? 1 : 0
        var last = g
        while p + 12 < runs.count {
            let swapped = pairIndex % 2 == 1
            guard let finder = Self.finder(runs, at: p + 8, reversed: swapped) else { break }
            let module = runs[(p + 8)...(p + 12)].reduce(0, +) / 15
            guard let left = DataBarDecoder.moduleCounts(Array(runs[p...(p + 7)]), modules: 17),
                  abs(runs[p...(p + 7)].reduce(0, +) / module - 17) < 3, DataBarExpandedCharacters.value(left) != nil else { break }
            finders.append(finder)
            characters.append(left)
            last = p + 12
            // The right character, unless the row ends after the finder (an odd number of characters).
            guard p + 20 < runs.count, let right = DataBarDecoder.moduleCounts(Array(runs[(p + 13)...(p + 20)].reversed()), modules: 17),
                  abs(runs[(p + 13)...(p + 20)].reduce(0, +) / module - 17) < 3, DataBarExpandedCharacters.value(right) != nil else { break }
            characters.append(right)
            last = p + 20
            p += 21
            pairIndex += 1
            if finders.count == 11 { break }
        }
        // The right guard: one more run after the last character or finder.
        guard !finders.isEmpty, last + 1 < runs.count else { return nil }
        return (finders, characters, last)
    }

    /// The element string of a whole symbol's finders and characters, if the finder sequence and the check hold.
    static func text(finders: [Int], characters: [[Int]]) -> String? {
        guard finders.count >= 2, finders.count <= 11, DataBarExpandedCharacters.sequence(pairs: finders.count) == finders,
              characters.count == 2 * finders.count || characters.count == 2 * finders.count - 1 else { return nil }
        // Weighted check over every character but the first.
        var checksum = 0
        var values: [Int] = []
        for (index, counts) in characters.enumerated() {
            let pair = index / 2, isLeft = index % 2 == 0
            guard let value = DataBarExpandedCharacters.value(counts) else { return nil }
            if index > 0 {
                checksum += DataBarExpandedCharacters.checksum(counts, weightRow: 4 * finders[pair] + (pair % 2 == 0 ? 0 : 2) + (isLeft ? 0 : 1) - 1)
            }
            values.append(value)
        }
        guard values[0] == 211 * (characters.count - 4) + checksum % 211 else { return nil }
        return DataBarExpandedBits.decode(Array(values.dropFirst()))
    }

    /// The symbol whose left guard bar is run `g`, if its pairs, finder sequence and check fit.
    func decode(_ runs: [Double], guardBar g: Int) -> RowHit? {
        guard let f = Self.fragment(runs, guardBar: g), let text = Self.text(finders: f.finders, characters: f.characters) else { return nil }
        return RowHit(symbology: .dataBarExpanded, text: text, bytes: Array(text.utf8), firstRun: g, lastRun: f.last + 1, isGS1: true)
    }
}
