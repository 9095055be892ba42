@testable import BarcodeDecoder
import RigCore
import Testing

/// PDF417's row edge search (`PDF417EdgeFinder.hits(on:of:transposed:…)`: a row's colour changes found 64 cells at a time,
/// then eight, then cell by cell) against the same pattern tests on the changes of the row walked cell by cell.
@Suite struct PDF417EdgeRowsTests {
    /// Where row `y` of `binary` changes colour, light before the first cell, a cell being dark where it is not 0.
    static func walked(_ binary: BitMatrix, row y: Int) -> [Int32] {
        var changes: [Int32] = [], previous = false
        for x in 0..<binary.width {
            let dark = binary.cells[y * binary.width + x] != 0
            if dark != previous { changes.append(Int32(x)) }
            previous = dark
        }
        return changes
    }

    /// Rows of every width about a block of 64 and eight cells, with cells of any byte value, runs and noise, some with
    /// start and stop patterns drawn in both directions (so that the pattern tests find hits on the changes).
    @Test func aRowsHitsAreThoseOfItsCellByCellChanges() {
        var random = SeededGenerator(seed: 417)
        let start = [8, 1, 1, 1, 1, 1, 1, 3], stop = [7, 1, 1, 3, 1, 1, 1, 2, 1]
        var hitCount = 0
        for width in [1, 5, 8, 63, 64, 65, 71, 72, 127, 128, 129, 200, 257, 700] {
            let height = 12
            var binary = BitMatrix(width: width, height: height)
            for y in 0..<height {
                var value: UInt8 = 0
                for x in 0..<width {
                    if Int.random(in: 0..<(y % 3 == 0 ? 2 : 5), using: &random) == 0 {
                        value = value != 0 ? 0 : [1, 1, 255, 7, 128][Int.random(in: 0..<5, using: &random)]
                    }
                    binary.cells[y * width + x] = value
                }
                // A pattern of 2–3 pixel modules with a quiet zone before it, forwards or backwards, where it fits.
                let unit = 2 + y % 2
                let pattern = y % 2 == 0 ? start : stop
                let widths = y % 4 < 2 ? pattern : pattern.reversed()
                let length = (widths.reduce(0, +) + 6) * unit
                if length < width {
                    var x = Int.random(in: 0...(width - length), using: &random)
                    for _ in 0..<(3 * unit) { binary.cells[y * width + x] = 0; x += 1 }
                    for (k, w) in widths.enumerated() {
                        let dark = (k % 2 == 0) == (y % 4 < 2 || pattern.count % 2 == 1)
                        for _ in 0..<(w * unit) { binary.cells[y * width + x] = dark ? 1 : 0; x += 1 }
                    }
                    for _ in 0..<(3 * unit) { binary.cells[y * width + x] = 0; x += 1 }
                }
            }
            let changes = UnsafeMutablePointer<Int32>.allocate(capacity: width + 1)
            let begins = UnsafeMutablePointer<Double>.allocate(capacity: width + 2)
            let widths = UnsafeMutablePointer<Double>.allocate(capacity: width + 2)
            defer { changes.deallocate(); begins.deallocate(); widths.deallocate() }
            func summary(_ hits: [(isStart: Bool, isReversed: Bool, hit: PDF417EdgeFinder.Hit)]) -> [[Double]] {
                hits.map { [$0.isStart ? 1 : 0, $0.isReversed ? 1 : 0, $0.hit.y, $0.hit.outer, $0.hit.module] }
            }
            for y in 0..<height {
                let found = PDF417EdgeFinder.hits(on: y, of: binary, transposed: false, changes: changes, begins: begins, widths: widths)
                let walked = Self.walked(binary, row: y)
                let expected = walked.withUnsafeBufferPointer { walked in
                    PDF417EdgeFinder.hits(on: y, changes: walked.baseAddress ?? UnsafePointer(changes), changeCount: walked.count, lineLength: width,
                                          begins: begins, widths: widths)
                }
                #expect(summary(found) == summary(expected), "width \(width), row \(y)")
                hitCount += expected.count
            }
        }
        #expect(hitCount >= 20, "\(hitCount) hits")
    }
}
