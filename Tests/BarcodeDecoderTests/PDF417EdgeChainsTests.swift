@testable import BarcodeDecoder
import BarcodeEncoder
import RigCore
import Testing

/// PDF417's edge chaining (`PDF417EdgeFinder.edges`: each row's hits, the edges extended and those still open kept in
/// arrays emptied and filled again from row to row) against its definition, fresh arrays for every row.
@Suite struct PDF417EdgeChainsTests {
    /// `edges` with each row's hits, extended flags and open edges made anew for the row.
    static func chained(_ binary: BitMatrix, step: Int, transposed: Bool, minimumHits: Int) -> [PDF417EdgeFinder.Edge] {
        let (lineCount, lineLength) = transposed ? (binary.width, binary.height) : (binary.height, binary.width)
        var open: [PDF417EdgeFinder.Edge] = [], closed: [PDF417EdgeFinder.Edge] = []
        let changes = UnsafeMutablePointer<Int32>.allocate(capacity: lineLength + 1)
        let begins = UnsafeMutablePointer<Double>.allocate(capacity: lineLength + 2)
        let widths = UnsafeMutablePointer<Double>.allocate(capacity: lineLength + 2)
        defer { changes.deallocate(); begins.deallocate(); widths.deallocate() }
        for y in stride(from: 0, to: lineCount, by: step) {
            let hits = PDF417EdgeFinder.hits(on: y, of: binary, transposed: transposed, changes: changes, begins: begins, widths: widths)
            var extended = [Bool](repeating: false, count: open.count)
            for h in hits {
                let reach = max(3.0, h.hit.module * 2)
                if let k = open.indices.first(where: { k in
                    !extended[k] && open[k].isStart == h.isStart && open[k].isReversed == h.isReversed
                        && abs(open[k].hits.last!.outer - h.hit.outer) <= reach
                }) {
                    open[k].hits.append(h.hit)
                    extended[k] = true
                } else {
                    open.append(PDF417EdgeFinder.Edge(isStart: h.isStart, isReversed: h.isReversed, hits: [h.hit]))
                    extended.append(true)
                }
            }
            var still: [PDF417EdgeFinder.Edge] = []
            for (k, edge) in open.enumerated() {
                let gap = Double(y) + 0.5 - edge.hits.last!.y
                if extended[k] || gap <= max(Double(step) * 3, edge.module * 4) { still.append(edge) } else { closed.append(edge) }
            }
            open = still
        }
        return PDF417EdgeFinder.merged(closed + open).filter { $0.hits.count >= minimumHits }
    }

    /// Frames holding several symbols (upright, turned a quarter, half and a little, short and tall) on textured
    /// backgrounds, read along the rows and the columns at every step the reader takes.
    @Test func theEdgesAreThoseOfFreshArraysEachRow() throws {
        var edgeCount = 0
        let tall = try PDF417Encoder.encode("EDGES CHAINED DOWN THE ROWS OF A TALL SYMBOL", level: 3, columns: 3)
        let short = try PDF417Encoder.encode("SHORT", level: 0, columns: 2)
        for (seed, rotations) in [(1, [0.0, 180]), (2, [90, 7]), (3, [-12, 270]), (4, [3, 183])] {
            let (width, height) = (420, 380)
            let placements = [
                SymbolPlacement(symbol: SymbolRenderer.render(tall, moduleSize: 2, quietZone: 3), center: Point(120, 150),
                                rotation: rotations[0]),
                SymbolPlacement(symbol: SymbolRenderer.render(short, moduleSize: 3, quietZone: 3), center: Point(300, 260),
                                rotation: rotations[1]),
            ]
            let image = FrameSynthesizer(width: width, height: height, seed: UInt64(seed)).render(placements, degradations: .none)
            let binary = PreparedFrame(image, binarization: .localMean).binary
            func summary(_ edges: [PDF417EdgeFinder.Edge]) -> [[Double]] {
                edges.map { e in [e.isStart ? 1 : 0, e.isReversed ? 1 : 0] + e.hits.flatMap { [$0.y, $0.outer, $0.module] } }
            }
            for transposed in [false, true] {
                for step in [1, 2, 4] {
                    for minimumHits in [1, 3] {
                        let found = PDF417EdgeFinder.edges(in: binary, step: step, transposed: transposed, minimumHits: minimumHits)
                        let expected = Self.chained(binary, step: step, transposed: transposed, minimumHits: minimumHits)
                        #expect(summary(found) == summary(expected), "seed \(seed), transposed \(transposed), step \(step)")
                        edgeCount += expected.count
                    }
                }
            }
        }
        #expect(edgeCount >= 50, "\(edgeCount) edges")
    }
}
