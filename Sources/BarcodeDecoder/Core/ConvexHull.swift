/// Convex hulls and minimum-area enclosing rectangles of point sets.
enum ConvexHull {
    /// The hull, counter-clockwise in a y-up frame (clockwise on screen), by the monotone chain method.
    static func hull(_ points: [Point]) -> [Point] {
        let p = points.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        guard p.count >= 3 else { return p }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        var lower: [Point] = [], upper: [Point] = []
        for q in p {
            while lower.count >= 2 && cross(lower[lower.count - 2], lower[lower.count - 1], q) <= 0 { lower.removeLast() }
            lower.append(q)
        }
        for q in p.reversed() {
            while upper.count >= 2 && cross(upper[upper.count - 2], upper[upper.count - 1], q) <= 0 { upper.removeLast() }
            upper.append(q)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }

    /// `hull(_:)` of a dark component's outline (the leftmost and then the rightmost point of each row, rows in order),
    /// without sorting it: the same vertices in the same order. A large frame's components have outlines of thousands
    /// of points, and sorting them by x was a sixth of a Data Matrix frame's instructions.
    ///
    /// The monotone chain keeps left turns whatever direction it sweeps, so sweeping down the rows gives the same
    /// counter-clockwise hull; it starts where `hull(_:)` starts, at the vertex with the least x (then least y).
    ///
    /// The sweep down the rows builds the hull's right side and the sweep back up its left side. Between the top and
    /// bottom rows a row's leftmost point is never a vertex of the right side (its rightmost point lies right of it, or
    /// is it), nor its rightmost point one of the left side; each sweep skips those, half of its points. The chain is
    /// the hull's vertices whichever of its other points it is given, since the coordinates are half-integers whose
    /// cross products are exact: the result is the same to the bit (`DarkComponentsTests` compares it with `hull(_:)`).
    static func hull(rowOrdered p: [Point]) -> [Point] {
        guard p.count >= 3, p.count % 2 == 0 else { return hull(p) }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        // The chain in a buffer of its own (it never holds more than every point twice): an array's append and
        // removeLast cost a uniqueness and a capacity test per point.
        let chain = UnsafeMutablePointer<Point>.allocate(capacity: 2 * p.count)
        defer { chain.deallocate() }
        // The chain's length, local to the sweeps (a variable captured from outside them was stored to memory at every
        // push and pop); it stays within the buffer, so it is counted without overflow tests.
        var count = p.withUnsafeBufferPointer { p -> Int in
            let n = p.count
            var count = 0, floor = 0
            func push(_ q: Point) {
                while count >= floor &+ 2 && cross(chain[count &- 2], chain[count &- 1], q) <= 0 { count &-= 1 }
                chain[count] = q
                count &+= 1
            }
            // Down the rows: the top row's two points, each middle row's rightmost point, the bottom row's two points.
            push(p[0]); push(p[1])
            for i in stride(from: 3, to: n - 2, by: 2) { push(p[i]) }
            push(p[n - 2]); push(p[n - 1])
            // Back up from the last point (the chain's end, kept): the bottom row's leftmost point, each middle row's
            // leftmost point, the top row's two points.
            floor = count - 1
            push(p[n - 2])
            for i in stride(from: n - 4, to: 1, by: -2) { push(p[i]) }
            push(p[1]); push(p[0])
            return count
        }
        // The chain ends where it began; fewer than three vertices (all points on one line) go the sorting way, whose
        // degenerate answer is its own.
        count -= 1
        guard count >= 3 else { return hull(p) }
        var start = 0
        for i in 0..<count where chain[i].x < chain[start].x || (chain[i].x == chain[start].x && chain[i].y < chain[start].y) {
            start = i
        }
        // The chain turned to begin there, written into the result in place (joining two arrays made and copied three).
        return [Point](unsafeUninitializedCapacity: count) { result, initialized in
            let head = count - start
            result.baseAddress!.initialize(from: chain + start, count: head)
            (result.baseAddress! + head).initialize(from: chain, count: start)
            initialized = count
        }
    }

    /// The index of the first of `points` nearest `target` (what `points.indices.min` by distance gives), each distance
    /// computed once rather than twice per comparison.
    static func nearestIndex(_ points: [Point], to target: Point) -> Int? {
        guard !points.isEmpty else { return nil }
        var best = 0, bestDistance = points[0].distance(to: target)
        for i in 1..<points.count {
            let d = points[i].distance(to: target)
            if d < bestDistance { best = i; bestDistance = d }
        }
        return best
    }

    /// The four corners of the smallest-area rectangle around `hull`, in order around it.
    static func minimumRectangle(_ hull: [Point]) -> [Point]? {
        guard hull.count >= 3 else { return nil }
        // The best rectangle as its frame and extents; its corners are made once, at the end, from the same values.
        var best: (area: Double, a: Point, u: Point, v: Point, minU: Double, maxU: Double, minV: Double, maxV: Double)?
        for i in 0..<hull.count {
            let a = hull[i], b = hull[(i + 1) % hull.count]
            let len = a.distance(to: b)
            guard len > 1e-9 else { continue }
            let u = (b - a) * (1 / len), v = Point(-u.y, u.x)
            var minU = Double.infinity, maxU = -Double.infinity, minV = Double.infinity, maxV = -Double.infinity
            for p in hull {
                let d = p - a
                let pu = d.x * u.x + d.y * u.y, pv = d.x * v.x + d.y * v.y
                minU = min(minU, pu); maxU = max(maxU, pu); minV = min(minV, pv); maxV = max(maxV, pv)
            }
            let area = (maxU - minU) * (maxV - minV)
            if best == nil || area < best!.area { best = (area, a, u, v, minU, maxU, minV, maxV) }
        }
        guard let best else { return nil }
        let (a, u, v) = (best.a, best.u, best.v)
        return [(best.minU, best.minV), (best.maxU, best.minV), (best.maxU, best.maxV), (best.minU, best.maxV)].map { a + u * $0.0 + v * $0.1 }
    }

    /// Four hull vertices enclosing (nearly) the largest area, starting from the vertices nearest `corners` (four points
    /// in order around the hull) and moving each, in turn, to the vertex between its neighbours that makes the largest
    /// triangle with them, until none moves.
    ///
    /// A symbol seen in perspective is a general quadrilateral, not a rectangle: its corners are the hull's vertices that
    /// span the most area, where the corners of the enclosing rectangle may lie well off the symbol.
    ///
    /// The four vertices are indices in a vector and the hull is read through a buffer: the arrays of indices, offsets
    /// and the modulo at every step cost more than the search itself on a candidate's hull of a few tens of vertices.
    static func largestQuadrilateral(_ hull: [Point], startingFrom corners: [Point]) -> [Point]? {
        let n = hull.count
        guard n >= 4, corners.count == 4 else { return nil }
        var index = SIMD4(nearestIndex(hull, to: corners[0])!, nearestIndex(hull, to: corners[1])!,
                          nearestIndex(hull, to: corners[2])!, nearestIndex(hull, to: corners[3])!)
        guard index[0] != index[1], index[0] != index[2], index[0] != index[3], index[1] != index[2], index[1] != index[3],
              index[2] != index[3] else { return nil }
        // Keep the vertices in hull order so each corner moves only between its neighbours.
        let start = index[0]
        @inline(__always) func offset(_ k: Int) -> Int { (index[k] - start + n) % n }
        guard offset(0) <= offset(1), offset(1) <= offset(2), offset(2) <= offset(3) else { return nil }
        func twiceArea(_ a: Point, _ b: Point, _ c: Point) -> Double { abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) }
        hull.withUnsafeBufferPointer { hull in
            for _ in 0..<8 {
                var moved = false
                for k in 0..<4 {
                    let prev = index[(k + 3) & 3], next = index[(k + 1) & 3]
                    var best = index[k], bestArea = twiceArea(hull[prev], hull[index[k]], hull[next])
                    // Indices are hull indices (below n): stepped round without a division.
                    var v = prev + 1 == n ? 0 : prev + 1
                    while v != next {
                        let area = twiceArea(hull[prev], hull[v], hull[next])
                        if area > bestArea + 1e-9 { best = v; bestArea = area }
                        v = v + 1 == n ? 0 : v + 1
                    }
                    if best != index[k] { index[k] = best; moved = true }
                }
                if !moved { break }
            }
        }
        return [hull[index[0]], hull[index[1]], hull[index[2]], hull[index[3]]]
    }
}
