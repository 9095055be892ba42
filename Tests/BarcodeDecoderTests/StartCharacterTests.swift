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
                let isStart = Code39Decoder.character(runs, at) == 43
                if isStart { starts += 1 }
                #expect(Code39Decoder.isStartStop(runs, at) == isStart, "\(runs) at \(at)")
            }
        }
        #expect(starts > 10)
    }
}
