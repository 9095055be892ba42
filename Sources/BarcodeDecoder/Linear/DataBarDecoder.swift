/// Reads GS1 DataBar Omnidirectional and Truncated (ISO/IEC 24724) from the runs of one scan line.
///
/// 46 elements over 96 modules: guard (1 space, 1 bar), outer character 1 (16 modules), left finder (15), inner
/// character 2 (15), inner character 4 (15), right finder (15), outer character 3 (16), guard. The right half is the left
/// half turned end for end with bars and spaces swapped. The finders' values carry the modulo-79 check of the four
/// characters' widths, which must hold. The text is the GS1 element string `01` + GTIN-14 (13 digits and their check
/// digit), and the read is GS1.
struct DataBarDecoder: RowDecoder {
    let symbologies: Set<Symbology> = [.dataBar]

    func decode(_ runs: [Double], options: DecoderOptions) -> [RowHit] {
        var hits: [RowHit] = []
        // Too few runs for the search below to look at any bar: the running totals would be made for nothing (on a frame
        // without a code about a third of the lines the linear reader decodes).
        guard runs.count >= fewestRuns(options: options) else { return hits }
        RunSpanSums.with(runs) { sums in
            // The first guards at every bar before any is visited, without a branch (`RunCandidates`, `SignBit`).
            RunCandidates.visit(from: 1, below: runs.count &- 45, test: { s in Self.startTest(runs, guardBar: s, sums: sums) }) { s in
                guard Self.findersMayFit(runs, guardBar: s, sums: sums), let hit = decode(runs, guardBar: s) else { return s &+ 2 }
                hits.append(hit)
                return hit.lastRun &+ 2
            }
        }
        return hits
    }

    /// The light before the guard bar, in modules: the guard's own one-module space and one more. ISO/IEC 24724 asks
    /// DataBar for no quiet zone, and produce labels print it close to other marks; DataBar Expanded asks the same
    /// (`DataBarExpandedDecoder.mayBeGuardBar`: twice the guard bar). Until the thirtieth session 4: a dark mark three
    /// modules before the guard (the `crowded` copies of `rss14-1`) hid the symbol. The finders and the modulo-79 check
    /// decide a read.
    static let leastSpaceBeforeGuard = 2.0

    /// Whether `decode(_:guardBar:)`'s first guards (the guard bar under 2.2 modules, `leastSpaceBeforeGuard` of light)
    /// can pass at `s` for some sum of the 45 elements within `sums`' bounds: where they cannot, they fail on its in-order
    /// sum too. The definition `startTest`, which the search uses, is tested against.
    static func mayStart(_ runs: [Double], guardBar s: Int, sums: RunSpanSums) -> Bool {
        let (lower, upper) = sums.bounds(from: s, count: 45)
        return runs[s] < 2.2 * (upper / 95) && (s == 1 || runs[s &- 1] >= Self.leastSpaceBeforeGuard * (lower / 95))
    }

    /// `mayStart` as 1 or 0, without a branch (`SignBit`).
    @inline(__always)
    static func startTest(_ runs: [Double], guardBar s: Int, sums: RunSpanSums) -> UInt64 {
        let (lower, upper) = sums.bounds(from: s, count: 45)
        let first: UInt64 = s == 1 ? 1 : 0
        return SignBit.greater(2.2 * (upper / 95), runs[s]) & (first | SignBit.atLeast(runs[s &- 1], Self.leastSpaceBeforeGuard * (lower / 95)))
    }

    /// Whether both finders' widths, each summed in its pattern's order (the right finder's reversed), lie within 2.5
    /// modules of 15.
    static func findersFit(_ runs: [Double], guardBar s: Int, module: Double) -> Bool {
        var leftWidth = 0.0, rightWidth = 0.0
        for k in 0..<5 { leftWidth += runs[s + 9 + k]; rightWidth += runs[s + 34 - k] }
        return !(abs(leftWidth / module - 15) > 2.5 || abs(rightWidth / module - 15) > 2.5)
    }

    /// Whether `findersFit` (each finder within 2.5 modules of 15) can hold at `s` for some sums within `sums`' bounds:
    /// where they cannot, they fail on the in-order sums too. Tested before `decode` adds up the 45 elements: most places
    /// that pass the guards on a frame without a code fail here, the more since the guard asks two modules of light, not
    /// four (a bar after a two-module space is common in texture).
    @inline(__always)
    static func findersMayFit(_ runs: [Double], guardBar s: Int, sums: RunSpanSums) -> Bool {
        let (lower, upper) = sums.bounds(from: s, count: 45)
        let (leftLower, leftUpper) = sums.bounds(from: s &+ 9, count: 5)
        let (rightLower, rightUpper) = sums.bounds(from: s &+ 30, count: 5)
        return leftUpper >= 12.5 * (lower / 95) && leftLower <= 17.5 * (upper / 95)
            && rightUpper >= 12.5 * (lower / 95) && rightLower <= 17.5 * (upper / 95)
    }

    /// A quiet zone, the 46 elements and the run after them (`decode` starts at run 1 and reads to run 46).
    func fewestRuns(options: DecoderOptions) -> Int { 47 }

    /// The finder value whose pattern fits `widths` (5 elements, 15 modules), if one fits within half a module each.
    static func finder(_ widths: [Double]) -> (value: Int, error: Double)? {
        let total = widths.reduce(0, +)
        guard total > 0 else { return nil }
        let unit = total / 15
        var best: (Int, Double)?
        for (value, pattern) in DataBarCharacter.finders.enumerated() {
            var worst = 0.0, sum = 0.0
            for i in 0..<5 {
                let d = abs(widths[i] / unit - Double(pattern[i]))
                worst = max(worst, d)
                sum += d
            }
            if worst < 0.6, sum < (best?.1 ?? .infinity) { best = (value, sum) }
        }
        return best
    }

    /// Module counts for `widths` spanning `modules` modules: rounded, then nudged to the right total where the rounding
    /// was least sure (the first such element in order).
    ///
    /// Runs for every candidate character of every line the DataBar, DataBar Limited and MicroPDF417 readers look at, most
    /// of them texture: the scaled widths and counts live on the stack and only a result is allocated (`moduleCountsByDefinition`
    /// is the same arithmetic through arrays, for tests; it made five arrays a call).
    static func moduleCounts(_ widths: [Double], modules: Int) -> [Int]? {
        widths.withUnsafeBufferPointer { moduleCounts($0, modules: modules) }
    }

    /// `moduleCounts` of the widths `w` points to: a caller that reads a character's widths out of a line's runs passes
    /// them where they lie, without copying them into an array of their own first (an allocation and a release for each
    /// candidate character, DataBar Limited's three at most of its candidates on a frame without a code).
    static func moduleCounts(_ w: UnsafeBufferPointer<Double>, modules: Int) -> [Int]? {
        let n = w.count
        guard n > 0 else { return nil }
        var total = 0.0
        for k in 0..<n { total += w[k] }
        guard total > 0 else { return nil }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: n) { scaled -> [Int]? in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: n) { counts -> [Int]? in
                var sum = 0
                for k in 0..<n {
                    let x = w[k] * Double(modules) / total
                    scaled[k] = x
                    counts[k] = max(1, NearestWhole.of(x))
                    sum += counts[k]
                }
                var nudges = 0
                while sum != modules && nudges < 4 {
                    nudges += 1
                    let direction = sum > modules ? -1 : 1
                    // The first element whose rounding went furthest the wrong way, among those that can move.
                    // Every element weighed, the choice made by selects: a test of whether an element can move
                    // went either way at random.
                    var chosen = -1, furthest = 0.0
                    for k in 0..<n {
                        let miss = (scaled[k] - Double(counts[k])) * Double(direction)
                        let canMove = counts[k] &+ direction >= 1 ? 1 : 0
                        let better = (chosen < 0 ? 1 : 0) | (furthest < miss ? 1 : 0)
                        let takes = canMove & better != 0
                        chosen = takes ? k : chosen
                        furthest = takes ? miss : furthest
                    }
                    guard chosen >= 0 else { return nil }
                    counts[chosen] += direction
                    sum += direction
                }
                guard sum == modules else { return nil }
                for k in 0..<n where counts[k] > 9 { return nil }
                return Array(UnsafeBufferPointer(start: counts.baseAddress!, count: n))
            }
        }
    }

    /// `moduleCounts` through arrays, as it was written first: its definition, for tests.
    static func moduleCountsByDefinition(_ widths: [Double], modules: Int) -> [Int]? {
        let total = widths.reduce(0, +)
        guard total > 0 else { return nil }
        let scaled = widths.map { $0 * Double(modules) / total }
        var counts = scaled.map { max(1, Int($0.rounded())) }
        var sum = counts.reduce(0, +)
        var guardCount = 0
        while sum != modules && guardCount < 4 {
            guardCount += 1
            // The element whose rounding went furthest the wrong way.
            let direction = sum > modules ? -1 : 1
            let candidates = counts.indices.filter { counts[$0] + direction >= 1 }
            guard let i = candidates.max(by: { (scaled[$0] - Double(counts[$0])) * Double(direction) < (scaled[$1] - Double(counts[$1])) * Double(direction) }) else { return nil }
            counts[i] += direction
            sum += direction
        }
        guard sum == modules, counts.allSatisfy({ $0 <= 9 }) else { return nil }
        return counts
    }

    /// Module counts for a character's eight `widths` (odd elements at even indices) spanning `modules`, as
    /// `moduleCounts`, with the parity the standard gives the odd elements' sum: even in outer characters (`oddSumIsEven`),
    /// odd in inner ones. Where rounding broke it (blur and ink spread move edges by more than half a module), one module
    /// moves between the odd and the even element whose rounding was least sure, as readers do; the finders' modulo-79
    /// check then decides.
    static func characterCounts(_ widths: [Double], modules: Int, oddSumIsEven: Bool) -> [Int]? {
        guard var counts = moduleCounts(widths, modules: modules) else { return nil }
        let oddSum = counts[0] + counts[2] + counts[4] + counts[6]
        if (oddSum % 2 == 0) == oddSumIsEven { return counts }
        let total = widths.reduce(0, +)
        let scaled = widths.map { $0 * Double(modules) / total }
        func miss(_ k: Int, _ count: Int) -> Double { abs(scaled[k] - Double(count)) }
        var best: (odd: Int, even: Int, step: Int, cost: Double)?
        for odd in stride(from: 0, to: 8, by: 2) {
            for even in stride(from: 1, to: 8, by: 2) {
                for step in [1, -1] {
                    let newOdd = counts[odd] + step, newEven = counts[even] - step
                    guard newOdd >= 1, newEven >= 1, newOdd <= 9, newEven <= 9 else { continue }
                    let cost = miss(odd, newOdd) - miss(odd, counts[odd]) + miss(even, newEven) - miss(even, counts[even])
                    if cost < (best?.cost ?? .infinity) { best = (odd, even, step, cost) }
                }
            }
        }
        guard let best else { return nil }
        counts[best.odd] += best.step
        counts[best.even] -= best.step
        return counts
    }

    /// A character's value and its share of the check, from its 8 module counts (odd elements at even indices).
    struct Character {
        var value: Int
        var checksum: Int
    }

    /// An outer character (16 modules); `counts` run from the symbol's end towards the finder.
    static func outer(_ counts: [Int]) -> Character? {
        let odd = [counts[0], counts[2], counts[4], counts[6]], even = [counts[1], counts[3], counts[5], counts[7]]
        let oddSum = odd.reduce(0, +)
        guard oddSum % 2 == 0, oddSum >= 4, oddSum <= 12 else { return nil }
        let group = DataBarCharacter.outerGroups[(12 - oddSum) / 2]
        guard odd.allSatisfy({ $0 <= group.oddWidest }), even.allSatisfy({ $0 <= 9 - group.oddWidest }) else { return nil }
        let vOdd = DataBarCharacter.value(of: odd, maxWidth: group.oddWidest, noNarrow: false)
        let vEven = DataBarCharacter.value(of: even, maxWidth: 9 - group.oddWidest, noNarrow: true)
        return Character(value: group.first + vOdd * group.subsetCount + vEven, checksum: DataBarCharacter.checksum(counts))
    }

    /// An inner character (15 modules); `counts` run from the symbol's middle towards the finder.
    static func inner(_ counts: [Int]) -> Character? {
        let odd = [counts[0], counts[2], counts[4], counts[6]], even = [counts[1], counts[3], counts[5], counts[7]]
        let evenSum = even.reduce(0, +)
        guard evenSum % 2 == 0, evenSum >= 4, evenSum <= 10 else { return nil }
        let group = DataBarCharacter.innerGroups[(10 - evenSum) / 2]
        guard odd.allSatisfy({ $0 <= group.oddWidest }), even.allSatisfy({ $0 <= 9 - group.oddWidest }) else { return nil }
        let vOdd = DataBarCharacter.value(of: odd, maxWidth: group.oddWidest, noNarrow: true)
        let vEven = DataBarCharacter.value(of: even, maxWidth: 9 - group.oddWidest, noNarrow: false)
        return Character(value: group.first + vEven * group.subsetCount + vOdd, checksum: DataBarCharacter.checksum(counts))
    }

    /// The symbol whose left guard bar is run `s`, if its finders, characters and check fit.
    func decode(_ runs: [Double], guardBar s: Int) -> RowHit? {
        let total = runs[s...(s + 44)].reduce(0, +)
        let module = total / 95
        guard runs[s] < 2.2 * module, runs[s - 1] >= Self.leastSpaceBeforeGuard * module || s == 1 else { return nil }
        // The finders' widths, each summed in its pattern's order (the right finder's reversed), before any copy of
        // them is made: on a frame without a code nearly every place that passes the guards above fails here
        // (`falsepositives-1/11`: 156 of 2,452 places a decode), and the copies were two allocations each.
        guard Self.findersFit(runs, guardBar: s, module: module) else { return nil }
        let leftFinderRuns = Array(runs[(s + 9)...(s + 13)])
        let rightFinderRuns = Array(runs[(s + 30)...(s + 34)].reversed())
        guard let left = Self.finder(leftFinderRuns), let right = Self.finder(rightFinderRuns) else { return nil }
        guard let c1 = Self.characterCounts(Array(runs[(s + 1)...(s + 8)]), modules: 16, oddSumIsEven: true).flatMap(Self.outer),
              let c2 = Self.characterCounts(Array(runs[(s + 14)...(s + 21)].reversed()), modules: 15, oddSumIsEven: false).flatMap(Self.inner),
              let c4 = Self.characterCounts(Array(runs[(s + 22)...(s + 29)]), modules: 15, oddSumIsEven: false).flatMap(Self.inner),
              let c3 = Self.characterCounts(Array(runs[(s + 35)...(s + 42)].reversed()), modules: 16, oddSumIsEven: true).flatMap(Self.outer) else { return nil }
        guard let text = Self.text(c1, c2, c3, c4, leftFinder: left.value, rightFinder: right.value) else { return nil }
        return RowHit(symbology: .dataBar, text: text, bytes: Array(text.utf8), firstRun: s, lastRun: s + 44, isGS1: true,
                      error: (left.error + right.error) / 10)
    }

    /// The element string `01` + GTIN-14 of the four characters, when they hold the check their finders carry.
    static func text(_ c1: Character, _ c2: Character, _ c3: Character, _ c4: Character, leftFinder: Int, rightFinder: Int) -> String? {
        let check = (c1.checksum + 4 * c2.checksum + 16 * (c3.checksum + 4 * c4.checksum)) % 79
        guard check == DataBarCharacter.checkValue(leftFinder: leftFinder, rightFinder: rightFinder),
              c1.value <= 2840, c3.value <= 2840, c2.value <= 1596, c4.value <= 1596 else { return nil }
        let value = 4_537_077 * (1597 * c1.value + c2.value) + 1597 * c3.value + c4.value
        guard value < 10_000_000_000_000 else { return nil }
        let digits = String(value)
        let thirteen = String(repeating: "0", count: 13 - digits.count) + digits
        return "01" + thirteen + String(DataBarCharacter.gtinCheckDigit(thirteen))
    }
}
