@testable import BarcodeDecoder
import RigCore
import Testing

/// `PDF417Codeword.nearestValid(edges:)`: codewords whose element edges, placed on whole pixels at about 1.4 pixels a
/// module, round to no pattern.
@Suite struct PDF417CodewordEdgeRoundingTests {
    /// The seven inner edges, in modules from the codeword's start, of `value` in `cluster` drawn at `module` pixels a
    /// module from `offset` and cut at whole pixels (a frame scaled without filtering keeps whole pixel columns).
    static func pixelEdges(value: Int, cluster: Int, module: Double, offset: Double) -> [Double] {
        let widths = PDF417Codeword.moduleWidths(value: value, cluster: cluster)
        var places: [Double] = [], at = 0
        for w in widths {
            at += w
            places.append(((offset + Double(at) * module).rounded(.down) - offset.rounded(.down)))
        }
        let total = places[7]
        return places.prefix(7).map { $0 / total * 17 }
    }

    static func rounded(_ edges: [Double]) -> PDF417Codeword? {
        var widths: [Int] = [], previous = 0
        for e in edges + [17] {
            let place = Int(e.rounded())
            guard place - previous >= 1, place - previous <= 6 else { return nil }
            widths.append(place - previous)
            previous = place
        }
        return PDF417Codeword.from(moduleWidths: widths)
    }

    @Test func readsMostCodewordsThatPixelsRoundToNoPattern() {
        var random = SeededGenerator(seed: 417)
        var unreadable = 0, right = 0, wrong = 0
        for trial in 0..<20_000 {
            let value = Int.random(in: 0..<929, using: &random), cluster = [0, 3, 6][trial % 3]
            let edges = Self.pixelEdges(value: value, cluster: cluster, module: Double.random(in: 1.3...1.5, using: &random),
                                        offset: Double.random(in: 0..<1, using: &random))
            guard Self.rounded(edges) == nil else { continue }
            unreadable += 1
            let read = edges.withUnsafeBufferPointer { PDF417Codeword.nearestValid(edges: $0) }
            if read == PDF417Codeword(value: value, cluster: cluster) { right += 1 } else if read != nil { wrong += 1 }
        }
        #expect(unreadable > 1_000)
        #expect(right * 10 > unreadable * 6, "\(right) of \(unreadable) right")
        #expect(wrong * 10 < unreadable, "\(wrong) of \(unreadable) wrong")
    }

    @Test func anEdgeNearItsModuleIsNotMoved() {
        // Every edge a tenth of a module off: nothing is ambiguous, so nothing is read.
        let widths = PDF417Codeword.moduleWidths(value: 100, cluster: 3)
        var edges: [Double] = [], at = 0
        for w in widths.prefix(7) { at += w; edges.append(Double(at) + 0.1) }
        #expect(edges.withUnsafeBufferPointer { PDF417Codeword.nearestValid(edges: $0) } == nil)
    }

    @Test func tooManyAmbiguousEdgesReadNothing() {
        // Edges of codewords with five of them 0.3–0.45 of a module off (ambiguous, more than `mostAmbiguous`): found
        // where five may move, nothing where four may.
        var random = SeededGenerator(seed: 15438)
        var found = 0
        for trial in 0..<2_000 {
            let widths = PDF417Codeword.moduleWidths(value: Int.random(in: 0..<929, using: &random), cluster: [0, 3, 6][trial % 3])
            var edges: [Double] = [], at = 0
            for (k, w) in widths.prefix(7).enumerated() {
                at += w
                let off = k < 5 ? Double.random(in: 0.3...0.45, using: &random) * (Bool.random(using: &random) ? 1 : -1) : 0
                edges.append(Double(at) + off)
            }
            guard edges.withUnsafeBufferPointer({ PDF417Codeword.nearestValid(edges: $0, mostAmbiguous: 5) }) != nil else { continue }
            found += 1
            #expect(edges.withUnsafeBufferPointer { PDF417Codeword.nearestValid(edges: $0) } == nil, "\(edges)")
        }
        #expect(found > 100, "\(found) found")
    }
}
