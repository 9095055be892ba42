@testable import BarcodeDecoder
import Testing

/// The cheap counts the linear reader takes before a line's runs: they may skip a line only where its runs could not
/// reach the count asked for, so a line that reaches it reads exactly as without them.
@Suite struct LinearLineBoundsTests {
    /// A small seeded generator, so a failure repeats.
    struct Seeded {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test func colourChangesCountARowsAndAColumnsRunsLessOne() {
        var random = Seeded(state: 2026)
        for width in 1...41 {
            let height = 1 + random.next(12)
            var matrix = BitMatrix(width: width, height: height)
            // Runs of random lengths (one to four cells), so both long stretches and single cells occur.
            for y in 0..<height {
                var x = 0, dark = random.next(2) == 0
                while x < width {
                    for _ in 0..<(1 + random.next(4)) where x < width { matrix[x, y] = dark; x += 1 }
                    dark.toggle()
                }
            }
            var runs: [(start: Int, length: Int)] = []
            for y in 0..<height {
                matrix.runs(ofRow: y, into: &runs)
                #expect(matrix.colourChanges(ofRow: y) == runs.count - 1, "row \(y) of width \(width)")
            }
            let columns = matrix.colourChangesOfColumns()
            #expect(columns.count == width)
            for x in 0..<width {
                matrix.runs(ofColumn: x, into: &runs)
                #expect(Int(columns[x]) == runs.count - 1, "column \(x) of height \(height)")
            }
        }
    }

    /// Rows longer than 255 words of eight cells, whose bytewise sums are added up once every 255 words: a row that
    /// changes at every cell (a sum of 255 in every byte), one that never changes, and random ones.
    @Test func colourChangesOfLongRowsCountEveryStretchOfWords() {
        var random = Seeded(state: 33)
        for width in [255 * 8, 255 * 8 + 1, 255 * 8 + 2, 255 * 8 + 9, 2 * 255 * 8 + 3, 4100] {
            var matrix = BitMatrix(width: width, height: 3)
            for x in 0..<width {
                matrix[x, 0] = x % 2 == 0
                matrix[x, 2] = random.next(3) == 0
            }
            var runs: [(start: Int, length: Int)] = []
            for y in 0..<3 {
                matrix.runs(ofRow: y, into: &runs)
                #expect(matrix.colourChanges(ofRow: y) == runs.count - 1, "row \(y) of width \(width)")
            }
        }
    }

    /// Columns taller than `BitMatrix.rowsPerByteCount` rows, counted a byte at a time over each stretch of rows: a column
    /// that changes at every row (the most a byte must hold), one that never changes, and random ones.
    @Test func colourChangesOfTallColumnsCountEveryStretchOfRows() {
        var random = Seeded(state: 32)
        for height in [255, 256, 257, 511, 600] {
            let width = 19
            var matrix = BitMatrix(width: width, height: height)
            for y in 0..<height {
                matrix[0, y] = y % 2 == 0
                for x in 2..<width { matrix[x, y] = random.next(x) == 0 }
            }
            let columns = matrix.colourChangesOfColumns()
            #expect(columns[0] == Int32(height - 1) && columns[1] == 0, "height \(height)")
            var runs: [(start: Int, length: Int)] = []
            for x in 0..<width {
                matrix.runs(ofColumn: x, into: &runs)
                #expect(Int(columns[x]) == runs.count - 1, "column \(x) of height \(height)")
            }
        }
    }

    /// Noisy lines with a few bars of random widths and contrast, some blurred: edge counts from a handful to dozens.
    static func lines() -> [[Double]] {
        var random = Seeded(state: 14)
        return (0..<120).map { index in
            let count = 40 + random.next(300)
            var line = (0..<count).map { _ in 150 + Double(random.next(9 + index % 30)) }
            var x = random.next(20)
            let depth = Double(10 + random.next(120))
            while x < count {
                let bar = 1 + random.next(6)
                for k in x..<min(count, x + bar) { line[k] -= depth }
                x += bar + 1 + random.next(8)
            }
            if index % 3 == 0 {
                line = line.indices.map { k in (line[max(0, k - 1)] + 2 * line[k] + line[min(count - 1, k + 1)]) / 4 }
            }
            return line
        }
    }

    @Test func edgeRunsBoundsSkipOnlyLinesWithTooFewRuns() {
        let buffers = ScanLineBuffers()
        for line in Self.lines() {
            buffers.reserve(line.count + 2, radius: 24)
            line.withUnsafeBufferPointer { g in
                var low = g[0], high = g[0]
                for v in g { low = min(low, v); high = max(high, v) }
                let all = LinearReader.edgeRuns(g, step: 1, range: high - low, buffers: buffers)
                for fewest in [3, 5, 8, 13, 20, 35, 47, 61] {
                    let bounded = LinearReader.edgeRuns(g, step: 1, range: high - low, buffers: buffers, fewest: fewest)
                    if all.widths.count >= fewest {
                        #expect(bounded.widths == all.widths && bounded.starts == all.starts, "\(all.widths.count) runs, \(fewest) asked")
                    } else {
                        #expect(bounded.widths.count < fewest)
                    }
                }
            }
        }
    }

    @Test func theEdgeCountReachesEveryCountTheEdgesReach() {
        // `mayHaveEdges` at the least edge strength admits every line whose edges (runs less one or two) reach the count.
        let buffers = ScanLineBuffers()
        var counted = 0
        for line in Self.lines() {
            buffers.reserve(line.count + 2, radius: 24)
            line.withUnsafeBufferPointer { g in
                var low = g[0], high = g[0]
                for v in g { low = min(low, v); high = max(high, v) }
                let runs = LinearReader.edgeRuns(g, step: 1, range: high - low, buffers: buffers).widths.count
                let slope = (0..<g.count).map { k in k == 0 || k == g.count - 1 ? 0 : (g[k + 1] - g[k - 1]) / 2 }
                let strength = slope.map(abs)
                if runs > 2 {
                    counted += 1
                    #expect(LinearReader.mayHaveEdges(slope: slope, strength: strength, count: g.count, floor: LinearReader.leastEdge, times: runs - 2))
                }
            }
        }
        #expect(counted > 60)
    }

    /// The half-pixel look's test, whether a line's median inner run is under 2.5 px, counted: the same answer as the
    /// median itself (by sorting, and as `quickMedian` finds it), with ties at the limit and rows of every small length.
    @Test func theMedianRunTestCountsAsTheMedianDecides() {
        var random = Seeded(state: 31)
        for count in 1...60 {
            for _ in 0..<20 {
                // Widths in half pixels from 0.5 to 5: many equal to each other and to the limits tried.
                let widths = (0..<count).map { _ in Double(1 + random.next(10)) / 2 }
                let row = RunRow(widths: widths, starts: widths.indices.map(Double.init))
                let inner = Array(widths.dropFirst().dropLast())
                var selected = inner
                let median = inner.isEmpty ? 0 : inner.sorted()[inner.count / 2]
                #expect(inner.isEmpty || LinearReader.quickMedian(&selected) == median)
                for limit in [0.5, 1.5, 2.0, 2.5, 2.75, 3.0, 5.5] {
                    #expect(LinearReader.medianRun(of: row, isUnder: limit) == (median < limit), "\(widths), limit \(limit)")
                }
            }
        }
    }
}

/// A row's runs found eight cells at a time are the runs a walk cell by cell finds, for every width (whole words and
/// their remainders), runs of one cell to long stretches, and cells of any byte value (a change is any difference).
@Suite struct BitMatrixRowRunsTests {
    static func runsByWalking(_ row: [UInt8]) -> [(start: Int, length: Int)] {
        var runs: [(start: Int, length: Int)] = []
        var x = 0
        while x < row.count {
            let start = x
            x += 1
            while x < row.count && row[x] == row[start] { x += 1 }
            runs.append((start, x - start))
        }
        return runs
    }

    @Test func rowRunsMatchACellByCellWalk() {
        var random = LinearLineBoundsTests.Seeded(state: 808)
        var runs: [(start: Int, length: Int)] = [(0, 0)]
        for width in 0...70 {
            for pass in 0..<6 {
                // Runs of one to `longest` cells; the last pass uses values other than 0 and 1.
                let longest = [1, 2, 4, 9, 20, 3][pass]
                var cells: [UInt8] = []
                var value: UInt8 = UInt8(random.next(2))
                while cells.count < width {
                    for _ in 0..<(1 + random.next(longest)) where cells.count < width { cells.append(value) }
                    value = pass == 5 ? UInt8(random.next(256)) : 1 - value
                }
                let matrix = BitMatrix(width: width, height: 1) { buffer in for i in 0..<width { buffer[i] = cells[i] } }
                matrix.runs(ofRow: 0, into: &runs)
                let expected = Self.runsByWalking(cells)
                #expect(runs.map(\.start) == expected.map(\.start) && runs.map(\.length) == expected.map(\.length), "\(cells)")
            }
        }
    }
}
