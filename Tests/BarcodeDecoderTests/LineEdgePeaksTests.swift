@testable import BarcodeDecoder
import Testing

/// The edge reading finds its gradient peaks without a branch a sample (`LinearReader.isPeak`, a sign-bit test): the same
/// edges and the same counts as the peak tests taken one by one.
@Suite struct LineEdgePeaksTests {
    /// The peak test as written before, one comparison after another.
    static func isPeakByComparisons(_ a: Double, _ b: Double, _ c: Double, floor: Double, near: Double) -> Bool {
        b >= a && b > c && b >= floor && b >= near
    }

    /// `edgeRuns`' edges by the definition: every sample in turn, peaks kept alternating in direction (the stronger of
    /// two in the same direction), the first light to dark.
    static func edgesByDefinition(slope: [Double], strength: [Double], strongest: [Double], floor: Double) -> [(Double, Double)] {
        var edges: [(position: Double, slope: Double)] = []
        let count = slope.count
        for k in 2..<(count - 2) {
            let a = strength[k - 1], b = strength[k], c = strength[k + 1]
            guard isPeakByComparisons(a, b, c, floor: floor, near: strongest[k] * 0.25) else { continue }
            let curvature = a - 2 * b + c
            let offset = curvature < 0 ? 0.5 * (a - c) / curvature : 0
            let position = Double(k) + max(-0.5, min(0.5, offset))
            if let last = edges.last, (last.slope < 0) == (slope[k] < 0) {
                if abs(slope[k]) > abs(last.slope) { edges[edges.count - 1] = (position, slope[k]) }
            } else if edges.isEmpty && slope[k] > 0 {
                continue
            } else {
                edges.append((position, slope[k]))
            }
        }
        return edges
    }

    @Test func thePeakTestIsTheComparisons() {
        // Equal neighbours, values at the floor, zeros: every boundary of the four comparisons.
        let values: [Double] = [0, 0.25, 1, 2.5, 3, 3.000_000_000_000_000_4, 7, 12.75, 12.75, 100, 255]
        for a in values { for b in values { for c in values { for floor in [3.0, 7.0] { for near in [0, 3, 12.75] {
            let fast = LinearReader.isPeak(a, b, c, floor: floor, near: near) == 1
            #expect(fast == Self.isPeakByComparisons(a, b, c, floor: floor, near: near), "\(a) \(b) \(c) floor \(floor) near \(near)")
        } } } } }
    }

    @Test func edgeRunsFindTheEdgesOfTheDefinition() throws {
        let buffers = ScanLineBuffers()
        var compared = 0
        for line in LinearLineBoundsTests.lines() {
            buffers.reserve(line.count + 2, radius: 24)
            try line.withUnsafeBufferPointer { g in
                let range = LinearReader.range(g)
                var gradient = try #require(LinearReader.lineGradient(g, step: 1, buffers: buffers))
                for floor in [LinearReader.standardEdgeFloor(noise: gradient.noise, range: range),
                              LinearReader.faintEdgeFloor(noise: gradient.noise, range: range)] {
                    let runs = try #require(LinearReader.edgeRuns(&gradient, floor: floor, buffers: buffers))
                    let slope = Array(UnsafeBufferPointer(start: buffers.slope, count: g.count))
                    let strength = Array(UnsafeBufferPointer(start: buffers.strength, count: g.count))
                    let strongest = Array(UnsafeBufferPointer(start: buffers.strongest, count: g.count))
                    var expected = Self.edgesByDefinition(slope: slope, strength: strength, strongest: strongest, floor: floor)
                        .map(\.0)
                    if expected.count % 2 == 1 { expected.append(Double(g.count)) }
                    #expect(Array(runs.starts.dropFirst()) == expected)
                    compared += expected.count
                }
            }
        }
        #expect(compared > 1_000)
    }

    @Test func theEdgeCountIsTheCountOfTheDefinition() {
        let buffers = ScanLineBuffers()
        for line in LinearLineBoundsTests.lines() {
            buffers.reserve(line.count + 2, radius: 24)
            let slope = (0..<line.count).map { k in k == 0 || k == line.count - 1 ? 0 : (line[k + 1] - line[k - 1]) / 2 }
            let strength = slope.map(abs)
            // Peaks counted one by one, alternating in direction, the first light to dark.
            var peaks = 0, falling = true
            for k in 2..<(line.count - 2) where Self.isPeakByComparisons(strength[k - 1], strength[k], strength[k + 1], floor: 3, near: 0)
                && (slope[k] < 0) == falling {
                peaks += 1
                falling.toggle()
            }
            for times in [0, 1, peaks - 1, peaks, peaks + 1] {
                #expect(LinearReader.mayHaveEdges(slope: slope, strength: strength, count: line.count, floor: 3, times: times) == (peaks >= times),
                        "\(peaks) peaks, \(times) asked")
            }
        }
    }

    /// `mayHaveEdges(twice:count:floor:times:)` counts the peaks of the definition from twice the values of lines of halves
    /// of whole numbers (whole gray levels, halves, values near the largest size the whole numbers take), at floors on and
    /// between quarters and beyond every peak, for every count around the line's own.
    @Test func theEdgeCountOnWholeNumbersIsTheCountOfTheDefinition() {
        var counted = 0
        let largest = Double(LinearReader.largestWholeBoundValue) / 2
        for (index, plain) in LinearLineBoundsTests.lines().enumerated() {
            let line: [Double] = switch index % 3 {
            case 0: plain.map { ($0 * 2).rounded() / 2 }
            case 1: plain.map { $0.rounded() }
            default: plain.map { max(-largest, min(largest, ((($0 - 100) * 14) * 2).rounded() / 2)) }
            }
            let twice = line.map { Int16($0 * 2) }
            let slope = (0..<line.count).map { k in k == 0 || k == line.count - 1 ? 0 : (line[k + 1] - line[k - 1]) / 2 }
            let strength = slope.map(abs)
            for floor in [3.0, 3.1, 3.25, 0.3, 7.5, 40, 200, largest * 2, 1e6] {
                var peaks = 0, falling = true
                for k in 2..<(line.count - 2) where Self.isPeakByComparisons(strength[k - 1], strength[k], strength[k + 1], floor: floor, near: 0)
                    && (slope[k] < 0) == falling {
                    peaks += 1
                    falling.toggle()
                }
                for times in [-1, 0, 1, peaks - 1, peaks, peaks + 1] {
                    let found = twice.withUnsafeBufferPointer {
                        LinearReader.mayHaveEdges(twice: $0.baseAddress!, count: line.count, floor: floor, times: times)
                    }
                    #expect(found == (peaks >= times), "line \(index), floor \(floor): \(peaks) peaks, \(times) asked")
                }
                counted += peaks
            }
        }
        #expect(counted > 5_000)
    }

    /// Lines of halves of whole numbers, as `theEdgeCountOnWholeNumbersIsTheCountOfTheDefinition` makes them.
    static func halvesLines() -> [[Double]] {
        let largest = Double(LinearReader.largestWholeBoundValue) / 2
        return LinearLineBoundsTests.lines().enumerated().map { index, plain in
            switch index % 3 {
            case 0: plain.map { ($0 * 2).rounded() / 2 }
            case 1: plain.map { $0.rounded() }
            default: plain.map { max(-largest, min(largest, ((($0 - 100) * 14) * 2).rounded() / 2)) }
            }
        }
    }

    /// The strongest edges nearby made on twice the values (`LinearReader.strongest`) are the window maxima of the
    /// gradient strengths (each window clipped to the line), bit for bit, at the radii of whole and half-pixel steps and radii past the line's length, on
    /// lines of every length from one sample.
    @Test func theStrongestEdgesOnWholeNumbersAreTheMaximaOfTheStrengths() {
        var lines = Self.halvesLines()
        lines += (1...6).map { count in (0..<count).map { Double(($0 * 37) % 11) / 2 } }
        for line in lines {
            let count = line.count
            let twice = line.map { Int16($0 * 2) }
            let strength = (0..<count).map { k in k == 0 || k == count - 1 ? 0 : abs((line[k + 1] - line[k - 1]) / 2) }
            for radius in [0, 1, 3, 24, 48, count + 5] {
                let expected = (0..<count).map { k in strength[max(0, k - radius)...min(count - 1, k + radius)].max()! }
                let scratch = UnsafeMutablePointer<Double>.allocate(capacity: SlidingExtremes.scratchCount(count, radius: radius))
                let out = UnsafeMutablePointer<Double>.allocate(capacity: count)
                defer { scratch.deallocate(); out.deallocate() }
                twice.withUnsafeBufferPointer { LinearReader.strongest(twice: $0.baseAddress!, count: count, radius: radius, into: out, scratch: scratch) }
                let found = Array(UnsafeBufferPointer(start: out, count: count))
                #expect(found.map(\.bitPattern) == expected.map(\.bitPattern), "length \(count), radius \(radius)")
            }
        }
    }

    /// A line of halves read by its edges with twice its values given (the bound at the floor and the strongest edges
    /// nearby made on the whole numbers) gives the runs it gives without them, at both floors and under every bound on
    /// the runs asked.
    @Test func edgeRunsOnWholeNumbersAreTheEdgeRunsOfTheDoubles() throws {
        let buffers = ScanLineBuffers()
        var compared = 0
        for line in Self.halvesLines() {
            buffers.reserve(line.count + 2, radius: 24)
            let twice = line.map { Int16($0 * 2) }
            try line.withUnsafeBufferPointer { g in
                try twice.withUnsafeBufferPointer { whole in
                    let range = LinearReader.range(g)
                    for fewest in [0, 3, 8, 20, 35, 61] {
                        let plain = LinearReader.lineGradient(g, step: 1, buffers: buffers, fewest: fewest)
                        guard var doubles = plain else {
                            #expect(LinearReader.lineGradient(g, step: 1, buffers: buffers, fewest: fewest, twice: whole.baseAddress!) == nil)
                            continue
                        }
                        var wholes = try #require(LinearReader.lineGradient(g, step: 1, buffers: buffers, fewest: fewest, twice: whole.baseAddress!))
                        #expect(wholes.twice != nil && doubles.twice == nil)
                        for floor in [LinearReader.standardEdgeFloor(noise: doubles.noise, range: range),
                                      LinearReader.faintEdgeFloor(noise: doubles.noise, range: range), 3.25, 40] {
                            // Each reading from its own gradient made afresh: the two share the buffers.
                            doubles = try #require(LinearReader.lineGradient(g, step: 1, buffers: buffers, fewest: fewest))
                            let expected = LinearReader.edgeRuns(&doubles, floor: floor, buffers: buffers, fewest: fewest)
                            wholes = try #require(LinearReader.lineGradient(g, step: 1, buffers: buffers, fewest: fewest, twice: whole.baseAddress!))
                            let found = LinearReader.edgeRuns(&wholes, floor: floor, buffers: buffers, fewest: fewest)
                            #expect(found?.widths == expected?.widths && found?.starts == expected?.starts, "floor \(floor), fewest \(fewest)")
                            compared += expected?.widths.count ?? 0
                        }
                    }
                }
            }
        }
        #expect(compared > 5_000)
    }
}
