@testable import BarcodeDecoder
import RigCore
import Testing

@Suite struct DataMatrixTimingCountsTests {
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
