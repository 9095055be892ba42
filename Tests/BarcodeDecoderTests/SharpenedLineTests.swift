@testable import BarcodeDecoder
import RigCore
import Testing

/// `LinearReader.sharpened` against its definition, bit for bit: the ends within the reach keep their values, every
/// other value is twice itself less the mean of its neighbours the reach away.
@Suite struct SharpenedLineTests {
    static func sharpenedByDefinition(_ g: [Double], reach: Int) -> [Double] {
        g.indices.map { k in k < reach || k >= g.count - reach ? g[k] : 2 * g[k] - (g[k - reach] + g[k + reach]) / 2 }
    }

    @Test func valuesMatchTheirDefinition() {
        var random = SeededGenerator(seed: 21)
        for reach in [1, 2, 3, 4] {
            for length in [1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 100, 433] {
                let g = (0..<length).map { _ in Double.random(in: 0...255, using: &random) }
                let out = UnsafeMutablePointer<Double>.allocate(capacity: length)
                defer { out.deallocate() }
                out.initialize(repeating: .nan, count: length)
                g.withUnsafeBufferPointer { LinearReader.sharpened($0, reach: reach, into: out) }
                let got = Array(UnsafeBufferPointer(start: out, count: length))
                #expect(got.map(\.bitPattern) == Self.sharpenedByDefinition(g, reach: reach).map(\.bitPattern), "reach \(reach) length \(length)")
            }
        }
    }
}
