@testable import BarcodeDecoder
import RigCore
import Testing

/// The cheap start-character tests the Codabar and Code 39 decoders make at every place against the character readers
/// they stand in front of: they may only turn away places the readers turn away.
@Suite struct StartCharacterTests {
    /// Random widths, and whole-module ones (1 narrow, 2 or 3 wide) where patterns are met often.
    static func lines() -> [[Double]] {
        var random = SeededGenerator(seed: 39)
        return (0..<400).map { trial in
            (0..<60).map { _ in
                trial % 2 == 0 ? Double.random(in: 0.5...10, using: &random) : Double([1, 1, 1, 2, 3][Int.random(in: 0..<5, using: &random)])
            }
        }
    }

    @Test func codabarStartTestKeepsEveryStartCharacter() {
        #expect(CodabarDecoder.startStopHaveThreeWide)
        var starts = 0
        for runs in Self.lines() {
            for at in 0..<(runs.count - 7) {
                let isStart = (CodabarDecoder.character(runs, at) ?? -1) >= 16
                if isStart { starts += 1; #expect(CodabarDecoder.mayBeStartStop(runs, at), "\(runs) at \(at)") }
            }
        }
        #expect(starts > 50)
    }

    @Test func code39StartTestIsTheCharacterReading() {
        #expect(Set(Code39Tables.patterns).count == Code39Tables.patterns.count)
        var starts = 0
        for runs in Self.lines() {
            for at in 0..<(runs.count - 9) {
                // The start is the nine runs read together; bars and spaces apart are read only after it.
                let isStart = Code39Decoder.characterTogether(runs, at) == 43
                if isStart { starts += 1 }
                #expect(Code39Decoder.isStartStop(runs, at) == isStart, "\(runs) at \(at)")
            }
        }
        #expect(starts > 10)
    }

    /// `RunPattern.hasWide` against the sort it stands in for, for patterns of every width over 7 and 9 runs.
    @Test func hasWideIsTheSortsReading() {
        var random = SeededGenerator(seed: 7)
        var matches = 0
        for runs in Self.lines() {
            for count in [7, 9] {
                for _ in 0..<12 {
                    let pattern = Int.random(in: 1..<(1 << count) - 1, using: &random)
                    for at in 0..<(runs.count - count) {
                        let sorted = RunPattern.widest(runs, at, count, wide: pattern.nonzeroBitCount, minimumRatio: 1.25)?.bits == pattern
                        if sorted { matches += 1 }
                        #expect(RunPattern.hasWide(runs, at, count, pattern: pattern, minimumRatio: 1.25) == sorted, "\(runs) at \(at)")
                    }
                }
            }
        }
        // Ties and runs of no width too.
        for runs: [Double] in [[1, 2, 1, 1, 2, 1, 2, 1, 1], [1, 2, 1, 2, 2, 1, 2, 1, 1], [0, 2, 0, 0, 2, 0, 2, 0, 0], [1, 1, 1, 1, 1, 1, 1, 1, 1]] {
            for pattern in [0x094, 0x0A8, 0x1C0] {
                let sorted = RunPattern.widest(runs, 0, 9, wide: 3, minimumRatio: 1.25)?.bits == pattern
                #expect(RunPattern.hasWide(runs, 0, 9, pattern: pattern, minimumRatio: 1.25) == sorted, "\(runs)")
            }
        }
        #expect(matches > 100)
    }

    @Test func codabarStartTestIsTheSortsReading() {
        for runs in Self.lines() {
            for at in 0..<(runs.count - 7) {
                let bits = RunPattern.widest(runs, at, 7, wide: 3, minimumRatio: 1.25)?.bits
                #expect(CodabarDecoder.mayBeStartStop(runs, at) == (16...19).contains { bits == CodabarDecoder.patterns[$0] }, "\(runs) at \(at)")
            }
        }
    }

    @Test func code93StartTestIsTheCharacterReading() {
        #expect(Set(Code93Tables.patterns).count == Code93Tables.patterns.count)
        var starts = 0
        for runs in Self.lines() + [[1, 1, 1, 1, 1, 4, 1, 1], [2, 1, 1, 1, 1, 4, 1, 2]] {
            for at in 0..<(runs.count - 6) {
                let isStart = Code93Decoder.character(runs, at) == Code93Tables.startStop
                if isStart { starts += 1 }
                #expect(Code93Decoder.isStartStop(runs, at) == isStart, "\(runs) at \(at)")
            }
        }
        #expect(starts > 0)
    }
}
