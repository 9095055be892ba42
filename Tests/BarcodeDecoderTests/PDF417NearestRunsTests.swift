@testable import BarcodeDecoder
import RigCore
import Testing

/// A PDF417 line's codeword candidates (`PDF417Reader.darkRunsNearestFirst`: each dark run inserted in order as it is
/// found) against their definition, the dark runs near the expected place collected and sorted by distance (Swift's
/// sort is stable: of runs as near, the earlier first).
@Suite struct PDF417NearestRunsTests {
    /// The dark runs from `first` on beginning at most `reach` past `expected`, sorted by distance from it.
    static func sorted(_ begins: [Double], from first: Int, firstIsDark: Bool, expected: Double, reach: Double) -> [Int] {
        var candidates: [Int] = []
        var i = first
        while i < begins.count && begins[i] <= expected + reach {
            if (i & 1 == 0) == firstIsDark { candidates.append(i) }
            i += 1
        }
        candidates.sort { abs(begins[$0] - expected) < abs(begins[$1] - expected) }
        return candidates
    }

    /// Runs a half or a whole unit wide (so that many lie equally far either side of the expected place, also on the
    /// half units), from every start, either colour first, and reaches short and long.
    @Test func theCandidatesAreThoseSortedByDistance() {
        var random = SeededGenerator(seed: 17)
        var ties = 0, candidateCount = 0
        for trial in 0..<3000 {
            let runCount = Int.random(in: 1...40, using: &random)
            var begins: [Double] = [], x = Double(Int.random(in: -4...4, using: &random))
            for _ in 0..<runCount {
                begins.append(x)
                x += [0.5, 1, 1, 2][Int.random(in: 0..<4, using: &random)]
            }
            let first = Int.random(in: 0..<runCount, using: &random), firstIsDark = trial % 2 == 0
            let expected = begins[Int.random(in: 0..<runCount, using: &random)] + Double(Int.random(in: -2...2, using: &random)) * 0.25
            let reach = [0.0, 1, 2.5, 6][trial % 4]
            let expectedOrder = Self.sorted(begins, from: first, firstIsDark: firstIsDark, expected: expected, reach: reach)
            let found = begins.withUnsafeBufferPointer { begins in
                let candidates = UnsafeMutablePointer<Int>.allocate(capacity: runCount)
                defer { candidates.deallocate() }
                let count = PDF417Reader.darkRunsNearestFirst(begins: begins.baseAddress!, runCount: runCount, from: first,
                                                              firstIsDark: firstIsDark, expected: expected, reach: reach, into: candidates)
                return Array(UnsafeBufferPointer(start: candidates, count: count))
            }
            #expect(found == expectedOrder, "trial \(trial)")
            candidateCount += expectedOrder.count
            let distances = expectedOrder.map { abs(begins[$0] - expected) }
            if Set(distances).count < distances.count { ties += 1 }
        }
        #expect(candidateCount >= 5000, "\(candidateCount) candidates")
        #expect(ties >= 100, "\(ties) trials with runs as near as others")
    }
}
