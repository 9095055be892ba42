import Foundation

/// Finds MaxiCode's bull's-eye: a light disc and three dark rings around it, alike in every direction.
///
/// Rows of the binary image are searched for the light centre run between four runs each side of about equal width (the
/// inner two dark rings and the light rings between them) and a third dark ring at least half as wide (it may run into dark
/// modules beyond it); the centre run is 0.8–2.4 times as wide (nominally 1.47). The column and both diagonals through
/// the centre must show the same. Rays from the centre then find the middle of the inner and middle dark rings (where
/// blur does not move it); an ellipse fitted to them is the circle of radius 2.54 modules seen by the camera.
enum MaxiCodeBullsEye {
    struct Candidate {
        var center: Point
        /// Ring width along the row that found it, in pixels.
        var ringWidth: Double
    }

    static func candidates(_ frame: PreparedFrame, step: Int) -> [Candidate] {
        let binary = frame.binary
        var found: [Candidate] = []
        let rows = frame.binaryRows(step: step)
        for y in stride(from: step / 2, to: binary.height, by: step) {
            let firstLight = binary[0, y] ? 1 : 0
            // The row's runs read through a buffer: every light run of every second row is tested, and the array's bounds
            // tests were half of each test.
            rows.withRow(y) { runs, nearNext in
                // Run indices and widths are within the row (its count and width): their arithmetic is done without
                // overflow tests, which were a third of this loop's instructions.
                // Only the places whose ring runs on either side are each within three times the next, and whose centre
                // run's left neighbour is within three times of it (`NeighbourRuns`: the pairs from i − 4 to i − 1 and
                // from i + 1 to i + 4, which `pattern` needs, and the first test's pair); the others fail the tests below.
                NeighbourRuns.visit(from: firstLight == 1 ? 5 : 6, below: runs.count &- 5, bytes: nearNext, marks: { p in
                    NeighbourRuns.word(p, -4) & NeighbourRuns.word(p, -3) & NeighbourRuns.word(p, -2) & NeighbourRuns.word(p, -1)
                        & NeighbourRuns.word(p, 1) & NeighbourRuns.word(p, 2) & NeighbourRuns.word(p, 3)
                }) { i in
                    // The first test of the loop over every place (the centre run's left neighbour within 3× of it) holds
                    // at every place visited: it is the mark of pair i − 1.
                    guard let unit = pattern({ runs[i &- 5 &+ $0].length }) else { return }
                    let cx = Double(runs[i].start) + Double(runs[i].length) / 2
                    guard let vertical = confirm(binary, x: Int(cx), y: y, dx: 0, dy: 1),
                          let horizontal = confirm(binary, x: Int(cx), y: Int(vertical.center), dx: 1, dy: 0),
                          confirm(binary, x: Int(horizontal.center), y: Int(vertical.center), dx: 1, dy: 1) != nil,
                          confirm(binary, x: Int(horizontal.center), y: Int(vertical.center), dx: 1, dy: -1) != nil else { return }
                    let center = Point(horizontal.center + 0.5, vertical.center + 0.5)
                    if !found.contains(where: { $0.center.distance(to: center) < 6 * $0.ringWidth }) {
                        found.append(Candidate(center: center, ringWidth: (unit + horizontal.unit + vertical.unit) / 3))
                    }
                }
            }
        }
        return found
    }

    /// The ring width when eleven runs (third ring, light, second ring, light, first ring, centre, and back out) fit.
    static func pattern(_ widths: [Int]) -> Double? { pattern { widths[$0] } }

    /// The same for the eleven runs `width(0)` to `width(10)` (read in place: no array per candidate run).
    ///
    /// The ring runs' tests are made on whole numbers, as `AztecBullsEye.bullsEyeRuns` makes its own: with t the sum of
    /// the eight ring runs, the unit t / 8, its half t / 16 and 1.5 times it, 3t / 16, are exact (for t far below 2⁵⁰),
    /// so u ≥ 1 exactly when t ≥ 8, w < u · 0.5 when 16w < t, and w > u · 1.5 when 16w > 3t (`plainPattern`, the tests
    /// compare them). Each width was converted and multiplied as a number, at every light run of every second row whose
    /// rings' pairs are marked. The centre's bounds, products by fractions that are not exact, are tested as before.
    @inline(__always)
    static func pattern(_ width: (Int) -> Int) -> Double? {
        var total = 0
        // Widths of runs in one row: their sum cannot overflow, and is added without the tests; nor can 16 times a
        // width or 3 times the sum.
        for k in 1...9 where k != 5 { total &+= width(k) }
        guard total >= 8 else { return nil }
        let high = 3 &* total
        for k in 1...9 where k != 5 {
            let w16 = 16 &* width(k)
            if w16 < total || w16 > high { return nil }
        }
        let unit = Double(total) / 8, centre = Double(width(5))
        guard centre >= unit * 0.8, centre <= unit * 2.4, 16 &* width(0) >= total, 16 &* width(10) >= total else { return nil }
        return unit
    }

    /// `pattern` as first written, on the unit as a number: what the tests check it against.
    static func plainPattern(_ width: (Int) -> Int) -> Double? {
        var total = 0
        for k in 1...9 where k != 5 { total += width(k) }
        let unit = Double(total) / 8
        guard unit >= 1 else { return nil }
        for k in 1...9 where k != 5 {
            let w = Double(width(k))
            if w < unit * 0.5 || w > unit * 1.5 { return nil }
        }
        let centre = Double(width(5))
        guard centre >= unit * 0.8, centre <= unit * 2.4, Double(width(0)) >= unit * 0.5, Double(width(10)) >= unit * 0.5 else { return nil }
        return unit
    }

    /// The eleven runs through the light pixel (x, y) in direction (dx, dy): the centre run's midpoint (along the
    /// direction, in pixels from (x, y) measured on the row or column coordinate) and the ring width.
    static func confirm(_ binary: BitMatrix, x: Int, y: Int, dx: Int, dy: Int) -> (center: Double, unit: Double)? {
        guard x >= 0, y >= 0, x < binary.width, y < binary.height, !binary[x, y] else { return nil }
        // The widths on the stack: an array for each of a frame's many confirmations cost as much as walking the runs.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 11) { widths -> (center: Double, unit: Double)? in
            guard let centerOffset = binary.runs(through: x, y, dx: dx, dy: dy, each: 5, into: widths.baseAddress!),
                  let unit = pattern({ widths[$0] }) else { return nil }
            return (Double(dy == 0 ? x : y) + centerOffset, unit)
        }
    }

    /// The 2×2 matrix taking module widths (about the bull's-eye's centre) to pixels, up to a turn: fitted to the middles of
    /// the inner and middle dark rings along 48 rays. Nil when fewer than 24 rays show both rings.
    static func shape(_ frame: PreparedFrame, _ candidate: Candidate) -> (a: Double, b: Double, c: Double, d: Double)? {
        let radii = MaxiCodeLayout.ringRadii
        var points: [Point] = []
        let reach = candidate.ringWidth * 5
        for k in 0..<48 {
            let angle = Double(k) * .pi / 24
            let direction = Point(cos(angle), sin(angle))
            let step = 0.5
            var values: [Double] = []
            var t = 0.0
            while t < reach { let p = candidate.center + direction * t; values.append(frame.gray(p.x, p.y)); t += step }
            guard let lo = values.min(), let hi = values.max(), hi - lo > 20 else { continue }
            let mid = (lo + hi) / 2
            var edges: [Double] = []
            var dark = values[0] < mid
            guard !dark else { continue }
            for i in 1..<values.count where (values[i] < mid) != dark {
                let fraction = (mid - values[i - 1]) / (values[i] - values[i - 1])
                edges.append((Double(i - 1) + fraction) * step)
                dark.toggle()
                if edges.count == 4 { break }
            }
            guard edges.count == 4 else { continue }
            // Middles of the inner and middle dark rings, each scaled to the middle ring's radius.
            points.append(direction * ((edges[0] + edges[1]) / 2 * radii[1] / radii[0]))
            points.append(direction * ((edges[2] + edges[3]) / 2))
        }
        guard points.count >= 48 else { return nil }
        // Least squares for p·x² + q·xy + r·y² = 1.
        var m = [[Double]](repeating: [0, 0, 0, 0], count: 3)
        for p in points {
            let row = [p.x * p.x, p.x * p.y, p.y * p.y]
            for i in 0..<3 {
                for j in 0..<3 { m[i][j] += row[i] * row[j] }
                m[i][3] += row[i]
            }
        }
        guard let s = solve3(m) else { return nil }
        let (p, q, r) = (s[0], s[1] / 2, s[2])
        // Q = [[p, q], [q, r]].
        let trace = p + r, det = p * r - q * q
        guard det > 0, trace > 0 else { return nil }
        let root = det.squareRoot()
        let sqrtTrace = (trace + 2 * root).squareRoot()
        // Q^(1/2) = (Q + √det·I) / √(trace + 2√det); invert it.
        let (a, b, c, d) = ((p + root) / sqrtTrace, q / sqrtTrace, q / sqrtTrace, (r + root) / sqrtTrace)
        let halfDet = a * d - b * c
        guard abs(halfDet) > 1e-12 else { return nil }
        // |u| = radius maps onto the ellipse: M = Q^(-1/2) / radius.
        let scale = 1 / radii[1]
        return (d / halfDet * scale, -b / halfDet * scale, -c / halfDet * scale, a / halfDet * scale)
    }

    static func solve3(_ m: [[Double]]) -> [Double]? {
        var a = m
        for col in 0..<3 {
            guard let pivot = (col..<3).max(by: { abs(a[$0][col]) < abs(a[$1][col]) }), abs(a[pivot][col]) > 1e-18 else { return nil }
            a.swapAt(col, pivot)
            for r in 0..<3 where r != col {
                let f = a[r][col] / a[col][col]
                for k in col..<4 { a[r][k] -= f * a[col][k] }
            }
        }
        return (0..<3).map { a[$0][3] / a[$0][$0] }
    }
}
