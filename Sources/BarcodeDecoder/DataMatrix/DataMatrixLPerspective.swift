/// A Data Matrix L's perspective, from how its two arms thin along their length.
///
/// An arm of the L is the strip between two lines of the module grid, and a perspective map keeps lines straight: the
/// strip's width at a point of its outer edge, measured along a fixed direction, is in proportion to 1 / w there (w the
/// map's homogeneous depth), and 1 / w is linear in the position along the edge's image. So the widths fitted by a line
/// along each arm give the depth at its far end relative to the L's corner, and the depths fix the free corner where a
/// parallelogram puts it only when both are 1 (a keystone puts it modules off, beyond the free-corner search).
struct DataMatrixLPerspective {
    /// The depth at the L's two ends, the corner's being 1: at `a` (the end of the arm from `c` to `a`) and at `b`.
    var depthA: Double
    var depthB: Double

    /// The free corner: the point whose homogeneous weights are the depths.
    func freeCorner(a: Point, b: Point, c: Point) -> Point {
        (a * depthA + b * depthB - c) * (1 / (depthA + depthB - 1))
    }

    /// A tenth, so that L's seen nearly square on, whose free corner the search around the parallelogram's reaches,
    /// are not searched again.
    static let noticeableDepth = 0.1

    var isNoticeable: Bool { max(abs(depthA - 1), abs(depthB - 1)) >= Self.noticeableDepth }

    /// Arms that thin to under half or thicken to over twice the corner's are no plausible view of a flat symbol.
    var isPlausible: Bool { depthA > 0.5 && depthA < 2 && depthB > 0.5 && depthB < 2 && depthA + depthB - 1 > 0.25 }
}

extension DataMatrixLPerspective {
    /// The perspective of the L with corner `c` and ends `a` and `b`, or nil where an arm shows too few single modules.
    init?(_ bits: BitMatrix, a: Point, b: Point, c: Point, thickness: Double) {
        guard let thinningA = Self.thinning(bits, from: c, to: a, inward: b - c, thickness: thickness),
              let thinningB = Self.thinning(bits, from: c, to: b, inward: a - c, thickness: thickness) else { return nil }
        depthA = thinningA
        depthB = thinningB
    }

    /// Cells read along an arm: at twentieths of it.
    static let stations = 20

    /// The arm's width at the corner over its width at the far end (the far end's depth), or nil where either fit
    /// below fails or is not positive at an end.
    ///
    /// Each station reads the dark run across the arm and the light run after it. The threshold moves a dark run's ends
    /// outwards and a light run's inwards by the same amount (a blurred edge), so their mean is the module: the dark
    /// runs and the light runs are each fitted by a line, and the two lines averaged.
    static func thinning(_ bits: BitMatrix, from c: Point, to end: Point, inward: Point, thickness: Double) -> Double? {
        let length = max(1e-9, (inward.x * inward.x + inward.y * inward.y).squareRoot())
        let u = inward * (1 / length)
        var dark = [Double](repeating: 0, count: stations), light = dark
        // Runs are kept between half the L's thickness (its least dark run: the light runs are as much shorter as the
        // dark ones are longer, less than a module) and `longestRun` times it (a run of two modules at an end twice as
        // near as the other, and the threshold's spread); the walks stop there.
        let shortest = thickness / 2, longest = thickness * Self.longestRun
        var missing = 0
        // The first stations lie in the other arm, whose run is the whole arm's length.
        for k in 2..<stations {
            var p = c + (end - c) * (Double(k) / Double(stations))
            var skipped = 0.0
            while !bits[Int(p.x), Int(p.y)] && skipped < 4 { p = p + u * 0.5; skipped += 0.5 }
            var run = 0.0
            while bits[Int(p.x), Int(p.y)] && run <= longest { p = p + u * 0.5; run += 0.5 }
            guard run >= shortest, run <= longest else {
                // An L's arm runs a module or two deep at nearly every station; most blobs taken for one do not.
                missing += 1
                if missing > Self.mostMissing { return nil }
                continue
            }
            dark[k] = run
            var gap = 0.0
            while !bits[Int(p.x), Int(p.y)] && gap <= longest { p = p + u * 0.5; gap += 0.5 }
            if gap >= shortest, gap <= longest { light[k] = gap }
        }
        guard let d = singleModuleFit(dark), let l = singleModuleFit(light) else { return nil }
        let near = (d.near + l.near) / 2, far = (d.far + l.far) / 2
        guard near > 0, far > 0 else { return nil }
        return near / far
    }

    /// The line fitted by least squares to the runs (0 = none) that are one module across, at the arm's two ends.
    ///
    /// A run is one module where the module beyond it is of the other colour, longer where it is not: the runs kept
    /// are those within `singleModule` of the least run near them (a quarter of the arm either way).
    static func singleModuleFit(_ runs: [Double]) -> (near: Double, far: Double)? {
        var n = 0.0, sf = 0.0, sr = 0.0, sff = 0.0, sfr = 0.0
        for k in runs.indices where runs[k] > 0 {
            var least = runs[k]
            for j in max(0, k - stations / 4)...min(stations - 1, k + stations / 4) where runs[j] > 0 { least = min(least, runs[j]) }
            guard runs[k] <= least * singleModule else { continue }
            let f = Double(k) / Double(stations)
            n += 1; sf += f; sr += runs[k]; sff += f * f; sfr += f * runs[k]
        }
        guard n >= minimumRuns else { return nil }
        let det = n * sff - sf * sf
        guard det > 1e-9 else { return nil }
        let slope = (n * sfr - sf * sr) / det, intercept = (sr - slope * sf) / n
        return (intercept, intercept + slope)
    }

    /// A run up to 1.35 times the least near it: perspective thins an arm by far less over a quarter of its length, and
    /// a dark data module beside it doubles the run.
    static let singleModule = 1.35
    /// Single-module runs a fit needs, of each colour.
    static let minimumRuns = 4.0
    static let longestRun = 4.5
    /// Stations (of the 18 read) where an arm may show no such dark run: a blob taken for an L is given up after five.
    static let mostMissing = 4
}
