@testable import BarcodeDecoder
import RigCore
import Testing

@Suite struct DataMatrixSideReadingTests {
    /// The L test's definition: the fraction of 19 cells along the side (at twentieths, shifted `inset` towards the
    /// centre) that are dark; solid from 0.85, open under 0.8.
    static func fraction(_ bits: BitMatrix, _ a: Point, _ b: Point, center: Point, inset: Double) -> Double {
        let mid = (a + b) * 0.5
        let toward = center - mid
        let len = max(1e-9, (toward.x * toward.x + toward.y * toward.y).squareRoot())
        let shift = toward * (inset / len)
        var dark = 0
        for k in 1..<20 where bits[Int((a + (b - a) * (Double(k) / 20) + shift).x), Int((a + (b - a) * (Double(k) / 20) + shift).y)] {
            dark += 1
        }
        return Double(dark) / 19
    }

    /// The reading that stops at the fourth light cell classes every side as the full count does, on sides whose dark
    /// fraction is near both thresholds (15, 16 and 17 of 19 dark all occur) and on sides partly outside the matrix.
    @Test(arguments: [0.6, 0.8, 0.85, 0.9, 0.97])
    func matchesTheFullCount(density: Double) {
        var random = SeededGenerator(seed: UInt64(density * 100))
        let w = 40, h = 30
        var seen = Set<Int>()
        for _ in 0..<50 {
            var bits = BitMatrix(width: w, height: h)
            for y in 0..<h {
                for x in 0..<w where Double.random(in: 0..<1, using: &random) < density { bits[x, y] = true }
            }
            for _ in 0..<40 {
                func point() -> Point { Point(Double.random(in: -3..<Double(w + 3), using: &random), Double.random(in: -3..<Double(h + 3), using: &random)) }
                let a = point(), b = point(), center = point()
                let inset = [1.0, 2, 4.5, 13].randomElement(using: &random)!
                let f = Self.fraction(bits, a, b, center: center, inset: inset)
                seen.insert(Int((f * 19).rounded()))
                let expected: DataMatrixDetector.SideReading = f >= 0.85 ? .solid : f < 0.8 ? .open : .neither
                #expect(DataMatrixDetector.sideReading(bits, a, b, center: center, inset: inset) == expected)
            }
        }
        if density == 0.85 { #expect(seen.isSuperset(of: [15, 16, 17])) }
    }

    /// Sides whose cells fall on the matrix's edges, just inside or just outside them (where the reading without bounds
    /// tests, for sides whose first and last cells are inside, gives way to the tested one) read as the full count does.
    @Test func matchesTheFullCountAtTheEdges() {
        var random = SeededGenerator(seed: 11)
        let w = 24, h = 18
        var bits = BitMatrix(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w where Double.random(in: 0..<1, using: &random) < 0.9 { bits[x, y] = true }
        }
        func near(_ side: Int) -> [Double] { [-0.5, -1e-9, 0, 1e-9, 0.5, Double(side) - 0.5, Double(side) - 1e-9, Double(side), Double(side) + 0.5] }
        let xs = near(w), ys = near(h)
        for ax in xs { for ay in ys { for bx in xs { for by in ys {
            let a = Point(ax, ay), b = Point(bx, by), center = Point(Double(w) / 2, Double(h) / 2)
            for inset in [0.0, 1] {
                let f = Self.fraction(bits, a, b, center: center, inset: inset)
                let expected: DataMatrixDetector.SideReading = f >= 0.85 ? .solid : f < 0.8 ? .open : .neither
                #expect(DataMatrixDetector.sideReading(bits, a, b, center: center, inset: inset) == expected)
            }
        } } } }
    }

    /// A straight side inside the matrix (read in groups of four cells, the count looked at after each group) with 0 to
    /// 6 light cells at every kind of place: all in one group, across groups, at the first and the last cell. It reads
    /// as the full count does.
    @Test func matchesTheFullCountWhereverTheLightCellsFall() {
        var random = SeededGenerator(seed: 23)
        let w = 22, h = 3
        for lights in 0...6 {
            for trial in 0..<300 {
                var bits = BitMatrix(width: w, height: h)
                for y in 0..<h { for x in 0..<w { bits[x, y] = true } }
                // Cell k (1 to 19) of the side from (0.5, 1.5) to (20.5, 1.5) is pixel (k, 1).
                var places = Array(1...19)
                if trial < 19 - lights { places = Array(trial + 1...19) } else { places.shuffle(using: &random) }
                for k in places.prefix(lights) { bits[k, 1] = false }
                let a = Point(0.5, 1.5), b = Point(20.5, 1.5), center = Point(10.5, 1.5)
                let f = Self.fraction(bits, a, b, center: center, inset: 0)
                #expect(Int((f * 19).rounded()) == 19 - lights)
                let expected: DataMatrixDetector.SideReading = f >= 0.85 ? .solid : f < 0.8 ? .open : .neither
                #expect(DataMatrixDetector.sideReading(bits, a, b, center: center, inset: 0) == expected)
            }
        }
    }

    /// An L at each corner of a quad in turn is seen (`locate(quad:)` tests sides 0 and 2 first and reads no further
    /// when neither is solid at any depth: each corner's L has one of them), and a quad with one arm only, or none,
    /// shows no L. The arms are 6 px thick along two sides of a 60 px square, the rest of the frame light.
    @Test func anLIsSeenAtEveryCornerAndNowhereElse() {
        let corners = [Point(20, 20), Point(80, 20), Point(80, 80), Point(20, 80)]
        let quad = DataMatrixDetector.Quad(corners[0], corners[1], corners[2], corners[3])
        // The band of side k (corner k to corner k + 1) inside the square.
        func isOnSide(_ k: Int, _ x: Int, _ y: Int) -> Bool {
            guard (20..<80).contains(x), (20..<80).contains(y) else { return false }
            switch k {
            case 0: return y < 26
            case 1: return x >= 74
            case 2: return y >= 74
            default: return x < 26
            }
        }
        func sawL(arms: [Int]) -> Bool {
            var image = GrayImage(width: 100, height: 100, filledWith: 230)
            for y in 0..<100 { for x in 0..<100 where arms.contains(where: { isOnSide($0, x, y) }) { image[x, y] = 20 } }
            let frame = PreparedFrame(image, binarization: .localMean)
            var saw = false
            _ = DataMatrixDetector.locate(frame, quad: quad, center: Point(50, 50), mirrored: false, sawL: &saw, searches: nil) { _, _ in false }
            return saw
        }
        for corner in 0..<4 {
            // Corner i's L: sides i − 1 and i.
            #expect(sawL(arms: [(corner + 3) % 4, corner]), "corner \(corner)")
            #expect(!sawL(arms: [corner]), "side \(corner) alone")
        }
        #expect(!sawL(arms: []))
    }

    /// The L's thickness read through the cells' buffer is the one read through `BitMatrix`'s subscript (cells at
    /// `Int(_:)` of each coordinate, nothing outside), on Ls whose arms and steps run up to, across and past the
    /// matrix's edges, where coordinates between −1 and 0 are the first cell's.
    @Test func lThicknessMatchesTheSubscriptReading() {
        func reference(_ bits: BitMatrix, from c: Point, along a: Point, across b: Point) -> Double {
            var best = Double.infinity
            for (start, end, other) in [(c, a, b), (c, b, a)] {
                let inward = other - c
                let len = max(1e-9, (inward.x * inward.x + inward.y * inward.y).squareRoot())
                let u = inward * (1 / len)
                for k in 3...7 {
                    var p = c + (end - start) * (Double(k) / 10)
                    var skipped = 0.0
                    while !bits[Int(p.x), Int(p.y)] && skipped < 4 { p = p + u * 0.5; skipped += 0.5 }
                    var run = 0.0
                    while bits[Int(p.x), Int(p.y)] && run < len / 4 { p = p + u * 0.5; run += 0.5 }
                    if run > 0 { best = min(best, run) }
                }
            }
            return best.isFinite ? best : 0
        }
        var random = SeededGenerator(seed: 31)
        let w = 30, h = 22
        var compared = 0
        for density in [0.3, 0.7, 0.95] {
            var bits = BitMatrix(width: w, height: h)
            for y in 0..<h {
                for x in 0..<w where Double.random(in: 0..<1, using: &random) < density { bits[x, y] = true }
            }
            for _ in 0..<300 {
                // Corners anywhere from just outside to just inside each side (the first cell's row and column too).
                func point() -> Point { Point(Double.random(in: -1.5..<Double(w) + 1.5, using: &random), Double.random(in: -1.5..<Double(h) + 1.5, using: &random)) }
                let c = point(), a = point(), b = point()
                let found = DataMatrixDetector.lThickness(bits, from: c, along: a, across: b)
                #expect(found == reference(bits, from: c, along: a, across: b))
                if found > 0 { compared += 1 }
            }
        }
        #expect(compared > 200)
    }
}

