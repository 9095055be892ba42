@testable import BarcodeDecoder
import BarcodeEncoder
import RigCore
import Testing

/// The stacked reader's search for halves tests each bar's first guards against running-total bounds before reading a
/// half there: it must find exactly the halves that reading one at every bar finds.
@Suite struct DataBarStackedHalvesTests {
    /// The halves read at every odd run as the reader read them before its cheap tests: each span summed as a slice and
    /// every finder copied out and matched.
    static func halvesReadAtEveryBar(_ runs: [Double]) -> [(guardBar: Int, half: DataBarStackedReader.Half)] {
        guard runs.count > 24 else { return [] }
        return stride(from: 1, to: runs.count - 23, by: 2).compactMap { s in
            (leftHalf(runs, guardBar: s) ?? rightHalf(runs, guardBar: s)).map { (guardBar: s, half: $0) }
        }
    }

    static func leftHalf(_ runs: [Double], guardBar s: Int) -> DataBarStackedReader.Half? {
        let unit = runs[(s + 1)...(s + 21)].reduce(0, +) / 46
        guard unit > 0, runs[s] < 2.2 * unit, runs[s + 22] < 2.2 * unit, runs[s - 1] >= 2 * unit || s == 1 else { return nil }
        let finderRuns = Array(runs[(s + 9)...(s + 13)])
        guard abs(finderRuns.reduce(0, +) / unit - 15) <= 2.5, let finder = DataBarDecoder.finder(finderRuns),
              let outer = DataBarDecoder.characterCounts(Array(runs[(s + 1)...(s + 8)]), modules: 16, oddSumIsEven: true).flatMap(DataBarDecoder.outer),
              let inner = DataBarDecoder.characterCounts(Array(runs[(s + 14)...(s + 21)].reversed()), modules: 15, oddSumIsEven: false).flatMap(DataBarDecoder.inner)
        else { return nil }
        return .init(isLeft: true, outer: outer, inner: inner, finder: finder.value, reversed: false, ys: [], x0: 0, x1: 0)
    }

    static func rightHalf(_ runs: [Double], guardBar s: Int) -> DataBarStackedReader.Half? {
        let unit = runs[(s + 2)...(s + 22)].reduce(0, +) / 46
        guard unit > 0, runs[s] < 2.2 * unit, runs[s + 1] < 2.2 * unit, runs[s + 23] < 2.2 * unit,
              runs[s - 1] >= 2 * unit || s == 1 else { return nil }
        let finderRuns = Array(runs[(s + 10)...(s + 14)].reversed())
        guard abs(finderRuns.reduce(0, +) / unit - 15) <= 2.5, let finder = DataBarDecoder.finder(finderRuns),
              let inner = DataBarDecoder.characterCounts(Array(runs[(s + 2)...(s + 9)]), modules: 15, oddSumIsEven: false).flatMap(DataBarDecoder.inner),
              let outer = DataBarDecoder.characterCounts(Array(runs[(s + 15)...(s + 22)].reversed()), modules: 16, oddSumIsEven: true).flatMap(DataBarDecoder.outer)
        else { return nil }
        return .init(isLeft: false, outer: outer, inner: inner, finder: finder.value, reversed: false, ys: [], x0: 0, x1: 0)
    }

    /// A line across both rows of a Stacked symbol and texture either side: runs (light first and last) of modules a
    /// random width each, every run off by up to a third of a module.
    static func line(_ text: String, seed: UInt64) throws -> [Double] {
        var random = SeededGenerator(seed: seed)
        let modules = try DataBarEncoder.encode(text).modules
        let top = Array(modules[..<48]) + [true, false], bottom = [true, false] + Array(modules[48...])
        func texture() -> [Bool] { (0..<Int.random(in: 20...60, using: &random)).map { _ in Bool.random(using: &random) } }
        let quiet = [Bool](repeating: false, count: 8)
        let pattern = [false] + texture() + quiet + top + quiet + texture() + quiet + bottom + quiet + texture() + [false]
        let module = Double.random(in: 1.2...5, using: &random)
        var runs: [Double] = []
        var i = 0
        while i < pattern.count {
            var j = i
            while j < pattern.count && pattern[j] == pattern[i] { j += 1 }
            runs.append(Double(j - i) * module + Double.random(in: -0.33...0.33, using: &random) * module)
            i = j
        }
        return runs
    }

    /// `DataBarStackedReader.mayBeFinder` tests the last two elements against one module for every finder.
    @Test func everyFinderEndsInTwoOneModuleElements() {
        #expect(DataBarCharacter.finders.allSatisfy { $0[3] == 1 && $0[4] == 1 })
    }

    /// `mayStartHalf` (guard bar and space alone) lets through every bar where either full test passes, on lines across
    /// symbols (forwards and backwards) and texture, and turns most texture bars away.
    @Test func theGuardTestKeepsEveryBarTheFullTestsPass() throws {
        var passedFull = 0, places = 0, passed = 0
        for seed: UInt64 in 1...60 {
            var random = SeededGenerator(seed: seed)
            let body = String((0..<13).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
            let forward = try Self.line("01" + body + String(DataBarCharacter.gtinCheckDigit(body)), seed: seed)
            for (k, runs) in [forward, Array(forward.reversed()), RunSpanSumsTests.runs(count: 200, seed: seed)].enumerated() {
                RunSpanSums.with(runs) { sums in
                    runs.withUnsafeBufferPointer { widths in
                        for s in stride(from: 1, to: runs.count - 23, by: 2) {
                            let full = DataBarStackedReader.mayStartLeftHalf(widths, guardBar: s, sums: sums)
                                || DataBarStackedReader.mayStartRightHalf(widths, guardBar: s, sums: sums)
                            let guardFits = DataBarStackedReader.mayStartHalf(widths, guardBar: s, sums: sums)
                            #expect(!full || guardFits, "seed \(seed) line \(k) bar \(s)")
                            passedFull += full ? 1 : 0
                            if k == 2 { places += 1; passed += guardFits ? 1 : 0 }
                        }
                    }
                }
            }
        }
        #expect(passedFull > 100)
        #expect(passed * 2 < places)
    }

    @Test func theCheapTestKeepsEveryHalf() throws {
        var halves = 0
        for seed: UInt64 in 1...60 {
            var random = SeededGenerator(seed: seed)
            let body = String((0..<13).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
            let forward = try Self.line("01" + body + String(DataBarCharacter.gtinCheckDigit(body)), seed: seed)
            // Texture alone too, with widths from a tenth of a pixel to hundreds.
            for runs in [forward, Array(forward.reversed()), RunSpanSumsTests.runs(count: 200, seed: seed)] {
                let searched = DataBarStackedReader.halves(runs), everyBar = Self.halvesReadAtEveryBar(runs)
                #expect(searched.map(\.guardBar) == everyBar.map(\.guardBar), "seed \(seed)")
                #expect(zip(searched, everyBar).allSatisfy { $0.half.sameRead(as: $1.half) }, "seed \(seed)")
                halves += everyBar.count
            }
        }
        #expect(halves > 20)
    }
}
