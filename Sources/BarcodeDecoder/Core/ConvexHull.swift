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
    ///
    /// `least` and `most` bound the points' x (a component's box gives them: its outline reaches both): each sweep stops
    /// once a point reaches the bound on its side (`sweepPoints`). Bounds that no point reaches only let it stop later.
    static func hull(rowOrdered p: [Point], least: Double = -.infinity, most: Double = .infinity) -> [Point] {
        guard p.count >= 3, p.count % 2 == 0 else { return hull(p) }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        // The chain in a buffer of its own (it never holds more than every point twice): an array's append and
        // removeLast cost a uniqueness and a capacity test per point.
        // The indices of the points each sweep keeps (`sweepPoints`), at most one a middle row, follow the chain in the
        // same allocation: an allocation and its release cost about as much as a sweep over a small component's rows.
        let rows = p.count / 2
        let chainBytes = 2 * p.count * MemoryLayout<Point>.stride
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: chainBytes + rows * MemoryLayout<Int32>.stride,
                                                       alignment: MemoryLayout<Point>.alignment)
        defer { scratch.deallocate() }
        let chain = scratch.bindMemory(to: Point.self, capacity: 2 * p.count)
        let kept = (scratch + chainBytes).bindMemory(to: Int32.self, capacity: rows)
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
            // Down the rows: the top row's two points, the middle rows' rightmost points that can be vertices (see
            // `sweepPoints`), the bottom row's two points.
            push(p[0]); push(p[1])
            var (front, back) = Self.sweepPoints(p, first: 3, last: n - 3, step: 2, outward: 1, limit: most, into: kept, room: rows)
            for j in 0..<front { push(p[Int(kept[j])]) }
            for j in rows &- back..<rows { push(p[Int(kept[j])]) }
            push(p[n - 2]); push(p[n - 1])
            // Back up from the last point (the chain's end, kept): the bottom row's leftmost point, the middle rows'
            // leftmost points that can be vertices, the top row's two points.
            floor = count - 1
            push(p[n - 2])
            (front, back) = Self.sweepPoints(p, first: n - 4, last: 2, step: -2, outward: -1, limit: -least, into: kept, room: rows)
            for j in 0..<front { push(p[Int(kept[j])]) }
            for j in rows &- back..<rows { push(p[Int(kept[j])]) }
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
        // The chain turned to begin there: its first `start` vertices moved after the rest (the buffer has room for
        // every point twice; the chain, turning left at every vertex, holds each point once at most), and the turned
        // chain copied into the result (joining two arrays made and copied three). Copied from a buffer pointer, the
        // array is allocated by code specialized here, not by the standard library's unspecialized
        // `init(unsafeUninitializedCapacity:)`, which looks up the storage class's metadata at every call (about 330
        // instructions of the array's 990; a hull a candidate, about 330 a decode of a 640×480 frame without a
        // code).
        precondition(count + start <= 2 * p.count, "a hull of \(count) vertices from \(p.count) points")
        (chain + count).initialize(from: chain, count: start)
        return Array(UnsafeBufferPointer(start: chain + start, count: count))
    }

    /// The indices of those of a sweep's points `p[first]`, `p[first + step]`, … `p[last]` (one side's points of the
    /// middle rows of a row-ordered outline, `hull(rowOrdered:)`) that can be vertices of that side of the hull, in
    /// sweep order: the first `front` at the start of `kept`, then the last `back` at the end of its `room` (`room`
    /// holds one a middle row and two more). A point is passed over when some row before it in the sweep and some row
    /// after it, the first and last rows' points of that side included (`p[first − step]` and `p[last + step]`), reach
    /// at least as far out: as far in the direction of x times `outward` (1 for the right side, −1 for the left; the
    /// product is exact, a change of sign).
    ///
    /// Why such a point is no vertex: with A the point before and B the point after, the hull holds the segment AB, and
    /// at the point's row (strictly between theirs: rows are distinct and in order) AB lies at least as far out as the
    /// point. That side of the hull is, between the first and last rows, the farthest out the hull reaches at each
    /// row, so the point could be a vertex only by lying on it, AB at its row reaching exactly as far out: then A and B
    /// reach exactly as far as the point, which lies strictly between them on AB, no vertex either. The chain gives the
    /// same vertices whichever of the hull's other points it is given (`hull(rowOrdered:)`), so passing such points
    /// over leaves the hull as it was, to the bit.
    ///
    /// The points kept are those reaching strictly further out than every point before them (records counted from the
    /// first row) and those reaching strictly further out than every point after them (records counted from the last
    /// row). The first kind are found in one pass forward; the last of them is the first point at the side's farthest
    /// reach (f). Of the second kind, none lies before f (f itself, after it, reaches at least as far as any point
    /// before it), so a pass back from the end to f finds them. Each row costs a load, a comparison and a maximum in one
    /// pass, where the chain took a cross product and often a pop for every point (a frame's large components have
    /// outlines of hundreds of rows, most of them no vertex).
    ///
    /// Without a branch on the test: whether a ragged side's next point is a record is a coin toss, and a branch on it
    /// mispredicted 10–25 thousand times a frame. Every point's index is written where the next record's goes and
    /// counted only when it is a record, so the last record's index is the last one counted. The indices go back to the
    /// caller, which pushes them in its own loop (handing each to a closure that pushes made the chain's count a
    /// captured variable, boxed and checked for exclusive access at every push).
    ///
    /// `limit` is at least every point's reach (x times `outward`), the first and last rows' included: once a pass has
    /// met a point reaching it, no point after reaches strictly further, so the pass stops there, with the records it
    /// would have had (the forward pass at f, the backward one at the last point of farthest reach). A component's
    /// sides are often flat where they reach farthest, and each pass ran on over the rest of the side.
    @inline(__always)
    static func sweepPoints(_ p: UnsafeBufferPointer<Point>, first: Int, last: Int, step: Int, outward: Double, limit: Double,
                            into kept: UnsafeMutablePointer<Int32>, room: Int) -> (front: Int, back: Int) {
        // No middle rows: nothing kept.
        guard step > 0 ? first <= last : first >= last else { return (0, 0) }
        let middle = (last &- first) / step &+ 1
        var reach = outward * p[first &- step].x
        var front = 0
        var i = first
        // `front` is at most the points seen before this one, fewer than `room`.
        for _ in 0..<middle {
            guard reach < limit else { break }
            let x = outward * p[i].x
            kept[front] = Int32(truncatingIfNeeded: i)
            front &+= x > reach ? 1 : 0
            reach = x > reach ? x : reach
            i &+= step
        }
        // Back from the last row's point to just after f (the first row's point when no middle point was a record: every
        // point lies after it). Written below the records so far: the slot lies above the first pass's records, since
        // those and the points of this pass number at most the middle rows.
        let after = front > 0 ? (Int(kept[front &- 1]) &- first) / step &+ 1 : 0
        reach = outward * p[last &+ step].x
        var back = 0
        i = last
        for _ in after..<middle {
            guard reach < limit else { break }
            let x = outward * p[i].x
            kept[room &- back &- 1] = Int32(truncatingIfNeeded: i)
            back &+= x > reach ? 1 : 0
            reach = x > reach ? x : reach
            i &-= step
        }
        return (front, back)
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
        hull.withUnsafeBufferPointer { points in
            for i in 0..<hull.count {
                let a = hull[i], b = hull[(i + 1) % hull.count]
                let len = a.distance(to: b)
                guard len > 1e-9 else { continue }
                let u = (b - a) * (1 / len), v = Point(-u.y, u.x)
                var minU = Double.infinity, maxU = -Double.infinity, minV = Double.infinity, maxV = -Double.infinity
                // The extents only widen as points are added, and the area of the points so far, made as the whole hull's is,
                // with them (a difference and a product of rounded doubles grow with their terms): once it reaches the best
                // area, this side's rectangle cannot be better, and its other points are not read. Tested every eight
                // points: most sides' rectangles pass the best one within the first half of the hull.
                var start = 0
                var beaten = false
                while start < hull.count {
                    let end = Swift.min(start &+ 8, hull.count)
                    for k in start..<end {
                        let d = points[k] - a
                        let pu = d.x * u.x + d.y * u.y, pv = d.x * v.x + d.y * v.y
                        minU = min(minU, pu); maxU = max(maxU, pu); minV = min(minV, pv); maxV = max(maxV, pv)
                    }
                    start = end
                    if let best, (maxU - minU) * (maxV - minV) >= best.area { beaten = true; break }
                }
                guard !beaten else { continue }
                let area = (maxU - minU) * (maxV - minV)
                if best == nil || area < best!.area { best = (area, a, u, v, minU, maxU, minV, maxV) }
            }
        }
        guard let best else { return nil }
        let (a, u, v) = (best.a, best.u, best.v)
        // The corners made in the array returned, the same sums in the same order: an array of the four extents' pairs
        // mapped to them was a second array made and freed per candidate (`falsepositives-1/01`, every symbology:
        // 75.225 -> 75.176 M instructions).
        return [a + u * best.minU + v * best.minV, a + u * best.maxU + v * best.minV, a + u * best.maxU + v * best.maxV,
                a + u * best.minU + v * best.maxV]
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
        guard hull.count >= 4, corners.count == 4 else { return nil }
        return largestQuadrilateral(hull, startingAt: SIMD4(nearestIndex(hull, to: corners[0])!, nearestIndex(hull, to: corners[1])!,
                                                            nearestIndex(hull, to: corners[2])!, nearestIndex(hull, to: corners[3])!))
    }

    /// `largestQuadrilateral(hull, startingFrom: corners)` given the vertices nearest `corners` (`nearestIndex`), for a
    /// caller that has them already (the Data Matrix detector snaps a candidate's rectangle to them first).
    static func largestQuadrilateral(_ hull: [Point], startingAt nearest: SIMD4<Int>) -> [Point]? {
        guard let index = largestQuadrilateralVertices(hull, startingAt: nearest) else { return nil }
        return [hull[index[0]], hull[index[1]], hull[index[2]], hull[index[3]]]
    }

    /// The indices in `hull` of `largestQuadrilateral(hull, startingAt: nearest)`'s corners, in its order: the Data
    /// Matrix detector takes the vertices from the hull itself, without the array of four made and freed for each
    /// candidate (about 330 a decode of a 640×480 frame without a code).
    static func largestQuadrilateralVertices(_ hull: [Point], startingAt nearest: SIMD4<Int>) -> SIMD4<Int>? {
        let n = hull.count
        guard n >= 4 else { return nil }
        var index = nearest
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
        return index
    }
}
