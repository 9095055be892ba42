@testable import BarcodeDecoder
import RigCore
import Testing

/// The row decoders' first tests made at every bar before any place is visited (`RunCandidates`): the same places in the
/// same order as the loops that tested each place in turn, and each branch-free test the comparisons it replaces.
@Suite struct RunCandidatesTests {
    /// Widths as lines give them: whole and fractional, equal neighbours, zero at the end, the border's 1e6.
    static func widths(_ random: inout SeededGenerator, count: Int) -> [Double] {
        var widths = (0..<count).map { k -> Double in
            switch k % 4 {
            case 0: Double(Int.random(in: 1...6, using: &random))
            case 1: Double.random(in: 0.3...14, using: &random)
            case 2: Double(Int.random(in: 1...3, using: &random)) * 2.5
            default: Double.random(in: 1...3, using: &random).rounded() / 2
            }
        }
        if count > 0 && Bool.random(using: &random) { widths[0] = 1e6 }
        if count > 1 && Bool.random(using: &random) { widths[count - 1] = 0 }
        return widths
    }

    @Test func theSignTestsAreTheComparisons() {
        let values: [Double] = [0, 0.5, 1, 2.5, 3, 3.000_000_000_000_000_4, 7.5, 1e6, .infinity]
        for x in values {
            for y in values where !(x.isInfinite && y.isInfinite) {
                #expect(SignBit.greater(x, y) == (x > y ? 1 : 0), "\(x) > \(y)")
                #expect(SignBit.atLeast(x, y) == (x >= y ? 1 : 0), "\(x) >= \(y)")
            }
        }
    }

    @Test func visitsThePlacesTheLoopVisits() {
        var random = SeededGenerator(seed: 93)
        for trial in 0..<2_000 {
            let first = 1 + trial % 2, end = Int.random(in: -3...90, using: &random)
            let passes = (0..<100).map { _ in Int.random(in: 0..<5, using: &random) == 0 }
            // A visit jumps past a "symbol" now and then, sometimes to a place of the other parity.
            let jumps = (0..<100).map { _ in Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 1...9, using: &random) : 2 }
            var expected: [Int] = []
            var i = first
            while i < end {
                if passes[i] { expected.append(i); i += jumps[i] } else { i += 2 }
            }
            var visited: [Int] = []
            RunCandidates.visit(from: first, below: end, test: { passes[$0] ? 1 : 0 }) { i in
                visited.append(i)
                return i + jumps[i]
            }
            #expect(visited == expected, "trial \(trial)")
        }
    }

    /// With `firstPasses`, the first place is visited whatever its test, and the rest as the loop visits them.
    @Test func theFirstPlacePassesWhenAsked() {
        var random = SeededGenerator(seed: 25)
        for trial in 0..<500 {
            let first = 1 + trial % 2, end = Int.random(in: -3...60, using: &random)
            let passes = (0..<64).map { _ in Int.random(in: 0..<5, using: &random) == 0 }
            var expected: [Int] = []
            var i = first
            while i < end {
                if passes[i] || i == first { expected.append(i); i += 3 } else { i += 2 }
            }
            var visited: [Int] = []
            RunCandidates.visit(from: first, below: end, firstPasses: true, test: { passes[$0] ? 1 : 0 }) { i in
                visited.append(i)
                return i + 3
            }
            #expect(visited == expected, "trial \(trial)")
        }
    }

    /// Code 2 of 5's quiet-zone bound holds wherever either start pattern's test does, and its branch-free form is it.
    /// The widths include tiny ones and quiet zones just at either test's threshold, where a bound above 5/3 of the
    /// three runs' sum (Standard) or above 1.4 times it (Matrix, its other two elements narrower) would fail.
    @Test func code25StartTestHoldsWhereTheStartPatternsDo() {
        var random = SeededGenerator(seed: 2_5)
        var passed = (standard: 0, matrix: 0)
        for _ in 0..<3_000 {
            var runs = Self.widths(&random, count: Int.random(in: 12...40, using: &random))
            for k in runs.indices where Int.random(in: 0..<4, using: &random) == 0 { runs[k] = Double.random(in: 0...0.01, using: &random) }
            let s = 1 + 2 * Int.random(in: 0...(runs.count - 12) / 2, using: &random)
            if s > 1 {
                let standardNarrow = (runs[s + 4] + runs[s + 1] + runs[s + 3]) / 3
                let matrixNarrow = (runs[s + 1] + runs[s + 2] + runs[s + 3] + runs[s + 4] + runs[s + 5]) / 5
                switch Int.random(in: 0..<3, using: &random) {
                case 0: runs[s - 1] = 5 * standardNarrow
                case 1: runs[s - 1] = 5 * matrixNarrow
                default: break
                }
                // Start patterns' other elements fitted now and then, so the tests pass beyond their quiet zones.
                if Bool.random(using: &random) { runs[s] = 3 * standardNarrow; runs[s + 2] = 3 * standardNarrow }
                if Int.random(in: 0..<3, using: &random) == 0 {
                    // Matrix 2 of 5's five narrow elements, the second and fifth the narrowest, and its bar and quiet zone.
                    for k in [1, 3, 4] { runs[s + k] = Double.random(in: 1.3...1.5, using: &random) }
                    for k in [2, 5] { runs[s + k] = Double.random(in: 0.8...1, using: &random) }
                    let narrow = (runs[s + 1] + runs[s + 2] + runs[s + 3] + runs[s + 4] + runs[s + 5]) / 5
                    runs[s] = 4 * narrow
                    runs[s - 1] = 5 * narrow
                }
            }
            runs.withUnsafeBufferPointer { widths in
                let bound = Code25Decoder.mayStart(widths, s)
                if Code25Decoder.mayStartStandard(widths, s) { passed.standard += 1; #expect(bound, "\(runs) at \(s)") }
                if Code25Decoder.mayStartMatrix(widths, s) { passed.matrix += 1; #expect(bound, "\(runs) at \(s)") }
                if s > 1 { #expect(Code25Decoder.startTest(widths, s) == (bound ? 1 : 0), "\(runs) at \(s)") }
            }
        }
        #expect(passed.standard > 100 && passed.matrix > 100, "\(passed)")
    }

    /// ITF's quiet-zone bound holds wherever its start test's quiet zone does (quiet zones set just at that threshold
    /// half the time), and its branch-free form is it. A bound over 1.5 times the four runs' sum would fail.
    @Test func itfQuietZoneBoundHoldsWhereTheQuietZoneDoes() {
        var random = SeededGenerator(seed: 14)
        var passed = 0
        for _ in 0..<3_000 {
            var runs = Self.widths(&random, count: Int.random(in: 6...30, using: &random))
            let s = 1 + 2 * Int.random(in: 0...(runs.count - 5) / 2, using: &random)
            // The start test's mean narrow element: the mean of the bars' mean and the spaces' mean.
            let mean = ((runs[s] + runs[s + 2]) / 2 + (runs[s + 1] + runs[s + 3]) / 2) / 2
            if Bool.random(using: &random) { runs[s - 1] = mean * 6 }
            runs.withUnsafeBufferPointer { widths in
                let bound = ITFDecoder.mayHaveQuietZone(widths, s)
                if widths[s - 1] >= mean * 6 { passed += 1; #expect(bound, "\(runs) at \(s)") }
                #expect(ITFDecoder.quietZoneTest(widths, s) == (bound ? 1 : 0), "\(runs) at \(s)")
            }
        }
        #expect(passed > 1_000, "\(passed)")
    }

    @Test func dataBarStartTestsAreTheirGuards() {
        var random = SeededGenerator(seed: 45)
        var passed = (dataBar: 0, limited: 0)
        for _ in 0..<300 {
            let runs = Self.widths(&random, count: Int.random(in: 47...140, using: &random))
            RunSpanSums.with(runs) { sums in
                var s = 1
                while s + 45 < runs.count {
                    let guards = DataBarDecoder.mayStart(runs, guardBar: s, sums: sums)
                    #expect(DataBarDecoder.startTest(runs, guardBar: s, sums: sums) == (guards ? 1 : 0), "\(runs) at \(s)")
                    if guards { passed.dataBar += 1 }
                    s += 1
                }
                s = 1
                while s + 44 < runs.count {
                    let guards = DataBarLimitedDecoder.mayStart(runs, guardBar: s, sums: sums)
                    #expect(DataBarLimitedDecoder.startTest(runs, guardBar: s, sums: sums) == (guards ? 1 : 0), "\(runs) at \(s)")
                    if guards { passed.limited += 1 }
                    s += 1
                }
            }
        }
        #expect(passed.dataBar > 100 && passed.limited > 100, "\(passed)")
    }

    @Test func dataBarExpandedTestsAreItsGuards() {
        var random = SeededGenerator(seed: 24)
        var passed = 0
        for _ in 0..<300 {
            var runs = Self.widths(&random, count: Int.random(in: 16...60, using: &random))
            // Dark surrounds and guard spaces of the bar's own width too.
            for k in stride(from: 2, to: runs.count, by: 7) { runs[k] = runs[k - 1] }
            runs.withUnsafeBufferPointer { widths in
                for g in 1..<(widths.count - 5) {
                    let guardBar = DataBarExpandedDecoder.mayBeGuardBar(widths, at: g)
                    #expect(DataBarExpandedDecoder.guardBarTest(widths, at: g) == (guardBar ? 1 : 0), "\(runs) at \(g)")
                    let finder = DataBarExpandedDecoder.finderEndsMayFit(widths, at: g)
                    #expect(DataBarExpandedDecoder.finderEndsTest(widths, at: g) == (finder ? 1 : 0), "\(runs) at \(g)")
                    if guardBar && finder { passed += 1 }
                }
            }
        }
        let zeros = [Double](repeating: 0, count: 6)
        zeros.withUnsafeBufferPointer { #expect(DataBarExpandedDecoder.finderEndsTest($0, at: 0) == 0) }
        #expect(passed > 100, "\(passed)")
    }

    /// Code 93's module reading as written first: element by element, out at the first that rounds outside 1…4.
    static func code93ModulesByDefinition(_ runs: [Double], _ at: Int) -> Int? {
        guard at + 6 <= runs.count else { return nil }
        let total = runs[at..<at + 6].reduce(0, +)
        guard total > 0 else { return nil }
        var bits = 0, edge = 0.0, previous = 0
        for i in 0..<6 {
            edge += runs[at + i]
            let boundary = Int((edge / total * 9).rounded())
            let width = boundary - previous
            guard width >= 1, width <= 4 else { return nil }
            for _ in 0..<width { bits = bits << 1 | (i % 2 == 0 ? 1 : 0) }
            previous = boundary
        }
        return bits
    }

    @Test func code93ModulesAreTheDefinition() {
        var random = SeededGenerator(seed: 930)
        var read = 0
        for trial in 0..<20_000 {
            // Characters of whole modules, jittered, and anything.
            let runs: [Double] = (0..<6).map { _ in
                trial % 2 == 0 ? Double(Int.random(in: 1...4, using: &random)) * 3 + Double.random(in: -1.4...1.4, using: &random)
                    : Double.random(in: 0...14, using: &random)
            }
            let modules = Code93Decoder.modules(runs, 0)
            #expect(modules == Self.code93ModulesByDefinition(runs, 0), "\(runs)")
            if modules != nil { read += 1 }
        }
        #expect(read > 2_000, "\(read)")
    }
}
