import Foundation

/// Finds the bull's-eye at the centre of Aztec symbols: concentric square rings one module wide, dark at even distance.
///
/// Rows of the binary image are searched for seven runs of about equal width, dark in the middle (the centre and three
/// rings each side), between two dark runs at least half as wide (the fourth ring, which may run into a dark module of the
/// mode message beyond it), confirmed on the column and both diagonals through their centre. The ring at distance 4 is then traced along rays from the
/// centre in the gray image: its inner edge, the fourth change of colour outwards, lies on a square seen in perspective;
/// a line fitted to each side's edge points and the sides' intersections give its corners.
enum AztecBullsEye {
    struct Candidate {
        var center: Point
        /// Module size along the row and column that found it.
        var moduleSize: Double
    }

    /// Bull's-eye centres on every `step`th row, merged when closer than two modules.
    static func candidates(_ frame: PreparedFrame, step: Int) -> [Candidate] {
        let binary = frame.binary
        var found: [Candidate] = []
        let rows = frame.binaryRows(step: step)
        for y in stride(from: step / 2, to: binary.height, by: step) {
            // Dark runs start at an even index when the row starts dark, odd otherwise.
            let firstDark = binary[0, y] ? 0 : 1
            // The row's runs read through a buffer: every dark run of every second row is tested, and the array's bounds
            // tests were half of each test.
            rows.withRow(y) { runs, nearNext in
                // Run indices and widths are within the row (its count and width): their arithmetic is done without
                // overflow tests.
                // Only the places whose middle seven runs are each within three times the next (`NeighbourRuns`: the
                // six pairs from i − 3 to i + 3, which `bullsEyeRuns` needs); the others fail the tests below.
                NeighbourRuns.visit(from: firstDark &+ 4, below: runs.count &- 4, bytes: nearNext, marks: { p in
                    NeighbourRuns.word(p, -3) & NeighbourRuns.word(p, -2) & NeighbourRuns.word(p, -1) & NeighbourRuns.word(p, 0)
                        & NeighbourRuns.word(p, 1) & NeighbourRuns.word(p, 2)
                }) { i in
                    // The first test of the loop over every place (the centre run and its two neighbours within 3× of each
                    // other) holds at every place visited: it is the marks of pairs i − 1 and i.
                    guard let module = bullsEyeRuns({ runs[i &- 4 &+ $0].length }) else { return }
                    let cx = Double(runs[i].start) + Double(runs[i].length) / 2
                    guard let vertical = confirm(binary, x: Int(cx), y: y, vertical: true),
                          let horizontal = confirm(binary, x: Int(cx), y: Int(vertical.center), vertical: false),
                          confirmDiagonals(binary, x: Int(horizontal.center), y: Int(vertical.center)) else { return }
                    let center = Point(horizontal.center + 0.5, vertical.center + 0.5)
                    let size = (module + vertical.module + horizontal.module) / 3
                    if !found.contains(where: { $0.center.distance(to: center) < 2 * max(size, $0.moduleSize) }) {
                        found.append(Candidate(center: center, moduleSize: size))
                    }
                }
            }
        }
        return found
    }

    /// The module width when the middle seven of nine runs are each within 50 % of their mean and the outer two at least
    /// half of it.
    static func bullsEyeRuns(_ widths: [Int]) -> Double? { bullsEyeRuns { widths[$0] } }

    /// The same for the nine runs `width(0)` to `width(8)` (read in place: no array per candidate run).
    ///
    /// The tests are made on whole numbers, and the mean divided out only for a pattern that passes: the division's
    /// latency (the quotient, then each comparison with it) was a tenth of the row search's time. With t the sum of the
    /// seven widths and m = t / 7 rounded, each test gives what its definition gives (`plainBullsEyeRuns`, the tests
    /// compare them), for widths far below 2⁴⁰:
    /// - m ≥ 1 exactly when t ≥ 7 (rounding keeps order, and 6 / 7 rounds below 1);
    /// - w < m · 0.5 (halving is exact) exactly when 14w < t: then t / 7 exceeds 2w by at least 1/7, far more than
    ///   the rounding moves it, and otherwise t / 7 ≤ 2w, which a whole number keeps when rounded to;
    /// - w > m · 1.5 (two roundings) exactly when 14w > 3t: unequal, the two differ by at least 1/14, beyond both
    ///   roundings' reach; equal, 14 divides t, so m = t / 7 and m · 1.5 = w exactly, not above it.
    @inline(__always)
    static func bullsEyeRuns(_ width: (Int) -> Int) -> Double? {
        var total = 0
        // Widths of runs in one row: their sum cannot overflow, and is added without the tests; nor can 14 times a
        // width or 3 times the sum.
        for k in 1...7 { total &+= width(k) }
        guard total >= 7 else { return nil }
        let high = 3 &* total
        for k in 1...7 {
            let w14 = 14 &* width(k)
            if w14 < total || w14 > high { return nil }
        }
        guard 14 &* width(0) >= total, 14 &* width(8) >= total else { return nil }
        return Double(total) / 7
    }

    /// `bullsEyeRuns` as first written, on the mean as a number: what the tests check it against.
    static func plainBullsEyeRuns(_ width: (Int) -> Int) -> Double? {
        var total = 0
        for k in 1...7 { total += width(k) }
        let mean = Double(total) / 7
        guard mean >= 1 else { return nil }
        for k in 1...7 {
            let w = Double(width(k))
            if w < mean * 0.5 || w > mean * 1.5 { return nil }
        }
        guard Double(width(0)) >= mean * 0.5, Double(width(8)) >= mean * 0.5 else { return nil }
        return mean
    }

    /// The nine runs through (x, y) along a column (or row): their centre and mean width.
    static func confirm(_ binary: BitMatrix, x: Int, y: Int, vertical: Bool) -> (center: Double, module: Double)? {
        guard let runs = runs(binary, x: x, y: y, dx: vertical ? 0 : 1, dy: vertical ? 1 : 0) else { return nil }
        return ((vertical ? Double(y) : Double(x)) + runs.centerOffset, runs.module)
    }

    /// Whether both diagonals through the centre show the bull's-eye's runs too (data modules rarely form concentric
    /// squares); each is tried from the 2×2 pixels around (x, y), as a diagonal one pixel off a ring's corner can miss it.
    static func confirmDiagonals(_ binary: BitMatrix, x: Int, y: Int) -> Bool {
        let starts = [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
        return starts.contains { runs(binary, x: $0.0, y: $0.1, dx: 1, dy: 1) != nil }
            && starts.contains { runs(binary, x: $0.0, y: $0.1, dx: 1, dy: -1) != nil }
    }

    /// The bull's-eye's nine runs through (x, y) in direction (dx, dy): the centre run's midpoint (steps from (x, y)) and
    /// the module width in steps.
    static func runs(_ binary: BitMatrix, x: Int, y: Int, dx: Int, dy: Int) -> (centerOffset: Double, module: Double)? {
        guard binary[x, y] else { return nil }
        // The widths on the stack: an array for each of a frame's many confirmations cost as much as walking the runs.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 9) { widths -> (centerOffset: Double, module: Double)? in
            guard let centerOffset = binary.runs(through: x, y, dx: dx, dy: dy, each: 4, into: widths.baseAddress!),
                  let module = bullsEyeRuns({ widths[$0] }) else { return nil }
            return (centerOffset, module)
        }
    }

    /// The corners of the middle of the light ring at distance 3 (clockwise on screen), traced around `candidate`; nil
    /// when the rays do not show four rings.
    static func ringCorners(_ frame: PreparedFrame, _ candidate: Candidate) -> [Point]? {
        let rays = 64
        var edge: [Point] = []
        let reach = candidate.moduleSize * 7
        for k in 0..<rays {
            let angle = Double(k) * 2 * .pi / Double(rays)
            let direction = Point(cos(angle), sin(angle))
            if let t = ringThreeMiddle(frame, from: candidate.center, direction: direction, reach: reach) {
                edge.append(candidate.center + direction * t)
            }
        }
        guard edge.count >= rays * 3 / 4, let rectangle = ConvexHull.minimumRectangle(ConvexHull.hull(edge)) else { return nil }
        let box = clockwise(rectangle)
        // Refit each side to the edge points near it, away from the (rounded) corners.
        var lines: [(point: Point, direction: Point)] = []
        for i in 0..<4 {
            let a = box[i], b = box[(i + 1) % 4]
            let length = a.distance(to: b)
            guard length > 2 else { return nil }
            let u = (b - a) * (1 / length), normal = Point(-u.y, u.x)
            let near = edge.filter { p in
                let d = p - a
                let along = d.x * u.x + d.y * u.y, across = abs(d.x * normal.x + d.y * normal.y)
                return along > length * 0.2 && along < length * 0.8 && across < length * 0.15
            }
            lines.append(near.count >= 3 ? fitLine(near) : (a, u))
        }
        var corners: [Point] = []
        for i in 0..<4 {
            guard let p = intersection(lines[(i + 3) % 4], lines[i]) else { return nil }
            corners.append(p)
        }
        return corners
    }

    /// Distance along the ray to the middle of the third and fourth changes of colour (thresholded at the middle of the
    /// ray's range), with the four changes about equally spaced.
    static func ringThreeMiddle(_ frame: PreparedFrame, from center: Point, direction: Point, reach: Double) -> Double? {
        let step = 0.5
        let count = Int(reach / step)
        var values = [Double](repeating: 0, count: count)
        var lo = 255.0, hi = 0.0
        for i in 0..<count {
            let p = center + direction * (Double(i) * step)
            values[i] = frame.gray(p.x, p.y)
            lo = min(lo, values[i]); hi = max(hi, values[i])
        }
        guard hi - lo > 20 else { return nil }
        let mid = (lo + hi) / 2
        var edges: [Double] = []
        var dark = values[0] < mid
        guard dark else { return nil }
        for i in 1..<count {
            let nowDark = values[i] < mid
            if nowDark != dark {
                let a = values[i - 1], b = values[i]
                let fraction = abs(b - a) > 1e-9 ? (mid - a) / (b - a) : 0.5
                edges.append((Double(i - 1) + fraction) * step)
                dark = nowDark
                if edges.count == 4 { break }
            }
        }
        guard edges.count == 4 else { return nil }
        let gaps = [edges[1] - edges[0], edges[2] - edges[1], edges[3] - edges[2]]
        let mean = (edges[3] - edges[0]) / 3
        guard gaps.allSatisfy({ $0 > mean * 0.5 && $0 < mean * 1.6 }), edges[0] < mean * 1.2 else { return nil }
        return (edges[2] + edges[3]) / 2
    }

    /// The four points in clockwise order on screen (y down), starting with the one nearest the top-left.
    static func clockwise(_ points: [Point]) -> [Point] {
        let center = points.reduce(Point(0, 0), +) * (1 / Double(points.count))
        let sorted = points.sorted { atan2($0.y - center.y, $0.x - center.x) < atan2($1.y - center.y, $1.x - center.x) }
        let start = sorted.indices.min { sorted[$0].x + sorted[$0].y < sorted[$1].x + sorted[$1].y }!
        return Array(sorted[start...] + sorted[..<start])
    }

    /// The line through `points` that minimises perpendicular distances.
    static func fitLine(_ points: [Point]) -> (point: Point, direction: Point) {
        let n = Double(points.count)
        let mean = points.reduce(Point(0, 0), +) * (1 / n)
        var sxx = 0.0, sxy = 0.0, syy = 0.0
        for p in points {
            let d = p - mean
            sxx += d.x * d.x; sxy += d.x * d.y; syy += d.y * d.y
        }
        let angle = 0.5 * atan2(2 * sxy, sxx - syy)
        return (mean, Point(cos(angle), sin(angle)))
    }

    static func intersection(_ l1: (point: Point, direction: Point), _ l2: (point: Point, direction: Point)) -> Point? {
        let d = l1.direction.x * l2.direction.y - l1.direction.y * l2.direction.x
        guard abs(d) > 1e-6 else { return nil }
        let w = l2.point - l1.point
        let t = (w.x * l2.direction.y - w.y * l2.direction.x) / d
        return l1.point + l1.direction * t
    }
}
