@testable import BarcodeDecoder
import RigCore
import Testing

/// The finder search's cross-check against its definition written out run by run.
@Suite struct QRFinderCrossCheckTests {
    /// From (`x`, `y`), a dark cell, the dark run backwards, the light run and dark run before it, then the dark run forwards
    /// and the light and dark runs after it, each counted while inside the matrix and while its count is within its limit
    /// (three times `limit` for the middle run, `limit` for the others).
    static func plain(_ bits: BitMatrix, _ x: Int, _ y: Int, _ dx: Int, _ dy: Int, limit: Int) -> (total: Int, centerOffset: Double)? {
        guard bits[x, y] else { return nil }
        func inside(_ i: Int) -> Bool { x + i * dx >= 0 && y + i * dy >= 0 && x + i * dx < bits.width && y + i * dy < bits.height }
        func dark(_ i: Int) -> Bool { bits[x + i * dx, y + i * dy] }
        var c = [0, 0, 0, 0, 0]
        var i = 0
        while inside(-i) && dark(-i) && c[2] <= limit { c[2] += 1; i += 1 }
        while inside(-i) && !dark(-i) && c[1] <= limit { c[1] += 1; i += 1 }
        while inside(-i) && dark(-i) && c[0] <= limit { c[0] += 1; i += 1 }
        let backward = c[2]
        i = 1
        while inside(i) && dark(i) && c[2] <= 3 * limit { c[2] += 1; i += 1 }
        while inside(i) && !dark(i) && c[3] <= limit { c[3] += 1; i += 1 }
        while inside(i) && dark(i) && c[4] <= limit { c[4] += 1; i += 1 }
        guard QRFinderPatternFinder.ratiosMatch(c[0], c[1], c[2], c[3], c[4]) else { return nil }
        return (c.reduce(0, +), Double(c[2] - backward - backward + 1) / 2)
    }

    /// The branch-free ratio test gives the test's answer: on random runs, on runs about a 1:1:3:1:1 pattern (where the
    /// answer often sits on the tolerance's edge: a mean of 10 with a run of 3 or 17 is exactly 0.7 of it off), and on
    /// empty runs and totals under 7.
    @Test func theBranchFreeRatioTestIsTheRatioTest() {
        var random = SeededGenerator(seed: 8)
        var passed = 0
        for trial in 0..<20_000 {
            var c: [Int]
            switch trial % 3 {
            case 0: c = (0..<5).map { _ in Int.random(in: 0...12, using: &random) }
            case 1:
                let module = Int.random(in: 1...10, using: &random)
                c = [1, 1, 3, 1, 1].map { max(0, $0 * module + Int.random(in: -module...module, using: &random)) }
            default: c = (0..<5).map { _ in Int.random(in: 0...2, using: &random) }
            }
            let plain = QRFinderPatternFinder.ratiosMatch(c[0], c[1], c[2], c[3], c[4])
            #expect(QRFinderPatternFinder.ratiosMatchBit(c[0], c[1], c[2], c[3], c[4]) == (plain ? 1 : 0), "\(c)")
            if plain { passed += 1 }
        }
        #expect(passed > 1000, "\(passed) of the runs passed")
        // On the tolerance's edge both ways: mean 10, a one-module run 3 or 17 off by exactly the tolerance.
        #expect(QRFinderPatternFinder.ratiosMatchBit(3, 10, 30, 10, 17) == 0 && !QRFinderPatternFinder.ratiosMatch(3, 10, 30, 10, 17))
        #expect(QRFinderPatternFinder.ratiosMatchBit(4, 10, 30, 10, 16) == 1 && QRFinderPatternFinder.ratiosMatch(4, 10, 30, 10, 16))
    }

    /// The whole-number ratio test against the test on doubles for every total up to 1,400 and every length of one run,
    /// the others sharing the rest in the pattern's proportions (so that they pass and the one run decides), for a
    /// one-module run and the middle one; and at the totals where a bound is met exactly (t = 70k), up to k = 10⁶.
    @Test func theWholeNumberRatioTestIsTheRatioTestAtEveryBound() {
        func same(_ c: [Int]) -> Bool {
            QRFinderPatternFinder.ratiosMatchBit(c[0], c[1], c[2], c[3], c[4]) == (QRFinderPatternFinder.ratiosMatch(c[0], c[1], c[2], c[3], c[4]) ? 1 : 0)
        }
        var mismatches: [[Int]] = [], passed = 0
        for t in 1...1_400 {
            for c in 0...t {
                let rest = t - c, module = (rest + 3) / 6, outer = (rest + 2) / 4
                let edge = [c, module, rest - 3 * module, module, module]
                let middle = [outer, outer, c, outer, rest - 3 * outer]
                for runs in [edge, middle] where !same(runs) { mismatches.append(runs) }
                if QRFinderPatternFinder.ratiosMatch(edge[0], edge[1], edge[2], edge[3], edge[4]) { passed += 1 }
            }
        }
        for k in [1, 2, 3, 7, 10, 99, 1_000, 12_345, 1_000_000] {
            let m = 10 * k
            for c in [3 * k, 17 * k] {
                // The total stays 70k: the last run takes what the first one gives up.
                for d in -1...1 {
                    let runs = [c + d, m, 3 * m, m, 70 * k - (c + d) - 5 * m]
                    if !same(runs) { mismatches.append(runs) }
                }
            }
            for c in [9 * k, 51 * k] {
                let outer = (70 * k - c) / 4
                for d in -1...1 where !same([outer, outer, c + d, outer, 70 * k - c - 3 * outer]) {
                    mismatches.append([outer, outer, c + d, outer, 70 * k - c - 3 * outer])
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(passed > 100_000, "\(passed) passed")
    }

    @Test func crossChecksMatchTheirDefinition() {
        var random = SeededGenerator(seed: 7)
        var matched = 0
        for trial in 0..<40 {
            let width = 20 + trial % 13, height = 18 + trial % 11
            // Runs of random lengths along rows, with finder-like 1:1:3:1:1 stretches now and then.
            var bits = BitMatrix(width: width, height: height)
            for y in 0..<height {
                var x = 0, dark = Bool.random(using: &random)
                while x < width {
                    let length = Int.random(in: 1...4, using: &random)
                    for k in 0..<length where x + k < width { bits[x + k, y] = dark }
                    x += length
                    dark.toggle()
                }
            }
            for y in 0..<height {
                for x in 0..<width {
                    for (dx, dy) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                        for limit in [3, 7, 12] {
                            let fast = QRFinderPatternFinder.crossCheck(bits, x, y, dx, dy, limit: limit)
                            let slow = Self.plain(bits, x, y, dx, dy, limit: limit)
                            #expect(fast?.total == slow?.total && fast?.centerOffset == slow?.centerOffset,
                                    "(\(x), \(y)) along (\(dx), \(dy)), limit \(limit)")
                            if slow != nil { matched += 1 }
                        }
                    }
                }
            }
        }
        #expect(matched > 100)
    }
}
