@testable import BarcodeDecoder
import RigCore
import Testing

/// The finder triples against their definition: every triple tested on its own, then all of them sorted by score.
@Suite struct QRTripleOrderTests {
    /// The triple search as written before its pair table, pair test and heap.
    static func plain(_ finders: [QRFinderPattern]) -> [(Int, Int, Int, Double)] {
        var out: [(Int, Int, Int, Double)] = []
        let n = finders.count
        guard n >= 3 else { return [] }
        for i in 0..<n {
            for j in (i + 1)..<n {
                for k in (j + 1)..<n {
                    let fi = finders[i], fj = finders[j], fk = finders[k]
                    let smallest = min(fi.moduleSize, fj.moduleSize, fk.moduleSize)
                    let largest = max(fi.moduleSize, fj.moduleSize, fk.moduleSize)
                    guard largest < smallest * 1.6 else { continue }
                    let dij = fi.center.distance(to: fj.center), dik = fi.center.distance(to: fk.center), djk = fj.center.distance(to: fk.center)
                    var tl = i, a = j, b = k
                    var hyp = djk, s1 = dij, s2 = dik
                    if dik > hyp && dik >= dij { tl = j; a = i; b = k; hyp = dik; s1 = dij; s2 = djk }
                    if dij > hyp && dij > dik { tl = k; a = i; b = j; hyp = dij; s1 = dik; s2 = djk }
                    guard min(s1, s2) > max(s1, s2) * 0.6 else { continue }
                    let expected = (s1 * s1 + s2 * s2).squareRoot()
                    guard abs(hyp - expected) < expected * 0.2 else { continue }
                    let module = (fi.moduleSize + fj.moduleSize + fk.moduleSize) / 3
                    let dim = (s1 + s2) / 2 / module + 7
                    guard dim >= 17, dim <= 185 else { continue }
                    let pTL = finders[tl].center, pA = finders[a].center, pB = finders[b].center
                    let cross = (pA.x - pTL.x) * (pB.y - pTL.y) - (pA.y - pTL.y) * (pB.x - pTL.x)
                    let (tr, bl) = cross > 0 ? (a, b) : (b, a)
                    let score = abs(hyp - expected) / expected + abs(s1 - s2) / max(s1, s2) - Double(fi.count + fj.count + fk.count) * 0.01
                    out.append((tl, tr, bl, score))
                }
            }
        }
        return out.sorted { $0.3 < $1.3 }
    }

    static func same(_ a: [(Int, Int, Int, Double)], _ b: [(Int, Int, Int, Double)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 && $0.2 == $1.2 && $0.3.bitPattern == $1.3.bitPattern }
    }

    /// Random candidates (module sizes from 1 to 8, so that many pairs fail the size test and many pass it), and candidates
    /// on a lattice with equal sizes and counts, whose congruent triangles score exactly alike: the ties come out in the
    /// order they were made, as the stable sort has them.
    @Test func theTriplesComeOutAsTheSortedSearchHasThem() {
        var random = SeededGenerator(seed: 14)
        var triples = 0, ties = 0
        for trial in 0..<60 {
            var finders: [QRFinderPattern] = []
            let n = trial % 3 == 0 ? 3 + trial % 5 : 10 + trial % 31
            if trial % 2 == 0 {
                for _ in 0..<n {
                    let center = Point(Double.random(in: 0..<640, using: &random), Double.random(in: 0..<480, using: &random))
                    finders.append(QRFinderPattern(center: center, moduleSize: Double.random(in: 1...8, using: &random),
                                                   count: Int.random(in: 1...3, using: &random)))
                }
            } else {
                for index in 0..<n {
                    let center = Point(Double(40 + 60 * (index % 7)), Double(40 + 60 * (index / 7)))
                    finders.append(QRFinderPattern(center: center, moduleSize: trial % 4 == 1 ? 3 : 2 + Double(index % 3), count: 1))
                }
            }
            let expected = Self.plain(finders)
            let found = Array(QRDetector.triples(finders))
            let same = Self.same(found, expected)
            #expect(same, "trial \(trial): \(found.count) triples against \(expected.count)")
            triples += expected.count
            ties += zip(expected, expected.dropFirst()).filter { $0.3 == $1.3 }.count
        }
        #expect(triples > 5_000 && ties > 1_000, "\(triples) triples, \(ties) ties")
        #expect(Array(QRDetector.triples([])).isEmpty)
    }
}
