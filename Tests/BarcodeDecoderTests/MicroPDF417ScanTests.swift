@testable import BarcodeDecoder
import BarcodeEncoder
import RigCore
import Testing

/// `MicroPDF417Reader.scan` (one RAP test a bar for both searches) against the two searches it stands for, each on its own,
/// and `fitEdge`'s selected medians against sorting.
@Suite struct MicroPDF417ScanTests {
    /// The symbol rows on a line as `rows(_:)` found them before `scan`: every bar tried in turn for a left RAP after a
    /// module of quiet zone (the row there read by `rowRead`, which `scan` shares), each row's search going on after its
    /// stop bar.
    static func rowsAlone(_ line: RunRow) -> [MicroPDF417Reader.RowRead] {
        line.widths.withUnsafeBufferPointer { runs in
            var found: [MicroPDF417Reader.RowRead] = []
            var s = 1
            while s + 21 < runs.count {
                defer { s += 2 }
                guard let (left, module) = MicroPDF417Reader.rap(runs, at: s, table: MicroPDF417Reader.sideRAPWidths),
                      runs[s - 1] >= 0.8 * module || s == 1 else { continue }
                guard let (row, after) = MicroPDF417Reader.rowRead(line, runs: runs, at: s, left: left, module: module,
                                                                   side: MicroPDF417Reader.sideRAPWidths,
                                                                   center: MicroPDF417Reader.centerRAPWidths) else { continue }
                found.append(row)
                s = after - 2
            }
            return found
        }
    }

    /// The first left RAP after two modules of quiet zone, as `leftRAPs(_:)` found it before `scan`.
    static func leftRAPAlone(_ line: RunRow) -> (Double, Double, Int)? {
        line.widths.withUnsafeBufferPointer { runs in
            for s in stride(from: 1, to: max(1, runs.count - 6), by: 2) {
                if let (index, module) = MicroPDF417Reader.rap(runs, at: s, table: MicroPDF417Reader.sideRAPWidths),
                   runs[s - 1] >= 2 * module { return (line.starts[s], module, index) }
            }
            return nil
        }
    }

    static func same(_ a: [MicroPDF417Reader.RowRead], _ b: [MicroPDF417Reader.RowRead]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { x, y in
            x.left == y.left && x.center == y.center && x.right == y.right && x.x0 == y.x0 && x.x1 == y.x1
                && x.codewords.map(\.value) == y.codewords.map(\.value) && x.codewords.map(\.cluster) == y.codewords.map(\.cluster)
        }
    }

    static func runRow(_ widths: [Double]) -> RunRow {
        var starts: [Double] = [], position = 0.0
        for w in widths { starts.append(position); position += w }
        return RunRow(widths: widths, starts: starts)
    }

    /// Lines across symbols of every column count (several rows, so rows read and the search goes on after them; some
    /// widths jittered so some rows fail), and lines of random runs (RAPs without codewords, texture).
    static func lines() throws -> [RunRow] {
        var random = SeededGenerator(seed: 417)
        var lines: [RunRow] = []
        for columns in 1...4 {
            let matrix = try MicroPDF417Encoder.encode("SCAN \(columns) 0123456789", columns: columns)
            for y in 0..<matrix.height {
                // Runs of one module row, quiet zones either side; two symbol rows end to end on one line too.
                var widths: [Double] = [], dark = false, run = 0
                for x in 0..<matrix.width {
                    if matrix[x, y] != dark { widths.append(Double(run)); run = 0; dark.toggle() }
                    run += 1
                }
                widths.append(Double(run))
                if dark { widths.append(0) }
                let module = Double.random(in: 1.5...4, using: &random)
                var line = [3.0] + widths.dropFirst().dropLast().map { $0 * module } + [3.0 * module]
                if y % 3 == 1 { line += Array(line.dropFirst()) }
                if y % 4 == 2 { line = line.map { $0 * Double.random(in: 0.8...1.25, using: &random) } }
                lines.append(runRow(line))
                lines.append(runRow(line.reversed()))
            }
        }
        for _ in 0..<400 {
            let count = Int.random(in: 1...160, using: &random)
            lines.append(runRow((0..<count).map { _ in Double(Int.random(in: 1...12, using: &random)) * Double.random(in: 0.7...1.3, using: &random) }))
        }
        return lines
    }

    @Test func scanFindsWhatEachSearchFoundAlone() throws {
        var rowsSeen = 0, rapsSeen = 0
        for line in try Self.lines() {
            let (rows, leftRAP) = MicroPDF417Reader.scan(line)
            let expected = Self.rowsAlone(line)
            #expect(Self.same(rows, expected), "\(line.widths)")
            let alone = Self.leftRAPAlone(line)
            #expect(leftRAP?.x == alone?.0 && leftRAP?.module == alone?.1 && leftRAP?.rap == alone?.2, "\(line.widths)")
            rowsSeen += expected.count
            rapsSeen += alone == nil ? 0 : 1
        }
        // The lines exercise both: symbol rows read (several on a line), and left RAPs found.
        #expect(rowsSeen > 100 && rapsSeen > 100)
    }

    /// An edge of 12 starts (every fourth row, rounded to the pixel as a binarized row gives them) among three times as
    /// many strays: `strongestEdge` finds the edge's line, where a median fit of all the points is pulled off it.
    @Test func strongestEdgeIsTheLineMostStartsFallOn() throws {
        var random = SeededGenerator(seed: 417)
        for trial in 0..<20 {
            let slope = Double.random(in: -0.35...0.35, using: &random), intercept = Double.random(in: 100...500, using: &random)
            let top = Double(Int.random(in: 0...300, using: &random))
            let edge = (0..<12).map { k -> Point in
                let y = top + Double(4 * k) + 0.5
                return Point((intercept + slope * y).rounded() + 0.5, y)
            }
            let strays = (0..<36).map { _ in
                Point(Double(Int.random(in: 0..<640, using: &random)) + 0.5, Double(4 * Int.random(in: 0..<120, using: &random)) + 0.5)
            }
            var points = edge + strays
            points.shuffle(using: &random)
            let (a, b) = try #require(MicroPDF417Reader.strongestEdge(points, tolerance: 1.5))
            for p in edge { #expect(abs(p.x - (a + b * p.y)) <= 1.5, "trial \(trial)") }
        }
    }

    /// `strongestEdge` as it was before it tested only the pairs about the filled bins: every bin emptied and every pair
    /// tested for each slope, the first pair with the most points kept.
    static func strongestEdgeOverEveryBin(_ points: [Point], tolerance: Double) -> (Double, Double)? {
        guard points.count >= 2, tolerance > 0 else { return nil }
        var lowest = Double.infinity, highest = -Double.infinity
        for p in points {
            lowest = min(lowest, p.x - 0.4 * abs(p.y))
            highest = max(highest, p.x + 0.4 * abs(p.y))
        }
        let binCount = Int((highest - lowest) / tolerance) + 2
        var best = (count: 0, slope: 0.0, intercept: 0.0)
        for step in MicroPDF417Reader.edgeSlopeSteps {
            let b = Double(step) * 0.02
            var counts = [Int](repeating: 0, count: binCount)
            for p in points { counts[Int((p.x - b * p.y - lowest) / tolerance)] += 1 }
            for k in 0..<(binCount - 1) where counts[k] + counts[k + 1] > best.count {
                best = (counts[k] + counts[k + 1], b, lowest + Double(k + 1) * tolerance)
            }
        }
        return MicroPDF417Reader.fitEdge(points.filter { abs($0.x - (best.intercept + best.slope * $0.y)) <= tolerance })
    }

    /// The pairs about the filled bins find the same line as every pair: edges among strays, strays alone (ties between
    /// slopes and pairs), a handful of points, and points whose intercepts reach the first and last bins (rows above 0).
    @Test func strongestEdgeTestsOnlyFilledPairsToTheSameLine() {
        var random = SeededGenerator(seed: 2417)
        for trial in 0..<300 {
            let count = [2, 3, 7, 40, 110, 160][trial % 6]
            let slope = Double.random(in: -0.4...0.4, using: &random), intercept = Double.random(in: 0...640, using: &random)
            let rows = trial % 3 == 0 ? -240...240 : 0...480
            let points = (0..<count).map { _ -> Point in
                let y = Double(Int.random(in: rows, using: &random)) + 0.5
                let x = trial % 4 == 1 || Bool.random(using: &random)
                    ? Double(Int.random(in: 0..<640, using: &random)) + 0.5 : (intercept + slope * y).rounded() + 0.5
                return Point(x, y)
            }
            let tolerance = [1.5, 3, 4.5, 9][trial % 4]
            let fast = MicroPDF417Reader.strongestEdge(points, tolerance: tolerance)
            let plain = Self.strongestEdgeOverEveryBin(points, tolerance: tolerance)
            #expect(fast?.0 == plain?.0 && fast?.1 == plain?.1, "trial \(trial)")
        }
    }

    @Test func edgeFitMediansAreTheSortedMiddles() {
        var random = SeededGenerator(seed: 24728)
        for trial in 0..<60 {
            let count = [4, 5, 9, 30, 60, 75][trial % 6]
            let slope = Double.random(in: -0.4...0.4, using: &random), intercept = Double.random(in: 0...600, using: &random)
            // Points on a line, some strays, and repeated rows (pairs less than 2 rows apart are left out), some ties.
            let points = (0..<count).map { k -> Point in
                let y = Double(Int.random(in: 0...(trial % 2 == 0 ? 40 : 400), using: &random)) + 0.5
                let x = Int.random(in: 0..<5, using: &random) == 0 ? Double.random(in: 0...640, using: &random) : (intercept + slope * y).rounded()
                return Point(x, y)
            }
            let sample = Array(points.prefix(60))
            var slopes: [Double] = []
            for i in sample.indices {
                for j in (i + 1)..<sample.count where abs(sample[j].y - sample[i].y) >= 2 {
                    slopes.append((sample[j].x - sample[i].x) / (sample[j].y - sample[i].y))
                }
            }
            let fit = MicroPDF417Reader.fitEdge(points)
            guard slopes.count >= 3 else { #expect(fit == nil); continue }
            slopes.sort()
            let b = slopes[slopes.count / 2]
            let intercepts = sample.map { $0.x - b * $0.y }.sorted()
            #expect(fit?.0 == intercepts[intercepts.count / 2] && fit?.1 == b, "trial \(trial)")
        }
    }
}
