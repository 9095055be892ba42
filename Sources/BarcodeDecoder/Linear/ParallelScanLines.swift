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
    /// With a threshold, each line is split into runs at its own histogram's valley after sharpening, as the linear
    /// reader's last look reads blurred lines (`HistogramLineThreshold`); else by midpoint thresholding (`LinearReader.sample`).
    var histogram: HistogramLineThreshold? = nil

    /// The longest line, in samples.
    var longestLine: Int { reach.map { Int(2 * $0) + 2 } ?? frame.image.width }

    /// Across the lines (the direction of increasing line index).
    var normal: Point { Point(-direction.y, direction.x) }

    /// The frame's pixel rows.
    static func rows(of frame: PreparedFrame) -> ParallelScanLines {
        ParallelScanLines(frame: frame, direction: Point(1, 0), origin: Point(0, 0), count: frame.image.height, reach: nil)
    }

    /// Lines along the direction of `regions` (striped regions at about one angle, across their bars: the rows of a
    /// stacked symbol are regions of their own, split by the separators between them) over all of their extent across
    /// the lines and `margin` either side, reaching `margin` past their ends along them. A direction within a few
    /// hundredths of a radian of a column's or a row's is made that, its lines through the pixel centres (a symbol
    /// turned a quarter read as sharp as one held level).
    static func along(_ regions: [BarRegionFinder.Region], of frame: PreparedFrame, margin: Double) -> ParallelScanLines {
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
        return ParallelScanLines(frame: frame, direction: d, origin: origin, count: Int(v1 - v0), reach: reach)
    }

    /// The runs of line `i` and the position along the lines where they begin; nil where the line misses the frame.
    func line(_ i: Int) -> (runs: RunRow, start: Double)? {
        guard let reach else {
            let origin = Point(0.5, Double(i) + 0.5)
            return histogram == nil ? (frame.pixelRow(i), 0) : histogramRuns(origin: origin, length: Double(frame.image.width - 1)).map { ($0, 0) }
        }
        let mid = origin + normal * (Double(i) + 0.5)
        let w = Double(frame.image.width), h = Double(frame.image.height)
        guard let (start, length) = LinearReader.clip(mid: mid, direction: direction, width: w, height: h) else { return nil }
        // The line's part within `reach` of the middle, in positions from `mid` (`start` lies at -t along it).
        let t = (mid - start).x * direction.x + (mid - start).y * direction.y
        let from = max(-t, -reach), to = min(length - t, reach)
        guard to - from > 20 else { return nil }
        let lineOrigin = mid + direction * from
        guard histogram != nil else { return (frame.scanLine(origin: lineOrigin, direction: direction, length: to - from), from) }
        return histogramRuns(origin: lineOrigin, length: to - from).map { ($0, from) }
    }

    /// The runs of the line from `origin` along `direction` at `histogram`'s threshold (its gray values rounded to bytes,
    /// as the pixels are); nil where it shows one colour or too few runs.
    private func histogramRuns(origin: Point, length: Double) -> RunRow? {
        guard let histogram else { return nil }
        let count = Int(length) + 1
        guard count <= longestLine else { return nil }
        let gray = [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = LinearReader.grays(frame, origin: origin, direction: direction, length: length, into: buffer.baseAddress!)
        }
        let bytes = gray.map { UInt8(max(0, min(255, $0.rounded()))) }
        return bytes.withUnsafeBufferPointer { histogram.runs($0.baseAddress!, count: count, step: 1, minimumRuns: FrameScanLines.fewestRuns) }
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
