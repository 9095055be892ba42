@testable import BarcodeDecoder
import RigCore
import Testing

/// The runs the Aztec and MaxiCode bull's-eye checks read through a point, against their definition cell by cell.
@Suite struct BitMatrixRunsThroughTests {
    /// The definition: walk from (x, y) along (dx, dy) through the subscript; a run ends where the colour changes or the
    /// image ends, and a run that would start outside the image means there is none.
    static func plain(_ m: BitMatrix, _ x: Int, _ y: Int, dx: Int, dy: Int, each: Int) -> (widths: [Int], centerOffset: Double)? {
        func dark(_ t: Int) -> Bool? {
            let px = x + t * dx, py = y + t * dy
            guard px >= 0, py >= 0, px < m.width, py < m.height else { return nil }
            return m[px, py]
        }
        guard let middle = dark(0) else { return nil }
        var low = 0, high = 0
        while dark(low - 1) == middle { low -= 1 }
        while dark(high + 1) == middle { high += 1 }
        var widths = [high - low + 1]
        var a = low - 1, b = high + 1
        for _ in 0..<each {
            guard let colour = dark(a) else { return nil }
            let end = a
            while dark(a) == colour { a -= 1 }
            widths.insert(end - a, at: 0)
        }
        for _ in 0..<each {
            guard let colour = dark(b) else { return nil }
            let start = b
            while dark(b) == colour { b += 1 }
            widths.append(b - start)
        }
        return (widths, Double(low + high) / 2)
    }

    @Test(arguments: [(1, 1), (7, 3), (40, 40), (61, 23), (23, 61)])
    func runsMatchTheirDefinition(_ width: Int, _ height: Int) {
        var random = SeededGenerator(seed: UInt64(width * 100 + height))
        for density in [0.1, 0.5, 0.9] {
            // Runs of random lengths along rows, so long and short runs both occur in every direction.
            var m = BitMatrix(width: width, height: height)
            var dark = false
            for i in 0..<(width * height) {
                if Double.random(in: 0..<1, using: &random) < (dark ? 1 - density : density) * 0.4 { dark.toggle() }
                m[i % width, i / width] = dark
            }
            for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1), (-1, 0), (0, -1), (-1, -1), (-1, 1)] {
                for _ in 0..<60 {
                    let x = Int.random(in: -1...width, using: &random), y = Int.random(in: -1...height, using: &random)
                    for each in [0, 4, 5] {
                        let found = m.runs(through: x, y, dx: dx, dy: dy, each: each)
                        let expected = Self.plain(m, x, y, dx: dx, dy: dy, each: each)
                        #expect(found?.widths == expected?.widths && found?.centerOffset == expected?.centerOffset,
                                "(\(x), \(y)) along (\(dx), \(dy)), \(each) each side")
                    }
                }
            }
        }
    }
}
