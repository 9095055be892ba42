@testable import BarcodeDecoder
import RigCore
import Testing

/// The finder search's places tested eight at a time against the plain loop over them with the ratio test on doubles.
@Suite struct QRFinderRatioPlacesTests {
    /// The places `first`, `first + 2`, … with `i + 4 < count` whose runs pass `ratiosMatch`.
    static func plain(_ lengths: [Int], first: Int) -> [Int] {
        var places: [Int] = [], i = first
        while i + 4 < lengths.count {
            if QRFinderPatternFinder.ratiosMatch(lengths[i], lengths[i + 1], lengths[i + 2], lengths[i + 3], lengths[i + 4]) {
                places.append(i)
            }
            i += 2
        }
        return places
    }

    /// Rows of every run count up to 80 (every count of places modulo eight, and the rows shorter than a place), their
    /// runs random or about a 1:1:3:1:1 pattern (where the tests often sit on their bounds), read through one
    /// `RatioPlaces` in turn as the search does (so the lanes past a row's places hold an earlier row's runs, often
    /// passing ones), from run 0 or 1, with the lengths adjacent or every second word (as the frame's run table holds
    /// them); and rows of a width too wide for the 32-bit tests, tested a place at a time.
    @Test func placesTestedEightAtATimeAreThePlainLoopsPlaces() {
        var random = SeededGenerator(seed: 37)
        let width = 1_000
        let places = QRFinderPatternFinder.RatioPlaces(width: width), wide = QRFinderPatternFinder.RatioPlaces(width: QRFinderPatternFinder.RatioPlaces.widest)
        defer { places.deallocate(); wide.deallocate() }
        var found = 0, rows = 0
        for trial in 0..<3_000 {
            // Long rows first and now and then, so that shorter rows' lanes past their places read their runs.
            let count = trial % 7 == 0 ? 80 : Int.random(in: 0...80, using: &random)
            let module = Int.random(in: 1...10, using: &random)
            let lengths: [Int] = (0..<count).map { k in
                if trial % 3 == 0 { return Int.random(in: 1...12, using: &random) }
                let base = [1, 1, 3, 1, 1][(k + trial) % 5] * module
                return max(1, base + Int.random(in: -module...module, using: &random))
            }
            guard lengths.reduce(0, +) <= width || count == 0 else { continue }
            rows += 1
            for first in 0...1 {
                let expected = Self.plain(lengths, first: first)
                found += expected.count
                // Each length as the second word of a pair (the run table's (start, length)), the first word garbage.
                let pairs = lengths.flatMap { [Int.random(in: -5...5, using: &random), $0] }
                for (table, stride) in [(lengths, 1), (pairs, 2)] {
                    for ratioPlaces in [places, wide] {
                        var visited: [Int] = []
                        table.withUnsafeBufferPointer { buffer in
                            // A row of no runs has no base address: any pointer stands for it, none is read.
                            let start = buffer.baseAddress.map { $0 + (stride - 1) } ?? UnsafePointer(bitPattern: 8)!
                            ratioPlaces.forEachMatch(first: first, count: count, lengths: start, stride: stride) { visited.append($0) }
                        }
                        #expect(visited == expected, "\(lengths) from \(first), stride \(stride)")
                    }
                }
            }
        }
        #expect(rows > 2_000 && found > 5_000, "\(rows) rows, \(found) places passed")
    }
}
