/// Parallel scan lines a pixel apart over a frame, for the stacked DataBar readers: the frame's pixel rows (shared with the
/// other row readers), or lines along a striped region's own angle across it, for a symbol turned or tilted from level.
///
/// Line `i` lies at `i + 0.5` across the lines; positions along every line are in one coordinate, so that a symbol row's
/// reads on neighbouring lines line up as they do on pixel rows. `point(along:across:)` places such a position in the frame.
struct ParallelScanLines {
    let frame: PreparedFrame
    /// Along the lines.
    let direction: Point
    /// Where position 0 along the lines and 0 across them lies.
    let origin: Point
    /// How many lines.
    let count: Int
    /// How far the lines reach either side of `origin` along them; nil for the pixel rows, which span the frame.
    let reach: Double?
    /// The fewest runs the lines' reader reads anything from: a line split at a histogram threshold into fewer is none,
    /// its runs not made (they were read for nothing). Never fewer than `FrameScanLines.fewestRuns`. (Lines split at
    /// midpoint thresholds are bounded at `FrameScanLines.fewestRuns` still: their bound on a line's colour changes,
    /// `LinearReader.mayChangeColour`, reads on until it has counted as many, and at 23 or 25 it cost the lines that pass
    /// more than it saved on those that fail: on the eight frames without a code, 2.8 M instructions more for the pixel
    /// rows and the turned lines, 0.3 M for the turned lines alone.)
    let fewestRuns: Int
    /// With a threshold, each line is split into runs at its own histogram's valley after sharpening, as the linear
    /// reader's last look reads blurred lines (`HistogramLineThreshold`); else by midpoint thresholding (`LinearReader.sample`).
    var histogram: HistogramLineThreshold? = nil
    /// Where the lines' gray values are kept: sampled lines are kept here at midpoint thresholds and taken from here at a
    /// histogram threshold (`SampledLineGrays`); nil, each line sampled anew.
    var sampledGrays: SampledLineGrays? = nil

    /// The longest line, in samples.
    var longestLine: Int { reach.map { Int(2 * $0) + 2 } ?? frame.image.width }

    /// Across the lines (the direction of increasing line index).
    var normal: Point { Point(-direction.y, direction.x) }

    /// The frame's pixel rows.
    static func rows(of frame: PreparedFrame, fewestRuns: Int) -> ParallelScanLines {
        ParallelScanLines(frame: frame, direction: Point(1, 0), origin: Point(0, 0), count: frame.image.height, reach: nil,
                          fewestRuns: max(fewestRuns, FrameScanLines.fewestRuns))
    }

    /// Lines along the direction of `regions` (striped regions at about one angle, across their bars: the rows of a
    /// stacked symbol are regions of their own, split by the separators between them) over all of their extent across
    /// the lines and `margin` either side, reaching `margin` past their ends along them. A direction within a few
    /// hundredths of a radian of a column's or a row's is made that, its lines through the pixel centres (a symbol
    /// turned a quarter read as sharp as one held level). Lines at a histogram threshold with fewer than `fewestRuns` runs
    /// are none.
    static func along(_ regions: [BarRegionFinder.Region], of frame: PreparedFrame, margin: Double, fewestRuns: Int) -> ParallelScanLines {
        var d = regions[0].direction
        if abs(d.x) < 0.02 { d = Point(0, d.y < 0 ? -1 : 1) } else if abs(d.y) < 0.02 { d = Point(d.x < 0 ? -1 : 1, 0) }
        let n = Point(-d.y, d.x)
        func dot(_ a: Point, _ b: Point) -> Double { a.x * b.x + a.y * b.y }
        let across = regions.flatMap { r in [dot(r.center, n) - r.halfWidth, dot(r.center, n) + r.halfWidth] }
        let along = regions.flatMap { r in [dot(r.center, d) - r.halfLength, dot(r.center, d) + r.halfLength] }
        let (v0, v1) = (across.min()! - margin, across.max()! + margin)
        let (u0, u1) = (along.min()! - margin, along.max()! + margin)
        var origin = d * ((u0 + u1) / 2) + n * v0
        var reach = (u1 - u0) / 2
        if d.x == 0 { (origin, reach) = (Point(origin.x.rounded(), origin.y.rounded(.down) + 0.5), reach.rounded()) }
        if d.y == 0 { (origin, reach) = (Point(origin.x.rounded(.down) + 0.5, origin.y.rounded()), reach.rounded()) }
        return ParallelScanLines(frame: frame, direction: d, origin: origin, count: Int(v1 - v0), reach: reach,
                                 fewestRuns: max(fewestRuns, FrameScanLines.fewestRuns))
    }

    /// The runs of line `i` and the position along the lines where they begin; nil where the line misses the frame.
    func line(_ i: Int) -> (runs: RunRow, start: Double)? {
        guard let reach else {
            let origin = Point(0.5, Double(i) + 0.5)
            return histogram == nil ? (frame.pixelRow(i), 0) : histogramRuns(i, origin: origin, length: Double(frame.image.width - 1)).map { ($0, 0) }
        }
        let mid = origin + normal * (Double(i) + 0.5)
        let w = Double(frame.image.width), h = Double(frame.image.height)
        guard let (start, length) = LinearReader.clip(mid: mid, direction: direction, width: w, height: h) else { return nil }
        // The line's part within `reach` of the middle, in positions from `mid` (`start` lies at -t along it).
        let t = (mid - start).x * direction.x + (mid - start).y * direction.y
        let from = max(-t, -reach), to = min(length - t, reach)
        guard to - from > 20 else { return nil }
        let lineOrigin = mid + direction * from
        guard histogram != nil else {
            // Kept for the histogram look where that would sample it too (not along a pixel row or column).
            if let sampledGrays, pixelsAlong(origin: lineOrigin, count: Int(to - from) + 1) == nil {
                let grays = sampledGrays.sample(i, of: frame, origin: lineOrigin, direction: direction, length: to - from)
                return (frame.scanLines.line(grays: grays, fewest: FrameScanLines.fewestRuns), from)
            }
            return (frame.scanLine(origin: lineOrigin, direction: direction, length: to - from), from)
        }
        return histogramRuns(i, origin: lineOrigin, length: to - from).map { ($0, from) }
    }

    /// The runs of the line from `origin` along `direction` at `histogram`'s threshold (its gray values rounded to bytes,
    /// as the pixels are); nil where it shows one colour or too few runs.
    ///
    /// A line along a pixel row or column through the pixel centres (a region held level or turned a quarter) is its
    /// pixels themselves, read where they lie; any other line is sampled and rounded in temporary buffers. Both used to go
    /// through two arrays and libm's `round` a sample: 15.3 M instructions for falsepositives-1/15's 374 lines (two
    /// decodes, none of them along a row or column), 11.8 M without. A line the midpoint look sampled already (line `i` in
    /// `sampledGrays`) takes those values.
    private func histogramRuns(_ i: Int, origin: Point, length: Double) -> RunRow? {
        guard let histogram else { return nil }
        let count = Int(length) + 1
        guard count <= longestLine else { return nil }
        let image = frame.image
        if let (first, step) = pixelsAlong(origin: origin, count: count) {
            return image.pixels.withUnsafeBufferPointer { pixels in
                histogram.runs(pixels.baseAddress! + first, count: count, step: step, minimumRuns: fewestRuns)
            }
        }
        if let kept = sampledGrays?[i], kept.count == count {
            return kept.withUnsafeBufferPointer { histogramRuns(of: $0, histogram: histogram) }
        }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { gray in
            let sampled = LinearReader.grays(frame, origin: origin, direction: direction, length: length, into: gray.baseAddress!)
            return histogramRuns(of: UnsafeBufferPointer(rebasing: gray[0..<sampled]), histogram: histogram)
        }
    }

    /// The runs of a sampled line's gray values at `histogram`'s threshold, each value rounded to a byte first.
    private func histogramRuns(of grays: UnsafeBufferPointer<Double>, histogram: HistogramLineThreshold) -> RunRow? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: grays.count) { bytes in
            for k in 0..<grays.count { bytes[k] = Self.byte(grays[k]) }
            return histogram.runs(bytes.baseAddress!, count: grays.count, step: 1, minimumRuns: fewestRuns)
        }
    }

    /// Where the `count` samples from `origin` along the lines lie in the frame's pixels (the first one's index and the
    /// step to the next), when they are the pixels themselves: the lines run along a row or a column, `origin` is a pixel
    /// centre, and every sample lies inside the frame. `LinearReader.grays` reads exactly these pixels then.
    func pixelsAlong(origin: Point, count: Int) -> (first: Int, step: Int)? {
        let image = frame.image
        guard count > 0, direction.x == 0 || direction.y == 0,
              origin.x.rounded(.down) + 0.5 == origin.x, origin.y.rounded(.down) + 0.5 == origin.y else { return nil }
        let x0 = Int(origin.x), y0 = Int(origin.y), dx = Int(direction.x), dy = Int(direction.y)
        let x1 = x0 + dx * (count - 1), y1 = y0 + dy * (count - 1)
        guard min(x0, x1) >= 0, min(y0, y1) >= 0, max(x0, x1) < image.width, max(y0, y1) < image.height else { return nil }
        return (y0 * image.stride + x0, dy * image.stride + dx)
    }

    /// `UInt8(max(0, min(255, gray.rounded())))`, the same byte for every value (not a number gives 255 there too), without
    /// a call to libm's `round`: the whole part by truncation, and up where the rest is a half or more (the difference of
    /// a value and its whole part is exact).
    ///
    /// Clamped first, with selects rather than branches (on a sampled line each of these went either way, about 25 k
    /// mispredicted branches on falsepositives-1/15): a value 255 or more (or not a number) is 255, whose whole part is
    /// itself; one 0 or less is 0 (`max` of −0.0 and 0 either way gives 0); any other is kept.
    ///
    /// Rounded by adding 1.5 · 2⁵² (as `PreparedFrame.wholeAndFraction` does), not through `Int64(_:)`, whose tests for a
    /// value out of range or not a number (which the clamped value never is) took 6 of a sample's 27 instructions and
    /// kept the histogram look's loop from being vectorized. The sum is the nearest whole number n (a tie to the even one),
    /// exactly, and `d`, the value less n, is exact too: the value is n where |d| < ½, and n + 1 where d is +½ (a tie
    /// rounded down, which `rounded()` takes up), so n plus one where d ≥ ½ is the rounded value.
    @inline(__always)
    static func byte(_ gray: Double) -> UInt8 {
        let clamped = gray < 255 ? Swift.max(gray, 0) : 255
        let shift = 0x1.8p52, shifted = clamped + shift
        let nearest = Int(truncatingIfNeeded: shifted.bitPattern &- shift.bitPattern)
        let d = clamped - (shifted - shift)
        return UInt8(truncatingIfNeeded: nearest &+ (d >= 0.5 ? 1 : 0))
    }

    /// Where frame point `p` lies along the lines (the inverse of `point(along:across:)`).
    func along(_ p: Point) -> Double { (p - origin).x * direction.x + (p - origin).y * direction.y }

    /// Where frame point `p` lies across the lines (line `i` at `i + 0.5`).
    func across(_ p: Point) -> Double { (p - origin).x * normal.x + (p - origin).y * normal.y }

    /// The frame point at `along` on the lines and `across` them (line `i` at `i + 0.5`).
    func point(along: Double, across: Double) -> Point {
        origin + direction * along + normal * across
    }
}
