@testable import BarcodeDecoder
import RigCore
import Testing

@Suite struct AztecBullsEyeRunsTests {
    /// The tests on whole numbers give what the tests on the rounded mean give (the same mean, to the bit, or nil), on
    /// random runs around a bull's-eye's, on runs at each bound exactly (14w = t, 14w = 3t) and one off it, and on
    /// sums below 7.
    @Test func matchesThePlainDefinition() {
        var random = SeededGenerator(seed: 31)
        var cases: [[Int]] = []
        for _ in 0..<20_000 {
            let unit = Int.random(in: 1...40, using: &random)
            cases.append((0..<9).map { _ in Int.random(in: max(0, unit / 3)...(2 * unit), using: &random) })
        }
        for _ in 0..<2_000 { cases.append((0..<9).map { _ in Int.random(in: 0...3, using: &random) }) }
        // At the bounds: seven widths summing to t = 14j with one of them j (the low bound) or 3j (the high one), the
        // others as even as they can be, and the same with that width moved by one; the outer runs at 2j·7/14 too.
        var atBounds = 0
        for j in 1...30 {
            for (edge, place) in [(j, 0), (3 * j, 0), (j, 6), (3 * j, 3)] {
                for delta in -1...1 {
                    let w = edge + delta, rest = 14 * j - edge
                    var seven = (0..<6).map { rest / 6 + ($0 < rest % 6 ? 1 : 0) }
                    seven.insert(w, at: place)
                    for outer in [j - 1, j, j + 1] {
                        cases.append([outer] + seven + [j])
                        cases.append([j] + seven + [outer])
                    }
                    if delta == 0, AztecBullsEye.plainBullsEyeRuns({ ([j] + seven + [j])[$0] }) != nil { atBounds += 1 }
                }
            }
        }
        var passed = 0
        for widths in cases {
            let plain = AztecBullsEye.plainBullsEyeRuns { widths[$0] }
            let fast = AztecBullsEye.bullsEyeRuns { widths[$0] }
            #expect(fast?.bitPattern == plain?.bitPattern, "\(widths)")
            if plain != nil { passed += 1 }
        }
        // Both outcomes occur, and patterns exactly at a bound pass.
        #expect(passed > 1_000 && passed < cases.count - 1_000)
        #expect(atBounds > 0)
    }
}
