import Foundation

/// A Data Matrix symbol's four corners from straight lines fitted to its four outer borders.
///
/// A perspective map keeps lines straight: the L's two arms are solid dark edges, and the two timing sides, though
/// dashed, have their dark modules' outer edges on one line each. Each border is traced outward from the L, point by
/// point along the line fitted so far (so the trace follows a keystone's converging sides, which a search around the
/// parallelogram's corner misses by modules), and the corners are where the lines meet: the free corner, whose module is
/// light, lies where the two timing lines cross. Unlike the L arms' thinning (`DataMatrixLPerspective`) this needs no
/// module widths, so neither runs of two modules nor coarse modules bias it.
struct DataMatrixBorderLines {
    /// top-left (the L's end `a`), top-right (free), bottom-right (the L's end `b`), bottom-left (the L's corner `c`).
    var topLeft, topRight, bottomRight, bottomLeft: Point

    /// A border line: the points `origin + along·s + normal·(offset + slope·s)`, `normal` pointing into the symbol.
    struct Line {
        var origin: Point
        var along: Point
        var normal: Point
        var offset = 0.0
        var slope = 0.0
        /// How far along the trace found its last point, and how many separate stretches of points it found (a timing
        /// side's dark modules, or 1 on a solid arm).
        var reach = 0.0
        var stretches = 0

        func point(_ s: Double) -> Point { origin + along * s + normal * (offset + slope * s) }

        /// Where this line meets `other`, or nil when they are nearly parallel.
        func intersection(_ other: Line) -> Point? {
            let p = point(0), r = point(1) - p
            let q = other.point(0), t = other.point(1) - q
            let den = r.x * t.y - r.y * t.x
            guard abs(den) > 1e-6 * max(1, (r.x * r.x + r.y * r.y) * (t.x * t.x + t.y * t.y)).squareRoot() else { return nil }
            let u = ((q.x - p.x) * t.y - (q.y - p.y) * t.x) / den
            return p + r * u
        }
    }
}

extension DataMatrixBorderLines {
    /// The L's two arms, traced from its corner `c` outward: solid edges that run to the L's ends `a` and `b`, its modules
    /// `module` pixels at `c`. Nil when an arm breaks or stops short: most blobs taken for an L are given up here, before
    /// the timing sides.
    struct Arms {
        /// The arm from `c` to `a`, and the one from `c` to `b`.
        var left, bottom: Line
    }

    static func arms(_ bits: BitMatrix, a: Point, b: Point, c: Point, module: Double) -> Arms? {
        let ca = a - c, cb = b - c
        guard let left = trace(bits, from: c, toward: ca, inside: cb, module: module, dashed: false),
              let bottom = trace(bits, from: c, toward: cb, inside: ca, module: module, dashed: false),
              left.stretches <= 2, bottom.stretches <= 2, left.reach >= length(ca) - module * 2, bottom.reach >= length(cb) - module * 2
        else { return nil }
        return Arms(left: left, bottom: bottom)
    }

    static func length(_ p: Point) -> Double { (p.x * p.x + p.y * p.y).squareRoot() }

    /// The corners of the symbol whose L has corner `c`, ends `a` and `b` and the traced `arms`, its modules `module`
    /// pixels at `c`; `guess` is the quad's fourth corner (a hull vertex, often on the top timing side). Nil when a
    /// timing side shows too few points.
    init?(_ bits: BitMatrix, arms: Arms, a: Point, b: Point, c: Point, guess: Point, module: Double) {
        let ca = a - c, cb = b - c
        let length = Self.length
        // The timing sides, from the L's ends: the top one first towards the quad's fourth corner where that lies near the
        // bottom arm's direction (the hull often reaches along the top side), the right one along the left arm.
        let towardGuess = guess - a
        let cosine = (towardGuess.x * cb.x + towardGuess.y * cb.y) / max(1e-9, length(towardGuess) * length(cb))
        let alongGuess = length(towardGuess) >= module * 4 && cosine > 0.8
        let (left, bottom) = (arms.left, arms.bottom)
        guard let top = Self.trace(bits, from: a, toward: alongGuess ? towardGuess : cb, inside: c - a, module: module, dashed: true,
                                   roughDirection: !alongGuess),
              let right = Self.trace(bits, from: b, toward: ca, inside: c - b, module: module, dashed: true),
              let topLeft = left.intersection(top), let topRight = top.intersection(right),
              let bottomRight = right.intersection(bottom), let bottomLeft = bottom.intersection(left) else { return nil }
        (self.topLeft, self.topRight, self.bottomRight, self.bottomLeft) = (topLeft, topRight, bottomRight, bottomLeft)
    }

    /// The border line from `start` along `direction`, the symbol on the side of `inside`: fitted to the points where
    /// light turns dark, scanned across the line from outside, at stations a fraction of `module` apart. A dashed border
    /// (a timing side) has points only on its dark modules: a station whose first dark lies deeper (a light timing
    /// module, the data beyond it) adds none. The trace ends after two modules without a point (an arm's, after one
    /// short of its end: then there is none). `roughDirection` says that `direction` may be degrees off the border.
    static func trace(_ bits: BitMatrix, from start: Point, toward direction: Point, inside: Point, module: Double,
                      dashed: Bool, roughDirection: Bool = false) -> Line? {
        let len = max(1e-9, (direction.x * direction.x + direction.y * direction.y).squareRoot())
        let along = direction * (1 / len)
        var normal = Point(-along.y, along.x)
        if normal.x * inside.x + normal.y * inside.y < 0 { normal = normal * -1 }
        var line = Line(origin: start, along: along, normal: normal)
        // The window and the nearness are a pixel or two at least: the binarized edge wobbles by a pixel, whatever the module.
        // A quarter of the L's module finds every dark module of a timing side whose far modules are half as large; an arm
        // is solid, and half a module apart finds its breaks.
        let step = dashed ? module / 4 : module / 2, window = max(module * 0.75, 2), near = max(module * 0.35, 1)
        var points: [(s: Double, o: Double)] = []
        var last = 0.0, s = step / 2, nextFit = 3
        // A slope fitted over a module or two is the pixels' rounding: until the points span this much only the offset
        // moves. A side traced from a direction that may be far off is sloped from its first dark module on: a keystone
        // turns the top side against the bottom arm it starts along by 15° or more, enough to lose the next dark module
        // two modules on.
        let minimumSpan = roughDirection ? max(module * 0.75, 6) : max(module * 2, 8)
        let farthest = len * 2 + module * 4
        while s - last <= module * 2, s <= farthest {
            // A solid arm broken for a module before its end is no symbol's (most blobs taken for an L end here).
            if !dashed, s - last > module, s < len - module * 2 { return nil }
            let predicted = line.offset + line.slope * s
            let base = start + along * s
            // From outside the predicted line inwards: the first dark after light.
            var o = predicted - window
            var sawLight = false, found: Double?
            while o <= predicted + window {
                let p = base + normal * o
                let dark = bits[Int(p.x), Int(p.y)]
                if !dark { sawLight = true } else if sawLight { found = o; break }
                o += 0.5
            }
            if let found, found <= predicted + near {
                if points.isEmpty || s - last > step * 1.5 { line.stretches += 1 }
                points.append((s, found))
                last = s
                // Refitted as the points grow by a third (3, 4, 5, 6, 8, 10, 13, …): a refit at every point made a long arm's
                // trace quadratic, and the slope from more points moves the prediction less and less.
                if points.count >= nextFit {
                    fit(&line, points, tolerance: dashed ? near : module, slopeFrom: minimumSpan)
                    nextFit = max(nextFit + 1, nextFit * 4 / 3)
                }
            }
            s += step
        }
        guard points.count >= 8 else { return nil }
        fit(&line, points, tolerance: near, slopeFrom: minimumSpan)
        line.reach = last
        return line
    }

    /// The least-squares line through `points`, refitted twice without those deeper than `tolerance` past it (on a
    /// dashed border the data beyond a light module).
    static func fit(_ line: inout Line, _ points: [(s: Double, o: Double)], tolerance: Double, slopeFrom minimumSpan: Double) {
        guard let first = points.first, let last = points.last else { return }
        let sloped = last.s - first.s >= minimumSpan
        var current = line
        for round in 0..<3 {
            var n = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0
            for (s, o) in points where round == 0 || o - (current.offset + current.slope * s) <= tolerance {
                n += 1; sx += s; sy += o; sxx += s * s; sxy += s * o
            }
            guard n >= 2 else { return }
            if sloped {
                let det = n * sxx - sx * sx
                guard det > 1e-9 else { return }
                current.slope = (n * sxy - sx * sy) / det
            }
            current.offset = (sy - current.slope * sx) / n
        }
        line = current
    }
}

extension DataMatrixBorderLines {
    /// The map from the unit square (top-left at the origin, y down) onto the corners.
    var unitTransform: PerspectiveTransform? {
        PerspectiveTransform(rectangleWidth: 1, height: 1, to: [topLeft, topRight, bottomRight, bottomLeft])
    }

    /// The timing sides' module counts (columns, rows): dark runs along each, half a module inside its border, where
    /// half a module is taken from `module` (the L's thickness at its corner) through the map, so it shrinks with the
    /// far modules; nil without the map.
    func counts(_ bits: BitMatrix, module: Double) -> (columns: Int, rows: Int)? {
        guard let map = unitTransform else { return nil }
        let probe = 1e-3
        let corner = map.apply(Point(0, 1))
        let perU = map.apply(Point(probe, 1)).distance(to: corner) / probe
        let perV = map.apply(Point(0, 1 - probe)).distance(to: corner) / probe
        guard perU > 0, perV > 0 else { return nil }
        let halfU = module * 0.5 / perU, halfV = module * 0.5 / perV
        func runs(_ from: Point, _ to: Point) -> Int {
            let steps = max(8, Int(map.apply(from).distance(to: map.apply(to)) * 2))
            var runs = 0, dark = false
            for k in 0...steps {
                let p = map.apply(from + (to - from) * (Double(k) / Double(steps)))
                let v = bits[Int(p.x), Int(p.y)]
                if v && !dark { runs += 1 }
                dark = v
            }
            return runs
        }
        return (2 * runs(Point(0, halfV), Point(1, halfV)), 2 * runs(Point(1 - halfU, 0), Point(1 - halfU, 1)))
    }
}

extension DataMatrixBorderLines {
    /// The corners from the L's two traced arms and each timing side swung about the end of the arm it starts from: the
    /// line through that end (moved by up to a pixel across) along which the most stations show light just outside and
    /// dark just inside. A timing side's dark modules' outer edges lie on one line, and the quiet zone beyond it is light:
    /// the line that touches them is the one edge that runs along all of them. Unlike the point-by-point trace this needs
    /// no start on the side itself nor a direction near it: the quad's corner at an arm's end can lie a module or more
    /// off (the hull ends where blur or a keystone's far modules end it), and the top side can turn 15° or more against
    /// the bottom arm, where a trace loses the next dark module or follows the data.
    ///
    /// `searches` keeps the swung sides for the candidate's mirrored look.
    init?(swinging bits: BitMatrix, arms: Arms, c: Point, module: Double, searches: DataMatrixCornerSearches?) {
        let (left, bottom) = (arms.left, arms.bottom)
        // The arms' far ends, where their traces found their last points.
        let topEnd = left.point(left.reach), rightEnd = bottom.point(bottom.reach)
        func swing(pivot: Point, base: Point, reach: Double) -> Line? {
            guard let searches else { return Self.swing(bits, pivot: pivot, base: base, inside: c - pivot, reach: reach, module: module) }
            return searches.swing(bits, pivot: pivot, base: base, inside: c - pivot, reach: reach, module: module)
        }
        guard let top = swing(pivot: topEnd, base: bottom.point(1) - bottom.point(0), reach: bottom.reach),
              let right = swing(pivot: rightEnd, base: left.point(1) - left.point(0), reach: left.reach),
              let topLeft = left.intersection(top), let topRight = top.intersection(right),
              let bottomRight = right.intersection(bottom), let bottomLeft = bottom.intersection(left) else { return nil }
        (self.topLeft, self.topRight, self.bottomRight, self.bottomLeft) = (topLeft, topRight, bottomRight, bottomLeft)
    }

    /// How far a timing side is looked for from the arm it starts along: a keystone whose far edge is 70 % as tall turns
    /// the top side about 13° against the bottom arm.
    static let swingDegrees = 25

    /// The line through `pivot` (moved up to a pixel across) within `swingDegrees` of `base` along which the most stations, half a
    /// pixel apart over `reach`, are light just outside and dark just inside; nil when under a quarter of them are.
    /// `givingUp` false counts every line to its end (the same line: `DataMatrixBorderLinesTests`).
    ///
    /// Kept out of line: inlined into the candidate's kept searches (`DataMatrixCornerSearches.swing`), it left the
    /// reader unable to keep those searches on the stack, one allocation a candidate (a frame without a symbol cost 0.1 M
    /// more instructions).
    @inline(never)
    static func swing(_ bits: BitMatrix, pivot: Point, base: Point, inside: Point, reach: Double, module: Double,
                      givingUp: Bool = true) -> Line? {
        let u = base * (1 / max(1e-9, length(base)))
        let outside = max(1, module * 0.3), depth = max(1, module * 0.4)
        // From a module past the pivot: the corner's own module is the arm's.
        let first = Int(module * 2), stations = Int(reach * 2)
        guard stations - first >= 16 else { return nil }
        func line(_ angle: Double, _ shift: Double) -> Line {
            let along = Point(u.x * cos(angle) - u.y * sin(angle), u.x * sin(angle) + u.y * cos(angle))
            var normal = Point(-along.y, along.x)
            if normal.x * inside.x + normal.y * inside.y < 0 { normal = normal * -1 }
            return Line(origin: pivot, along: along, normal: normal, offset: shift)
        }
        func edges(_ l: Line, every: Int, needed: Int) -> Int {
            Self.edges(bits, on: l, stations: first..<stations, every: every, outside: outside, depth: depth, needed: needed,
                       givingUp: givingUp)
        }
        // Coarse, at every other station (a pixel apart), whole degrees and whole pixels across; then around the best at
        // every station, quarter degrees and half pixels. (Every fourth station, 2 px apart, lost reads: its coarse best
        // could lie more than the fine search's ¾° from the edge.)
        var coarse: (n: Int, angle: Double, shift: Double)?
        let degree = Double.pi / 180
        for step in stride(from: -Self.swingDegrees, through: Self.swingDegrees, by: 1) {
            for shift in [-1.0, 0, 1] {
                let n = edges(line(Double(step) * degree, shift), every: 2, needed: coarse.map { $0.n + 1 } ?? 0)
                if coarse == nil || n > coarse!.n { coarse = (n, Double(step) * degree, shift) }
            }
        }
        guard let coarse else { return nil }
        var found: (n: Int, angle: Double, shift: Double) = (-1, 0, 0)
        for fine in stride(from: -0.75, through: 0.75, by: 0.25) {
            for shift in [-0.5, 0, 0.5] {
                let angle = coarse.angle + fine * degree, offset = coarse.shift + shift
                let n = edges(line(angle, offset), every: 1, needed: found.n + 1)
                if n > found.n { found = (n, angle, offset) }
            }
        }
        guard found.n * 4 >= stations - first else { return nil }
        return line(found.angle, found.shift)
    }

    /// The stations `k` of `stations` (every `every`-th from its first), at `l.point(k / 2)`, that show the edge: light
    /// `outside` pixels outside the line and dark `depth` pixels inside it. With `givingUp`, fewer than `needed` once
    /// that is out of reach (the stations left cannot make it up), as the swing's searches keep a line only where it
    /// shows more than the best so far: most lines swung away from the side miss at once, and were counted to the end.
    ///
    /// The swing counts 150 lines or more a side, and its stations were four fifths of a keystone's Data Matrix misses'
    /// swings: two cells a station, each behind `Int(_:)`'s range tests and the subscript's bounds tests (a hundred
    /// instructions a station). On a line without slope (every line the swing makes) each coordinate of the two cells
    /// is a chain of roundings that never decrease as the station moves on (or never increase): `origin + along·s`,
    /// then the normal's constant multiple added, then the cell's offset; so every cell lies between the first
    /// station's and the last's. When those are inside the matrix, all are, and the cells are read at the whole parts
    /// `DataMatrixDetector.cellIndex` takes, without the tests: the same cells, so the same count. On a line that leaves
    /// the matrix (a tenth to a quarter of a small frame's lines) each cell inside is read so. `hoisting` false reads every
    /// cell through the subscript (the definition, for the tests).
    static func edges(_ bits: BitMatrix, on l: Line, stations: Range<Int>, every: Int, outside: Double, depth: Double, needed: Int,
                      givingUp: Bool = true, hoisting: Bool = true) -> Int {
        precondition(every >= 1, "every \(every)-th station")
        var n = 0
        var left = (stations.count + every - 1) / every
        // Counted to the end without giving up: no count falls short of this.
        let needed = givingUp ? needed : Int.min
        let toOutside = l.normal * outside, toInside = l.normal * depth
        // Without slope, `offset + slope·s` is `offset + 0` at every station (s is never negative): the normal's multiple
        // is the same at each.
        if hoisting, l.slope.bitPattern == 0, stations.lowerBound >= 0, let last = stations.last {
            let origin = SIMD2(l.origin.x, l.origin.y), along = SIMD2(l.along.x, l.along.y)
            let across = SIMD2(l.normal.x, l.normal.y) * (l.offset + 0)
            let out = SIMD2(toOutside.x, toOutside.y), inward = SIMD2(toInside.x, toInside.y)
            @inline(__always) func point(_ k: Int) -> SIMD2<Double> { origin + along * (Double(k) * 0.5) + across }
            let width = bits.width, height = bits.height
            let far = SIMD2(Double(width), Double(height))
            // Inside the matrix (false for a NaN).
            @inline(__always) func isInside(_ q: SIMD2<Double>) -> Bool { all(q .>= 0) && all(q .< far) }
            let p0 = point(stations.lowerBound), p1 = point(last)
            let allInside = isInside(p0 - out) && isInside(p1 - out) && isInside(p0 + inward) && isInside(p1 + inward)
            return bits.cells.withUnsafeBufferPointer { cells in
                var k = stations.lowerBound
                if allInside {
                    while k < stations.upperBound {
                        if n &+ left < needed { return n }
                        left &-= 1
                        let p = point(k)
                        if cells[DataMatrixDetector.cellIndex(p - out, width: width)] == 0,
                           cells[DataMatrixDetector.cellIndex(p + inward, width: width)] != 0 { n &+= 1 }
                        k &+= every
                    }
                    return n
                }
                // A line leaving the matrix: its stations whose two cells are inside read without the tests, the others
                // through the subscript's (light outside; `Int(_:)` truncates toward zero).
                @inline(__always) func isDark(_ q: SIMD2<Double>) -> Bool {
                    isInside(q) ? cells[DataMatrixDetector.cellIndex(q, width: width)] != 0 : bits[Int(q.x), Int(q.y)]
                }
                while k < stations.upperBound {
                    if n &+ left < needed { return n }
                    left &-= 1
                    let p = point(k)
                    if !isDark(p - out), isDark(p + inward) { n &+= 1 }
                    k &+= every
                }
                return n
            }
        }
        for k in stride(from: stations.lowerBound, to: stations.upperBound, by: every) {
            if n &+ left < needed { return n }
            left -= 1
            let s = Double(k) * 0.5
            let p = l.point(s)
            let o = p - toOutside, i = p + toInside
            if !bits[Int(o.x), Int(o.y)] && bits[Int(i.x), Int(i.y)] { n += 1 }
        }
        return n
    }
}
