@testable import BarcodeDecoder
import RigCore
import Testing

/// Code 128's nearest symbol (the start candidates with the early cut, all values by whole distances in a vectorized
/// loop) against the definition: the full distance to every candidate, the first closest kept.
@Suite struct Code128SymbolTests {
    @Test func theNearestSymbolIsTheDefinitions() {
        var random = SeededGenerator(seed: 128)
        var read = 0, ties = 0
        for trial in 0..<20_000 {
            // Runs near a symbol's pattern (jittered by up to 0.45 modules, scaled), or anywhere.
            let runs: [Double]
            if trial % 2 == 0 {
                let v = Int.random(in: 0...106, using: &random)
                let scale = Double.random(in: 0.8...6, using: &random), jitter = [0.05, 0.2, 0.45][trial % 3]
                runs = (0..<6).map { Swift.max(0.01, (Code128Decoder.firstSix[6 * v + $0] + Double.random(in: -jitter...jitter, using: &random)) * scale) }
            } else if trial % 4 == 1 {
                // Whole-module widths, where candidates tie.
                runs = (0..<6).map { _ in Double(Int.random(in: 1...4, using: &random)) }
                ties += 1
            } else {
                runs = (0..<6).map { _ in Double.random(in: 0.5...20, using: &random) }
            }
            let line = [10] + runs + [10]
            for candidates in [0...106, 103...105] {
                let fast = Code128Decoder.symbol(line, 1, candidates: candidates)
                #expect(fast == Code128Decoder.symbolByDefinition(line, 1, candidates: candidates), "\(runs) in \(candidates)")
                if fast != nil { read += 1 }
            }
        }
        // Both outcomes are exercised: symbols found and lines rejected.
        #expect(read > 5_000 && read < 35_000 && ties > 0)
    }

    /// The last place a stop fits (`Code128Decoder.lastStop`, which ends a read early) against every place tested in
    /// turn, on lines of random widths and of whole modules with stop patterns placed in them.
    @Test func theLastStopIsTheLastPlaceAStopFits() {
        var random = SeededGenerator(seed: 106)
        let stop = Code128Tables.patterns[106].map(Double.init)
        var found = 0
        for trial in 0..<2_000 {
            var runs = (0..<Int.random(in: 8...80, using: &random)).map { _ in
                trial % 2 == 0 ? Double.random(in: 0.5...12, using: &random) : Double(Int.random(in: 1...4, using: &random))
            }
            for _ in 0..<Int.random(in: 0...2, using: &random) where runs.count > 9 {
                let at = Int.random(in: 1...(runs.count - 9), using: &random)
                for k in 0..<7 { runs[at + k] = stop[k] }
                runs[at + 7] = 10
            }
            for s in stride(from: 1, to: runs.count, by: 2) {
                let expected = stride(from: s + 12, to: runs.count, by: 6).filter { Code128Decoder.stopFits(runs, $0) }.last
                #expect(Code128Decoder.lastStop(runs, from: s) == expected, "\(runs) from \(s)")
                if expected != nil { found += 1 }
            }
        }
        #expect(found > 100)
    }

    /// Every start symbol begins with `startPrefix`, so a prefix that does not fit leaves no start symbol whose elements fit.
    @Test func theStartPrefixRejectsOnlyPlacesNoStartSymbolFits() {
        for value in 103...105 { #expect(Code128Tables.patterns[value].prefix(3).map(Double.init) == Code128Decoder.startPrefix) }
        var random = SeededGenerator(seed: 103)
        var rejected = 0, fitting = 0
        for trial in 0..<20_000 {
            // Runs near a start symbol (jittered by up to 1.5 modules), or anywhere.
            let start = 103 + trial % 3
            let runs: [Double] = trial % 2 == 0
                ? Code128Tables.patterns[start].map { Swift.max(0.05, Double($0) + Double.random(in: -1.5...1.5, using: &random)) }
                : (0..<6).map { _ in Double.random(in: 0.1...6, using: &random) }
            let module = (runs[0] + runs[1] + runs[2] + runs[3] + runs[4] + runs[5]) / 11
            let prefixFits = runs.withUnsafeBufferPointer { Code128Decoder.startPrefixFits($0, 0, module: module) }
            let anyFits = (103...105).contains { Code128Decoder.elementsFit(runs, 0, $0, module: module) }
            if !prefixFits { rejected += 1; #expect(!anyFits, "\(runs)") }
            if anyFits { fitting += 1 }
        }
        #expect(rejected > 1_000 && fitting > 1_000)
    }
}
