/// Reads GS1 DataBar Limited (ISO/IEC 24724) from the runs of one scan line.
///
/// 46 elements over 74 modules: guard (1 space, 1 bar), left data character (26 modules), check character (18), right
/// data character (26), guard (1 space, 1 bar). The check character must be the pattern the modulo-89 check of the two
/// data characters selects. The text is `01` + GTIN-14 (indicator digit 0 or 1), and the read is GS1.
struct DataBarLimitedDecoder: RowDecoder {
    let symbologies: Set<Symbology> = [.dataBarLimited]

    func decode(_ runs: [Double], options: DecoderOptions) -> [RowHit] {
        var hits: [RowHit] = []
        // Too few runs for the search below to look at any bar (a quiet zone, the 44 elements from the first guard bar
        // and the run after them): the running totals would be made for nothing. (Not its `fewestRuns`: that also decides
        // which lines the linear reader counts as holding runs, and so which angles it tries.)
        guard runs.count >= 46 else { return hits }
        RunSpanSums.with(runs) { sums in
            // The first guards at every bar before any is visited, without a branch (`RunCandidates`, `SignBit`).
            RunCandidates.visit(from: 1, below: runs.count &- 44, test: { s in Self.startTest(runs, guardBar: s, sums: sums) }) { s in
                guard let hit = decode(runs, guardBar: s) else { return s &+ 2 }
                hits.append(hit)
                return hit.lastRun &+ 2
            }
        }
        return hits
    }

    /// Whether `decode(_:guardBar:)`'s first guards (the guard bars and the right guard's space under 2 modules, a quiet
    /// zone of 2) can pass at `s`
    /// for some sum of the 44 elements within `sums`' bounds: where they cannot, they fail on its in-order sum too. The
    /// definition `startTest`, which the search uses, is tested against.
    static func mayStart(_ runs: [Double], guardBar s: Int, sums: RunSpanSums) -> Bool {
        let (lower, upper) = sums.bounds(from: s, count: 44)
        let twoModules = 2 * (upper / 73)
        return runs[s] < twoModules && runs[s + 43] < twoModules && runs[s + 44] < twoModules
            && (s == 1 || runs[s &- 1] >= 2 * (lower / 73))
    }

    /// `mayStart` as 1 or 0, without a branch (`SignBit`).
    @inline(__always)
    static func startTest(_ runs: [Double], guardBar s: Int, sums: RunSpanSums) -> UInt64 {
        let (lower, upper) = sums.bounds(from: s, count: 44)
        let twoModules = 2 * (upper / 73)
        let first: UInt64 = s == 1 ? 1 : 0
        return SignBit.greater(twoModules, runs[s]) & SignBit.greater(twoModules, runs[s + 43])
            & SignBit.greater(twoModules, runs[s + 44]) & (first | SignBit.atLeast(runs[s &- 1], 2 * (lower / 73)))
    }

    /// Whether a data character's 14 module counts (26 in all, space first) have odd elements that sum to one of the
    /// groups' (`DataBarLimitedCharacters.oddModules`: every odd number from 7 to 19): where not,
    /// `DataBarLimitedCharacters.value` fails. (The even elements then sum to the group's too: 26 less the odd.)
    static func mayBeData(_ counts: [Int]) -> Bool {
        var oddSum = 0
        for k in stride(from: 0, to: 14, by: 2) { oddSum += counts[k] }
        return oddSum % 2 == 1 && oddSum >= 7 && oddSum <= 19
    }

    /// The least light after the right guard's bar, in modules (the standard asks 5).
    static let trailingLight = 4.0

    func decode(_ runs: [Double], guardBar s: Int) -> RowHit? {
        // Summed in place, in order (as `reduce` over the slice): this runs at every bar of every line while DataBar
        // Limited is searched, and the slice cost a retain and a release each time.
        let total = runs.withUnsafeBufferPointer { r in
            var sum = 0.0
            for k in s...(s + 43) { sum += r[k] }
            return sum
        }
        let module = total / 73
        guard runs[s] < 2 * module, runs[s + 43] < 2 * module, runs[s - 1] >= 2 * module || s == 1 else { return nil }
        // The right guard is a narrow space, a narrow bar and a wide space (5 modules, ISO/IEC 24724:2011): its bar under 2
        // modules and at least 4 modules of light after it (a reader's margin for ink spread), or the line's end. Without
        // them the 42 elements inside a UPC-A's bars, darker and in perspective, passed the check character and the GTIN's
        // check digit on five binarized rows: a bar of 2.4 modules and a space of 0.35 followed them (twenty-eighth session).
        guard runs[s + 44] < 2 * module, s + 45 >= runs.count || runs[s + 45] >= Self.trailingLight * module else { return nil }
        let checkWidth = runs[(s + 15)...(s + 28)].reduce(0, +)
        guard abs(checkWidth / module - 18) < 2 else { return nil }
        // Each data character's odd elements first (`mayBeData`), which fail about half the time on a frame without a
        // code: the other characters' module counts (about 1,400 instructions each) are then not made. Each from the 14
        // widths where they lie in `runs` (runs s + 1 … s + 42, inside it: run s + 43 was read above).
        func counts(from first: Int, modules: Int) -> [Int]? {
            runs.withUnsafeBufferPointer { DataBarDecoder.moduleCounts(UnsafeBufferPointer(rebasing: $0[first..<(first + 14)]), modules: modules) }
        }
        guard let left = counts(from: s + 1, modules: 26), Self.mayBeData(left),
              let right = counts(from: s + 29, modules: 26), Self.mayBeData(right),
              let check = counts(from: s + 15, modules: 18),
              check == DataBarLimitedCharacters.checkPatterns[DataBarLimitedCharacters.check(left: left, right: right)],
              let l = DataBarLimitedCharacters.value(left), let r = DataBarLimitedCharacters.value(right) else { return nil }
        var value = l * 2_013_571 + r
        // A set linkage flag (a composite component above) adds 2 015 133 531 096.
        if value >= 2_015_133_531_096 { value -= 2_015_133_531_096 }
        guard value < 2_000_000_000_000 else { return nil }
        let digits = String(value)
        let thirteen = String(repeating: "0", count: 13 - digits.count) + digits
        let text = "01" + thirteen + String(DataBarCharacter.gtinCheckDigit(thirteen))
        return RowHit(symbology: .dataBarLimited, text: text, bytes: Array(text.utf8), firstRun: s, lastRun: s + 43, isGS1: true)
    }
}
