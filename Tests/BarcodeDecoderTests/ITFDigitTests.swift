@testable import BarcodeDecoder
import RigCore
import Testing

/// Interleaved 2 of 5's digits read in place (`ITFDecoder.digit`) against the definition on five copied widths.
@Suite struct ITFDigitTests {
    @Test func theDigitReadInPlaceIsTheDefinitions() {
        var random = SeededGenerator(seed: 25)
        var read = 0
        for trial in 0..<20_000 {
            // Random widths, or a digit's pattern (narrow 1, wide 2 to 3) with jitter, or whole modules where widths tie.
            let five: [Double]
            switch trial % 3 {
            case 0: five = (0..<5).map { _ in Double.random(in: 0.5...8, using: &random) }
            case 1:
                let wide = Double.random(in: 2...3, using: &random)
                five = ITFDecoder.patterns[trial % 10].map { ($0 ? wide : 1) + Double.random(in: -0.3...0.3, using: &random) }
            default: five = (0..<5).map { _ in Double([1, 1, 2, 3][Int.random(in: 0..<4, using: &random)]) }
            }
            // Interleaved with other widths, as a pair's bars lie between its spaces.
            let runs = five.flatMap { [$0, Double.random(in: 0.5...8, using: &random)] }
            let expected = ITFDecoder.digitByDefinition(five).map { ($0, ITFDecoder.narrowMeanByDefinition(five, $0)) }
            let found = ITFDecoder.digit(runs, 0)
            #expect(found?.digit == expected?.0 && found?.narrowMean == expected?.1, "\(five)")
            if found != nil { read += 1 }
        }
        #expect(read > 3_000)
    }
}
