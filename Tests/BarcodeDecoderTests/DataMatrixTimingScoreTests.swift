@testable import BarcodeDecoder
import RigCore
import Testing

@Suite struct DataMatrixTimingScoreTests {
    /// The timing score as first written: every sample tested against the image's bounds, the matches counted and the
    /// misses allowed stepped down at each miss, the count so far returned once they run out (the top row's alone when
    /// they run out on it).
    static func reference(_ bits: BitMatrix, _ h: DataMatrixDetector.Homography, _ size: DataMatrixSize, needed: Int) -> Int {
        var allowed = size.columns + size.rows - needed
        func run(_ x0: Double, _ y0: Double, _ sx: Double, _ sy: Double, count: Int, darkFirst: Bool) -> Int {
            var uv = SIMD2(h.h0 * x0 + h.h1 * y0 + h.h2, h.h3 * x0 + h.h4 * y0 + h.h5), w = h.h6 * x0 + h.h7 * y0 + h.h8
            let duv = SIMD2(h.h0 * sx + h.h1 * sy, h.h3 * sx + h.h4 * sy), dw = h.h6 * sx + h.h7 * sy
            var dark = darkFirst, score = 0
            for _ in 0..<count {
                let p = uv / SIMD2(repeating: w)
                var cell = false
                if p.x > -1, p.y > -1, p.x < Double(bits.width), p.y < Double(bits.height) { cell = bits[Int(p.x), Int(p.y)] }
                if cell == dark { score += 1 } else { allowed -= 1 }
                if allowed < 0 { return score }
                dark.toggle()
                uv += duv; w += dw
            }
            return score
        }
        let top = run(0.5, 0.5, 1, 0, count: size.columns, darkFirst: true)
        guard allowed >= 0 else { return top }
        return top + run(Double(size.columns) - 0.5, 0.5, 0, 1, count: size.rows, darkFirst: false)
    }

    /// The score counting only the misses is the reference's, partial counts included (the corner search keeps a partial
    /// count as its best when it beats the floor): on random cells, at every size, for corners inside the image (its
    /// loop without bounds tests) and reaching out of it, with nothing needed, some needed, all and more than all.
    @Test func countingTheMissesIsTheReference() {
        var random = SeededGenerator(seed: 39)
        var partial = 0, whole = 0
        for trial in 0..<40 {
            let width = 30 + trial * 7 % 90, height = 30 + trial * 11 % 80
            var pixels = [UInt8](repeating: 255, count: width * height)
            // Stripes and noise, so that rows of matches and runs of misses both occur.
            for y in 0..<height {
                for x in 0..<width where (x / 3 + y / 4) % 2 == 0 || Int.random(in: 0..<5, using: &random) == 0 {
                    pixels[y * width + x] = 0
                }
            }
            let frame = PreparedFrame(try! GrayImage(width: width, height: height, pixels: pixels), binarization: .localMean)
            for _ in 0..<30 {
                let size = DataMatrixSize.all[Int.random(in: 0..<DataMatrixSize.all.count, using: &random)]
                // Corners mostly inside, one in four reaching past an edge.
                let reach = Int.random(in: 0..<4, using: &random) == 0 ? 15.0 : -2.0
                func corner() -> Point {
                    Point(Double.random(in: -reach...(Double(width) + reach), using: &random),
                          Double.random(in: -reach...(Double(height) + reach), using: &random))
                }
                guard let h = DataMatrixDetector.homography(size, corner(), corner(), corner(), corner()) else { continue }
                let total = size.columns + size.rows
                for needed in [0, Int.random(in: 1...total, using: &random), total / 2, total, total + 1] {
                    let expected = Self.reference(frame.binary, h, size, needed: needed)
                    #expect(DataMatrixDetector.timingScore(frame, h, size, needed: needed) == expected, "\(size) needing \(needed)")
                    if expected < needed { partial += 1 } else { whole += 1 }
                }
            }
        }
        #expect(partial > 500 && whole > 500, "\(partial) partial, \(whole) whole")
    }
}
