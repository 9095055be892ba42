@testable import BarcodeDecoder
import RigCore
import Testing

@Suite struct MaxiCodeBullsEyePatternTests {
    /// The ring tests on whole numbers give what the tests on the unit as a number give (the same unit, to the bit, or
    /// nil), on random runs around a bull's-eye's, on ring runs at each bound exactly (16w = t, 16w = 3t) and one off it,
    /// on outer runs at their bound, and on sums below 8.
    @Test func matchesThePlainDefinition() {
        var random = SeededGenerator(seed: 47)
        var cases: [[Int]] = []
        for _ in 0..<20_000 {
            let unit = Int.random(in: 1...40, using: &random)
            var widths = (0..<11).map { _ in Int.random(in: max(0, unit / 3)...(2 * unit), using: &random) }
            widths[5] = Int.random(in: 0...(3 * unit), using: &random)
            cases.append(widths)
        }
        for _ in 0..<2_000 { cases.append((0..<11).map { _ in Int.random(in: 0...3, using: &random) }) }
        // At the bounds: eight ring runs summing to t = 16j with one of them j (the low bound) or 3j (the high one), the
        // others as even as they can be, and the same with that width moved by one; the outer runs at j, the centre
        // 1.5 units, and each outer run one off its bound too.
        var atBounds = 0
        for j in 1...30 {
            for (edge, place) in [(j, 0), (3 * j, 0), (j, 7), (3 * j, 4)] {
                for delta in -1...1 {
                    let w = edge + delta, rest = 16 * j - edge
                    var rings = (0..<7).map { rest / 7 + ($0 < rest % 7 ? 1 : 0) }
                    rings.insert(w, at: place)
                    let centre = 3 * j
                    for outer in [j - 1, j, j + 1] {
                        let widths = { (first: Int, last: Int) in [first] + rings[0..<4] + [centre] + rings[4..<8] + [last] }
                        cases.append(widths(outer, j))
                        cases.append(widths(j, outer))
                    }
                    if delta == 0, MaxiCodeBullsEye.plainPattern({ ([j] + rings[0..<4] + [centre] + rings[4..<8] + [j])[$0] }) != nil {
                        atBounds += 1
                    }
                }
            }
        }
        var passed = 0
        for widths in cases {
            let plain = MaxiCodeBullsEye.plainPattern { widths[$0] }
            let fast = MaxiCodeBullsEye.pattern { widths[$0] }
            #expect(fast?.bitPattern == plain?.bitPattern, "\(widths)")
            if plain != nil { passed += 1 }
        }
        // Both outcomes occur, and patterns exactly at a bound pass.
        #expect(passed > 1_000 && passed < cases.count - 1_000, "\(passed) of \(cases.count)")
        #expect(atBounds > 0)
    }

    /// A bull's-eye drawn as concentric squares whose inner dark ring is thin (3 px, against rings of 5 and a centre of
    /// 10): its runs fit `pattern` along its row, column and diagonals, but its centre is over three times the ring before
    /// it, which the loop over every place turned away by its first test, and the search by the mark of that pair.
    @Test func aCentreOverThreeTimesTheRingBeforeItIsNoCandidate() throws {
        #expect(MaxiCodeBullsEye.pattern({ [5, 5, 5, 5, 3, 10, 3, 5, 5, 5, 5][$0] }) != nil)
        let size = 120
        var pixels = [UInt8](repeating: 220, count: size * size)
        for y in 0..<size {
            for x in 0..<size {
                // Distance outside the 10×10 centre, in the square metric: rings at 1–3, 9–13 and 19–23.
                let dx = x < 55 ? 55 - x : (x >= 65 ? x - 64 : 0), dy = y < 55 ? 55 - y : (y >= 65 ? y - 64 : 0)
                let d = max(dx, dy)
                if (1...3).contains(d) || (9...13).contains(d) || (19...23).contains(d) { pixels[y * size + x] = 30 }
            }
        }
        let frame = PreparedFrame(try GrayImage(width: size, height: size, pixels: pixels), binarization: .hybrid)
        for step in 1...2 {
            #expect(MaxiCodeBullsEye.candidates(frame, step: step).isEmpty, "step \(step)")
            #expect(NeighbourRunsTests.maxiCodeCandidatesAtEveryPlace(frame, step: step).isEmpty, "step \(step)")
        }
    }
}
