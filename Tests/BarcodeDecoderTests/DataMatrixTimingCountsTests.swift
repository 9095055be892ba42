@testable import BarcodeDecoder
import RigCore
import Testing

@Suite struct DataMatrixTimingCountsTests {
    /// A 12×12 symbol at 4 px a module from (10, 10): the L, the top timing row, and the right timing column's dark
    /// modules only on the inner half of the column (a squeezed far side whose dots show only their middles).
    static func squeezedFarColumn() -> BitMatrix {
        var bits = BitMatrix(width: 80, height: 80)
        func fill(column: Int, row: Int, xs: Range<Int> = 0..<4) {
            for y in 0..<4 { for x in xs { bits[10 + column * 4 + x, 10 + row * 4 + y] = true } }
        }
        for k in 0..<12 {
            fill(column: 0, row: k)
            fill(column: k, row: 11)
            if k % 2 == 0 { fill(column: k, row: 0) }
            if k % 2 == 1 { fill(column: 11, row: k, xs: 0..<2) }
        }
        return bits
    }

    /// Half a module in, the right column shows none of its dots (12 columns, 2 rows: no size); three quarters in it
    /// shows all six, and 12×12 is a size.
    @Test func aFarColumnSeenOnlyDeeperIsCountedThere() {
        let bits = Self.squeezedFarColumn()
        let a = Point(10, 10), c = Point(10, 58), b = Point(58, 58), topRight = Point(58, 10)
        #expect(2 * DataMatrixDetector.darkRuns(bits, from: b, to: topRight, inward: c - b, module: 4) == 2)
        let counts = DataMatrixDetector.timingCounts(bits, a: a, b: b, c: c, topRight: topRight, module: 4)
        #expect(counts.columns == 12)
        #expect(counts.rows == 12)
    }

    /// `darkRuns` as it was written before its reads skipped the bounds tests: every sample through the checked subscript.
    static func checkedDarkRuns(_ bits: BitMatrix, from: Point, to: Point, inward: Point, module: Double, depth: Double) -> Int {
        let len = max(1e-9, (inward.x * inward.x + inward.y * inward.y).squareRoot())
        let shift = inward * (module * depth / len)
        let length = from.distance(to: to)
        let steps = Int(length * 2)
        guard steps > 0 else { return 0 }
        var runs = 0, dark = false, current = 0.0
        for k in 0...steps {
            let p = from + (to - from) * (Double(k) / Double(steps)) + shift
            let v = bits[Int(p.x), Int(p.y)]
            if v == dark { current += 0.5; continue }
            if dark && current >= module * 0.3 { runs += 1 }
            dark = v
            current = 0.5
        }
        if dark && current >= module * 0.3 { runs += 1 }
        return runs
    }

    /// The unchecked reads count what the checked ones counted: random lines across a random matrix, inside it, along
    /// its edges and leaving it.
    @Test func darkRunsMatchTheCheckedReads() {
        var random = SeededGenerator(seed: 28)
        var bits = BitMatrix(width: 61, height: 47)
        for y in 0..<47 { for x in 0..<61 where Int.random(in: 0..<3, using: &random) == 0 { bits[x, y] = true } }
        func point() -> Point { Point(Double.random(in: -8..<69, using: &random), Double.random(in: -8..<55, using: &random)) }
        var edges: [(Point, Point)] = [(Point(0, 0), Point(60.99, 0)), (Point(60.99, 46.99), Point(0, 46.99)), (Point(0, 46.99), Point(0, 0))]
        for _ in 0..<3000 { edges.append((point(), point())) }
        for (from, to) in edges {
            let inward = Point(Double.random(in: -1...1, using: &random), Double.random(in: -1...1, using: &random))
            let module = Double.random(in: 1...6, using: &random)
            for depth in [0.5, 0.75] {
                #expect(DataMatrixDetector.darkRuns(bits, from: from, to: to, inward: inward, module: module, depth: depth)
                        == Self.checkedDarkRuns(bits, from: from, to: to, inward: inward, module: module, depth: depth))
            }
        }
    }
}
