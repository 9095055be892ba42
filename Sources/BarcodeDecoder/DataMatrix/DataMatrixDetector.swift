/// Locates Data Matrix symbols by their solid L-shaped finder and alternating timing edges.
///
/// Each dark component's minimum-area rectangle is a symbol candidate; the corner whose two sides are solid is the L's
/// corner, the timing edges give the size, and the free corner is refined against the timing pattern for perspective.
enum DataMatrixDetector {
    struct Located {
        var grid: BitMatrix
        var transform: PerspectiveTransform
        var size: DataMatrixSize
        /// A further grid of the uneven-module fallback (after its first), decoded as sampled only: the binary image and
        /// the nudged corners (`DataMatrixReader.decode`), 17 more samplings, are left to the first grid of a candidate's
        /// corner (with them for every further grid, a frame without a symbol cost about 1 % more instructions).
        var gridOnly = false
        /// The uneven-module fallback's attempts left after this one (`UnevenAttempts`).
        var uneven = UnevenAttempts()
    }

    /// The uneven-module fallback's attempts: the sizes the timing edges counted (best fit first, at most four), each
    /// sampled at the module centres its own timing pattern shows (`DataMatrixTimingGrid`): first each with the usual
    /// hysteresis, then each with the sturdier timing edges (`sturdy`); then the same again with the free corner where
    /// the candidate's outline has it (`outline`) instead of where the timing search put it; last, each with merged
    /// timing modules split (`merged`), at the search's corner and then the outline's. Attempt `k` is pick
    /// `k % picks` of round `k / picks` (`round(_:)`).
    ///
    /// The outline's corner: the timing search moves the free corner to where a perspective transform fits most timing
    /// modules, which for modules that are not evenly spaced is not the symbol's corner. A label round a can (its
    /// modules squeezed to half at 60° on both sides) fits best with the corner modules short of its end, or beyond the
    /// frame, and then the timing row or column read along the transform leaves the symbol; the outline's corner (the
    /// component's own, when it lies near the parallelogram's) is where the timing edges meet.
    struct UnevenAttempts {
        /// The fit's sizes, best first (shared with it, not copied).
        var fits: [(score: Double, transform: PerspectiveTransform, size: DataMatrixSize, rank: Int)] = []
        /// The indices in `fits` of the counted sizes (the first `picks` lanes): a vector, so that making the attempts
        /// allocates nothing on the many fits that read at once.
        var picked = SIMD4<Int32>()
        var picks = 0
        /// The L (top-left, bottom-left, bottom-right) and the outline's free corner; nil: no attempts at it.
        var outline: (topLeft: Point, bottomLeft: Point, bottomRight: Point, topRight: Point)?
        /// The first attempt not yet made.
        var next = 0
        /// Each pick's timing profiles (`DataMatrixTimingGrid.profilesPerTransform` a pick), made by its plain attempt
        /// and read again by its sturdy one, the search's corner's then the outline's; empty until the first attempt
        /// (one allocation for all).
        var profiles: [DataMatrixTimingGrid.Profile] = []
        var count: Int { picks * (outline == nil ? 3 : 6) }

        /// Round `r`'s corner and reading: plain and sturdy at the search's corner, the same at the outline's, then
        /// merged at each (without an outline, the search's corner only).
        func round(_ r: Int) -> (atOutline: Bool, reading: DataMatrixTimingGrid.Reading) {
            guard outline != nil else { return (false, r == 0 ? .plain : r == 1 ? .sturdy : .merged) }
            return (r == 2 || r == 3 || r == 5, r >= 4 ? .merged : r % 2 == 0 ? .plain : .sturdy)
        }

        init() {}

        /// The counted sizes among `fits` (sorted best first), at most four.
        init(_ fits: [(score: Double, transform: PerspectiveTransform, size: DataMatrixSize, rank: Int)], columns: Int, rows: Int,
             outline: (topLeft: Point, bottomLeft: Point, bottomRight: Point, topRight: Point)? = nil) {
            self.fits = fits
            self.outline = outline
            for (i, fit) in fits.enumerated() where picks < 4 && isCounted(fit.size, columns: columns, rows: rows) {
                picked[picks] = Int32(i)
                picks += 1
            }
        }

        /// The transform and size of attempt `k` (nil: an attempt at the outline's corner that is not made, that
        /// corner lying within a quarter of a module of the search's).
        func fit(_ k: Int) -> (transform: PerspectiveTransform, size: DataMatrixSize)? {
            let fit = fits[Int(picked[k % picks])]
            guard round(k / picks).atOutline else { return (fit.transform, fit.size) }
            guard let (a, c, b, d) = outline else { return nil }
            let size = fit.size
            let module = (a.distance(to: c) / Double(size.rows) + c.distance(to: b) / Double(size.columns)) / 2
            guard fit.transform.apply(Point(Double(size.columns), 0)).distance(to: d) > module / 4,
                  let t = transform(size, a, b, c, d) else { return nil }
            return (t, size)
        }

        /// The grid of attempt `k` with its transform and size, or nil when its timing edges do not alternate once per
        /// module (or the attempt is not made).
        mutating func grid(_ frame: PreparedFrame, _ k: Int) -> (grid: BitMatrix, transform: PerspectiveTransform, size: DataMatrixSize)? {
            let per = DataMatrixTimingGrid.profilesPerTransform
            if profiles.isEmpty { profiles = Array(repeating: .notMade, count: picks * per * (outline == nil ? 1 : 2)) }
            guard let (transform, size) = fit(k) else { return nil }
            let (atOutline, reading) = round(k / picks)
            guard let grid = DataMatrixTimingGrid.sample(frame, transform: transform, size: size, reading: reading,
                                                         profiles: &profiles, base: ((atOutline ? picks : 0) + k % picks) * per)
            else { return nil }
            return (grid, transform, size)
        }
    }

    /// Dark components shaped like a symbol (neither a thin line nor a solid blob), in raster order; each is made a
    /// candidate by `candidate(_:)` only when the reader gets to it (most of a symbol's own components are skipped).
    ///
    /// The shape is tested inside the search (`DarkComponents.find`'s `keeping`), on each component's box and area, so
    /// the outlines of lines and blobs are never made; they still count towards the search's cap, as when the
    /// components were filtered after it.
    static func components(_ frame: PreparedFrame, effort: Int) -> [DarkComponent] {
        let minimumSide = effort >= 3 ? 8 : 12
        return DarkComponents.find(frame.binary, minimumSide: minimumSide, keeping: isShapedLikeASymbol)
    }

    /// Neither a thin line (an area under 1.2 times its box's half-perimeter) nor a solid blob (0.85 of its box or more).
    static func isShapedLikeASymbol(_ c: DarkComponent) -> Bool {
        let w = Double(c.maxX - c.minX + 1), h = Double(c.maxY - c.minY + 1)
        return Double(c.area) > (w + h) * 1.2 && Double(c.area) < w * h * 0.85
    }

    /// A component's convex hull and minimum-area rectangle, where the reader looks for a symbol.
    struct Candidate {
        var hull: [Point]
        var rect: [Point]

        /// The mean of the hull's vertices and the rectangle's corners (those that are numbers), summed in that order.
        var meanPoint: Point {
            var sum = Point(0, 0), count = 0
            for p in hull where !p.x.isNaN { sum = sum + p; count += 1 }
            for p in rect where !p.x.isNaN { sum = sum + p; count += 1 }
            return sum * (1 / Double(max(1, count)))
        }
    }

    /// The component's convex hull and minimum-area rectangle (nil without one).
    static func candidate(_ c: DarkComponent) -> Candidate? {
        // The outline's points lie within the box's columns, at their centres: its bounds let the hull's sweeps stop early.
        let hull = ConvexHull.hull(rowOrdered: c.outline, least: Double(c.minX) + 0.5, most: Double(c.maxX) + 0.5)
        guard let rect = ConvexHull.minimumRectangle(hull) else { return nil }
        return Candidate(hull: hull, rect: rect)
    }

    /// How a side of a candidate reads at one depth: 19 cells along it, sampled `inset` pixels towards the centre.
    enum SideReading: UInt8 {
        /// At least 0.85 of the cells dark (17 or more): a solid side of the L.
        case solid = 1
        /// Under 0.8 of them dark (15 or fewer): a side that is no part of the L.
        case open
        /// Exactly 16 dark: neither.
        case neither
    }

    /// How the side from `a` to `b` reads `inset` pixels towards `center` (19 cells, at twentieths of the side).
    ///
    /// Only the two thresholds matter, so the count stops once four cells are light: the side is open then, whatever
    /// the rest holds. On a frame without a symbol most sides are given up after a few cells.
    static func sideReading(_ bits: BitMatrix, _ a: Point, _ b: Point, center: Point, inset: Double) -> SideReading {
        let mid = (a + b) * 0.5
        let toward = center - mid
        let len = max(1e-9, (toward.x * toward.x + toward.y * toward.y).squareRoot())
        let shift = toward * (inset / len)
        // Each coordinate of the cells, (a + (b − a)·k/20) + shift, is a chain of roundings that never decrease as k grows
        // (or never increase), so every cell lies between the first and the last: when both are inside the matrix all
        // are, and the cells are read without the subscript's bounds tests (a side reading was two thirds tests and
        // index arithmetic; most sides of most candidates lie inside the frame).
        let first = a + (b - a) * (Double(1) / 20) + shift, last = a + (b - a) * (Double(19) / 20) + shift
        let width = bits.width, height = bits.height
        if min(first.x, last.x) >= 0, min(first.y, last.y) >= 0, max(first.x, last.x) < Double(width), max(first.y, last.y) < Double(height) {
            // The cells are read four at a time, without a branch on each (a count of 0 or 1 added), and the count is
            // looked at after each four: the side is open as soon as it holds four light cells, and a count that
            // reached four within a group still does after it (cells only add), so the early returns give what the
            // full count's classes give. A branch on every cell was mispredicted about as often as not, and each cell
            // waited for the one before (its load, then the test, then the next): a third of this function's time
            // on a frame without a symbol. Unrolled, the twentieths are constants and no longer a division a cell.
            return bits.cells.withUnsafeBufferPointer { cells in
                // Every cell lies between the first and the last, both inside the matrix (above): all reads are within
                // its width × height cells.
                let base = cells.baseAddress!
                @inline(__always) func isLight(_ k: Int) -> Int {
                    let p = a + (b - a) * (Double(k) / 20) + shift
                    // The cell at the whole parts without `Int(_:)`'s range tests (a dozen instructions a cell).
                    return base[Self.cellIndex(SIMD2(p.x, p.y), width: width)] == 0 ? 1 : 0
                }
                var light = isLight(1) &+ isLight(2) &+ isLight(3) &+ isLight(4)
                if light >= 4 { return .open }
                light &+= isLight(5) &+ isLight(6) &+ isLight(7) &+ isLight(8)
                if light >= 4 { return .open }
                light &+= isLight(9) &+ isLight(10) &+ isLight(11) &+ isLight(12)
                if light >= 4 { return .open }
                light &+= isLight(13) &+ isLight(14) &+ isLight(15) &+ isLight(16)
                if light >= 4 { return .open }
                light &+= isLight(17) &+ isLight(18) &+ isLight(19)
                return light >= 4 ? .open : light <= 2 ? .solid : .neither
            }
        }
        var light = 0
        for k in 1..<20 {
            let p = a + (b - a) * (Double(k) / 20) + shift
            if !bits[Int(p.x), Int(p.y)] {
                light += 1
                if light == 4 { return .open }
            }
        }
        return light <= 2 ? .solid : .neither
    }

    /// Symbols located in a candidate, each handed to `visit` as soon as it is fitted; `visit` returns true to stop (a
    /// symbol read), so the quads and corners after the one that read are never fitted. `visit` is given the frame so
    /// that it need not capture it: a closure holding a copy of the frame was rebuilt, the copy with it, for each quad it
    /// was passed on to (6 copies a candidate, 5 M instructions of a no-code frame's 110 M in this reader). `mirrored`
    /// reads the symbol as seen from behind (the L turns the other way). `sawL` tells whether any corner of the candidate
    /// had two solid sides (when none had, a mirrored look finds none either: mirroring only turns the L found).
    /// `searches` keeps the square sizes' free-corner searches of one candidate for its other look (see
    /// `DataMatrixCornerSearches`).
    static func locate(_ frame: borrowing PreparedFrame, candidate: Candidate, mirrored: Bool = false, sawL: inout Bool,
                       searches: DataMatrixCornerSearches? = nil, visit: (borrowing PreparedFrame, Located) -> Bool) {
        // The mirrored look after a first look that read nothing: the first look's quads with an L, in their order. The
        // quads do not depend on the look, nor does whether a quad shows an L (mirroring only turns the L found), so
        // the others would show none again: their side readings, and the hull searches that made the quads, are not
        // made twice.
        let hull = candidate.hull, rect = candidate.rect
        let center = rect.reduce(Point(0, 0), +) * 0.25
        if mirrored, let quadsWithL = searches?.quadsWithL {
            for quad in quadsWithL {
                if locate(frame, quad: quad, center: center, mirrored: true, sawL: &sawL, searches: searches, visit: visit) { return }
            }
            return
        }
        // The quads looked at that showed an L, kept for the mirrored look when this one reads nothing.
        var quadsWithL: [Quad] = []
        @inline(__always) func look(_ quad: Quad) -> Bool {
            var quadSawL = false
            let read = locate(frame, quad: quad, center: center, mirrored: mirrored, sawL: &quadSawL, searches: searches, visit: visit)
            if quadSawL {
                sawL = true
                quadsWithL.append(quad)
            }
            return read
        }
        defer { if !mirrored { searches?.quadsWithL = quadsWithL } }
        // The rectangle fits a rotated symbol; its corners snapped to the hull fit a tilted one.
        let raw = Quad(rect) { $0 + ($0 - center) * (0.5 / max(1, $0.distance(to: center))) }
        if look(raw) { return }
        // The hull vertices nearest the rectangle's corners, found once: the snapped quad and the spanning search both
        // start from them (each looked for them over the whole hull, a square root a vertex).
        let nearest = (ConvexHull.nearestIndex(hull, to: rect[0]), ConvexHull.nearestIndex(hull, to: rect[1]),
                       ConvexHull.nearestIndex(hull, to: rect[2]), ConvexHull.nearestIndex(hull, to: rect[3]))
        @inline(__always) func snap(_ index: Int?, _ corner: Point) -> Point {
            let nearest = index.map { hull[$0] } ?? corner
            return nearest + (nearest - center) * (0.7 / max(1, nearest.distance(to: center)))
        }
        let snapped = Quad(snap(nearest.0, rect[0]), snap(nearest.1, rect[1]), snap(nearest.2, rect[2]), snap(nearest.3, rect[3]))
        if look(snapped) { return }
        // A symbol in strong perspective is no rectangle: its corners are the hull vertices that span the most area. They
        // are looked at whenever the quads before read nothing, a fit there or not: a sheared symbol's rectangle can put a
        // corner on a bump of its arm, short of the arm's end, and a smaller size fit that L's timing edges well enough
        // to count (`dm-f` faint, brighter or cropped: 14×14 at 0.86 there, where the spanning vertices read 26×26).
        if let n0 = nearest.0, let n1 = nearest.1, let n2 = nearest.2, let n3 = nearest.3,
           let spanning = ConvexHull.largestQuadrilateralVertices(hull, startingAt: SIMD4(n0, n1, n2, n3)) {
            @inline(__always) func pushed(_ k: Int) -> Point {
                let p = hull[spanning[k]]
                return p + (p - center) * (0.7 / max(1, p.distance(to: center)))
            }
            let quad = Quad(pushed(0), pushed(1), pushed(2), pushed(3))
            if (0..<4).contains(where: { quad[$0].distance(to: snapped[$0]) > 1 }) {
                _ = look(quad)
            }
        }
    }

    /// Four corners in order, held in a vector: a candidate's quads (the rectangle's corners pushed out, snapped to the
    /// hull, the spanning vertices) were each an array allocated and freed, three allocations a candidate and a fifth
    /// of `locate`'s own instructions on a frame without a symbol.
    struct Quad {
        /// x and y of corner k at 2k and 2k + 1.
        var xy: SIMD8<Double>

        /// The four `corners` (exactly four), each moved by `transform`.
        @inline(__always)
        init(_ corners: [Point], _ transform: (Point) -> Point) {
            precondition(corners.count == 4, "a quad of \(corners.count) corners")
            self.init(transform(corners[0]), transform(corners[1]), transform(corners[2]), transform(corners[3]))
        }

        @inline(__always)
        init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
            xy = SIMD8(p0.x, p0.y, p1.x, p1.y, p2.x, p2.y, p3.x, p3.y)
        }

        /// Corner `k`, 0 to 3.
        @inline(__always)
        subscript(_ k: Int) -> Point { Point(xy[2 &* k], xy[2 &* k &+ 1]) }
    }

    /// The symbols fitted at the corners of `rect` that show an L, handed to `visit` in corner order; true once `visit`
    /// returned true.
    static func locate(_ frame: borrowing PreparedFrame, quad rect: Quad, center: Point, mirrored: Bool, sawL: inout Bool,
                       searches: DataMatrixCornerSearches?, visit: (borrowing PreparedFrame, Located) -> Bool) -> Bool {
        let bits = frame.binary
        let short = min(rect[0].distance(to: rect[1]), rect[1].distance(to: rect[2]))
        guard short >= 8 else { return false }
        // The depths the sides are read at: those up to a fourteenth of the short side (at least the first).
        let insets = SIMD8<Double>(1, 2, 3, 4.5, 6.5, 9, 13, 0)
        let limit = max(1, short / 14)
        var depths = 0
        while depths < 7 && insets[depths] <= limit { depths += 1 }
        // Side k runs from corner k to corner k + 1; each corner's L tests the four sides at a few depths, and a side is
        // read the same way (same ends, same direction, same depth) for every corner that tests it: each reading is
        // made once and kept (0 = not read yet). The readings are a vector on the stack, not a temporary allocation's
        // closure: that closure took a copy of the frame (its image, binary image and shared buffers retained and
        // released) each call, 8 M of a no-code frame's 52 M.
        var readings = SIMD32<UInt8>()
        func side(_ k: Int, _ depth: Int) -> SideReading {
            let slot = k * depths + depth
            if let known = SideReading(rawValue: readings[slot]) { return known }
            let reading = sideReading(bits, rect[k], rect[(k + 1) % 4], center: center, inset: insets[depth])
            readings[slot] = reading.rawValue
            return reading
        }
        // A corner's L has both its sides solid at some depth. Side 0 is a side of corners 0 and 1, side 2 of corners 2
        // and 3: where neither is solid at any depth, no corner has an L, and sides 1 and 3 are not read at all (most
        // quads of a frame without a symbol: half their readings). The readings are kept, so the corners below read
        // these again for nothing, and the corners read no more than they did: each of sides 0 and 2 is read here up to
        // its first solid depth, which its corners read it to as well.
        func isSolidAtSomeDepth(_ k: Int) -> Bool {
            for depth in 0..<depths where side(k, depth) == .solid { return true }
            return false
        }
        guard isSolidAtSomeDepth(0) || isSolidAtSomeDepth(2) else { return false }
        // A side a twentieth as long as the longest, or shorter, is no side of a symbol: the spanning vertices of a keystone
        // whose far timing modules do not touch the rest put two corners beside each other at the L's far end, and the
        // stub between them, read across the arm, is as solid as the arm.
        let longest = max(max(rect[0].distance(to: rect[1]), rect[1].distance(to: rect[2])),
                          max(rect[2].distance(to: rect[3]), rect[3].distance(to: rect[0])))
        func isStub(_ k: Int) -> Bool { rect[k % 4].distance(to: rect[(k + 1) % 4]) * 20 <= longest }
        for i in 0..<4 {
            let prev = rect[(i + 3) % 4], corner = rect[i], next = rect[(i + 1) % 4], opposite = rect[(i + 2) % 4]
            // The depth at which each side of the L is solid: the same for both where possible, else each its own
            // (one side bowed by a curved label, or the L cut at an angle by the image border).
            var solid: (Int, Int)?
            var first: Int?, second: Int?
            for depth in 0..<depths {
                let s1 = side((i + 3) % 4, depth) == .solid, s2 = side(i, depth) == .solid
                if s1, s2 { solid = (depth, depth); break }
                if s1, first == nil { first = depth }
                if s2, second == nil { second = depth }
            }
            if solid == nil, let first, let second { solid = (first, second) }
            guard let (depth1, depth2) = solid else { continue }
            guard side((i + 1) % 4, depth1) == .open || isStub(i + 1), side((i + 2) % 4, depth2) == .open || isStub(i + 2) else { continue }
            sawL = true
            // Symbol orientation: the L corner is bottom-left; bottom-right and top-left must turn the right way.
            var (topLeft, bottomRight) = (prev, next)
            let cross = (bottomRight.x - corner.x) * (topLeft.y - corner.y) - (bottomRight.y - corner.y) * (topLeft.x - corner.x)
            if (cross > 0) != mirrored { swap(&topLeft, &bottomRight) }
            // The L's thickness, measured by the fit and kept for the perspective's fit below.
            var measured = (thickness: 0.0, counted: 0)
            if let located = fit(frame, topLeft: topLeft, bottomLeft: corner, bottomRight: bottomRight, topRight: opposite, searches: searches,
                                 measured: &measured) {
                if visit(frame, located) { return true }
                // A grid that did not decode: the uneven-module fallback's attempts left. A transform that fits the
                // timing pattern can still put the far modules off their centres (blur, a stretched label: most timing
                // modules match), or belong to a wrong size whose timing fits the first modules. These grids are
                // decoded as sampled only: the binary image and the nudged corners (`DataMatrixReader.decode`) are
                // left to the first grid, as before.
                var attempts = located.uneven
                for k in attempts.next..<attempts.count {
                    guard let attempt = attempts.grid(frame, k) else { continue }
                    if visit(frame, Located(grid: attempt.grid, transform: attempt.transform, size: attempt.size, gridOnly: true)) { return true }
                }
            }
            // A symbol in perspective: after every fit around the parallelogram's corner.
            if let located = perspectiveFit(frame, topLeft: topLeft, bottomLeft: corner, bottomRight: bottomRight, topRight: opposite,
                                                measured: measured),
               visit(frame, located) { return true }
            // Its borders fitted by lines where the thinning placed no corner that fits or decodes.
            if let located = borderFit(frame, topLeft: topLeft, bottomLeft: corner, bottomRight: bottomRight, topRight: opposite,
                                       measured: measured, searches: searches),
               visit(frame, located) { return true }
        }
        return false
    }

    /// Counts timing modules, picks the symbol size, refines the free corner and samples the grid.
    static func fit(_ frame: borrowing PreparedFrame, topLeft a: Point, bottomLeft c: Point, bottomRight b: Point, topRight guess: Point,
                    searches: DataMatrixCornerSearches? = nil, measured: inout (thickness: Double, counted: Int)) -> Located? {
        let bits = frame.binary
        let thickness = lThickness(bits, from: c, along: a, across: b)
        measured.thickness = thickness
        guard thickness >= 1 else { return nil }
        let d0 = a + b - c
        let topRight = guess.distance(to: d0) < thickness * 3 ? guess : d0
        let (fits, columns, rows, recounted) = sizeFits(frame, a: a, b: b, c: c, guess: guess, center: d0, topRight: topRight,
                                                        thickness: thickness, searches: searches)
        measured.counted = max(columns, rows)
        guard let top = fits.first else { return nil }
        var attempts = UnevenAttempts(fits, columns: columns, rows: rows, outline: (a, c, b, topRight))
        // The top fit is sampled at its transform when it scores 0.85 or more, or when the timing edges counted again
        // towards its free corner named its size (`sizeFits`; it scores three quarters or more then).
        guard top.score >= 0.85 || recounted.contains(top.size) else {
            // No transform fits the timing pattern: modules unevenly spaced. The sizes the timing edges counted are
            // sampled at the module centres their own timing pattern shows; the first that samples is the symbol, the
            // attempts after it are made when it does not decode.
            while attempts.next < attempts.count {
                let k = attempts.next
                attempts.next += 1
                if let attempt = attempts.grid(frame, k) {
                    return Located(grid: attempt.grid, transform: attempt.transform, size: attempt.size, gridOnly: k >= attempts.picks,
                                   uneven: attempts)
                }
            }
            return nil
        }
        let grid = ModuleSampler.sample(frame, transform: top.transform, width: top.size.columns, height: top.size.rows)
        return Located(grid: grid, transform: top.transform, size: top.size, uneven: attempts)
    }

    /// A symbol whose L thins along its arms (`DataMatrixLPerspective`): the free corner searched around where the
    /// arms' perspective puts it, and the timing edges counted towards it; only a fit of 0.85 or more is a symbol.
    static func perspectiveFit(_ frame: borrowing PreparedFrame, topLeft a: Point, bottomLeft c: Point, bottomRight b: Point,
                               topRight guess: Point, measured: (thickness: Double, counted: Int)) -> Located? {
        let bits = frame.binary
        let thickness = measured.thickness
        guard mayBeInPerspective(topLeft: a, bottomLeft: c, bottomRight: b, topRight: guess, measured: measured) else { return nil }
        guard let perspective = DataMatrixLPerspective(bits, a: a, b: b, c: c, thickness: thickness), perspective.isNoticeable,
              perspective.isPlausible
        else { return nil }
        let corner = perspective.freeCorner(a: a, b: b, c: c)
        let (fits, _, _, _) = sizeFits(frame, a: a, b: b, c: c, guess: guess, center: corner, topRight: corner, thickness: thickness,
                                       searches: nil)
        guard let top = fits.first, top.score >= 0.85 else { return nil }
        let grid = ModuleSampler.sample(frame, transform: top.transform, width: top.size.columns, height: top.size.rows)
        return Located(grid: grid, transform: top.transform, size: top.size)
    }

    /// Whether the L `a`–`c`–`b` is looked at for perspective: its arms `shortestArm` of its modules or longer (fewer are
    /// no symbol's, the least is 10 a side), its fit's line towards the free corner `leastCounted` or more (a symbol's
    /// texture), and the quad's fourth corner two modules or more off the parallelogram's.
    static func mayBeInPerspective(topLeft a: Point, bottomLeft c: Point, bottomRight b: Point, topRight guess: Point,
                                   measured: (thickness: Double, counted: Int)) -> Bool {
        let thickness = measured.thickness
        return thickness >= 1 && measured.counted >= leastCounted && min(a.distance(to: c), b.distance(to: c)) >= thickness * shortestArm
            && guess.distance(to: a + b - c) >= thickness * 2
    }

    /// A symbol whose four borders are straight lines (`DataMatrixBorderLines`): its corners where the lines meet, its
    /// timing sides counted through their map, the free corner searched around theirs; only a fit of 0.85 or more. Tried
    /// after the L's thinning (`perspectiveFit`), on the Ls that one looks at.
    static func borderFit(_ frame: borrowing PreparedFrame, topLeft a: Point, bottomLeft c: Point, bottomRight b: Point,
                          topRight guess: Point, measured: (thickness: Double, counted: Int), searches: DataMatrixCornerSearches?) -> Located? {
        guard mayBeInPerspective(topLeft: a, bottomLeft: c, bottomRight: b, topRight: guess, measured: measured) else { return nil }
        let bits = frame.binary, thickness = measured.thickness
        guard let arms = DataMatrixBorderLines.arms(bits, a: a, b: b, c: c, module: thickness) else { return nil }
        let traced = DataMatrixBorderLines(bits, arms: arms, a: a, b: b, c: c, guess: guess, module: thickness)
        if let traced, let located = fitted(frame, traced, thickness: thickness) { return located }
        // Where the traced timing sides gave no fit, each swung about its arm's end (`DataMatrixBorderLines(swinging:)`).
        guard let swung = DataMatrixBorderLines(swinging: bits, arms: arms, c: c, module: thickness, searches: searches) else { return nil }
        return fitted(frame, swung, thickness: thickness)
    }

    /// The symbol whose borders are `lines`: its timing sides counted through their map, sizes within two of the counts
    /// searched around their free corner; only a fit of 0.85 or more.
    static func fitted(_ frame: borrowing PreparedFrame, _ lines: DataMatrixBorderLines, thickness: Double) -> Located? {
        let bits = frame.binary
        guard let counted = lines.counts(bits, module: thickness),
              // The least side of a symbol has 8 modules (8×18), the largest 144.
              min(counted.columns, counted.rows) >= 8, max(counted.columns, counted.rows) <= 146 else { return nil }
        let (fits, _, _, _) = sizeFits(frame, a: lines.topLeft, b: lines.bottomRight, c: lines.bottomLeft, guess: lines.topRight,
                                       center: lines.topRight, topRight: lines.topRight, thickness: thickness, searches: nil, counted: counted)
        guard let top = fits.first, top.score >= 0.85 else { return nil }
        let grid = ModuleSampler.sample(frame, transform: top.transform, width: top.size.columns, height: top.size.rows)
        return Located(grid: grid, transform: top.transform, size: top.size)
    }

    static let shortestArm = 8.0
    /// A symbol's texture: the fit's line towards the free corner crossed four dark runs or more (a timing edge, or the
    /// data a keystone turns it across); the blobs of a frame without a symbol mostly show one or two.
    static let leastCounted = 8

    typealias SizeFit = (score: Double, transform: PerspectiveTransform, size: DataMatrixSize, rank: Int)

    /// The largest module a size may have, in the L's thicknesses, for the thickness to name it on a textured L (`sizeFits`).
    static let thickestModule = 1.75
    /// How much larger a size's module along one arm may be than along the other for a thickness that names it only
    /// beyond 1.35 times (`sizeFits`): large dark blobs at a frame's edge, far from square, named large square sizes.
    static let armModuleRatio = 1.25

    /// The sizes that fit the L `a`–`c`–`b`, best first, each with its best free corner searched around `center`; the
    /// timing edges' counts, read towards `topRight`; and the sizes named by the counts read again towards their own
    /// free corner (`recounted`), which are fits whatever they score.
    static func sizeFits(_ frame: borrowing PreparedFrame, a: Point, b: Point, c: Point, guess: Point, center d0: Point, topRight: Point,
                         thickness: Double, searches: DataMatrixCornerSearches?,
                         counted: (columns: Int, rows: Int)? = nil) -> (fits: [SizeFit], columns: Int, rows: Int, recounted: [DataMatrixSize]) {
        let bits = frame.binary
        let (columns, rows) = counted ?? timingCounts(bits, a: a, b: b, c: c, topRight: topRight, module: thickness)
        let height = a.distance(to: c), width = c.distance(to: b)
        // Counted through the borders' map (`borderFit`), the timing sides are counted at their modules: sizes within two
        // of the counts only. Otherwise also the sizes whose modules match the L's thickness within 0.35 of it; and, on an
        // L with a symbol's texture (a timing edge counting 16 or more, arms 12 thicknesses long), those whose modules are
        // up to `thickestModule` times the thickness and agree along both arms within `armModuleRatio`: the thickness is
        // the shortest of ten runs across the arms, which blur and the binarization thin (`dm-0` blurred by motion, 3 px
        // across modules of 3.5 and 4.2; `dm-2x2-#669-2` turned 45°, 2.5 px across modules of 4).
        let textured = max(columns, rows) >= 2 * leastCounted && min(height, width) >= thickness * 12
        func isSearched(_ size: DataMatrixSize) -> Bool {
            if counted != nil { return isCounted(size, columns: columns, rows: rows) }
            if abs(size.rows - rows) <= 4 && abs(size.columns - columns) <= 4 { return true }
            let down = height / Double(size.rows), across = width / Double(size.columns)
            if abs(down - thickness) < thickness * 0.35 && abs(across - thickness) < thickness * 0.35 { return true }
            return textured && min(down, across) > thickness * 0.65 && max(down, across) < thickness * thickestModule
                && max(down, across) < min(down, across) * armModuleRatio
        }
        // The sizes closest to the counted one first: that one usually fits all but a few timing modules, and once a
        // fit scores 0.85 or more (so the uneven-module fallback below is out) a size is searched only for corners that
        // beat it: most of the other sizes are given up after a module or two per corner, or not searched at all when no
        // score of theirs could beat it. Of two sizes whose timing fits equally well the one nearer the count wins: a
        // smaller size's free corner, searched over ±3 of its modules, can squeeze its timing edges onto the first modules
        // of a larger symbol's and fit them perfectly too (zint's 16×16 "OV29?GNU18.FMT" also fits 12×12 that way).
        //
        // The sizes searched are held as their places in `DataMatrixSize.all`, in a vector on the stack, put in order
        // by insertion (rarely more than two or three; ties keep `all`'s order, as a stable sort of the searched sizes
        // in that order did): the filtered array, grown as it was filled, and the sorted array of its indices were
        // about a thousand instructions a call, much of a call on the many Ls of a frame without a symbol whose sizes
        // are given up after a few samples.
        let order = Self.searchOrder(rows: rows, columns: columns, where: isSearched)
        var fits: [(score: Double, transform: PerspectiveTransform, size: DataMatrixSize, rank: Int)] = []
        var recounted: [DataMatrixSize] = []
        // Counts read through the borders' map are never read again (below).
        let mayRecount = counted == nil
        var leader: (score: Int, total: Int)?
        for rank in 0..<order.count {
            let size = DataMatrixSize.all[Int(order.places[rank])]
            let total = size.rows + size.columns
            // The least score that beats the leader, which came earlier in the order: a higher fraction.
            var beat = 0
            if let leader, leader.score * 100 >= leader.total * 85 {
                beat = leader.score * total / leader.total + 1
                if beat > total { continue }
            }
            // A size more than two modules off the count on either edge is never sampled at its own timing pattern (the
            // uneven-module fallback below): it serves only as a fit of 0.85 or more, so its corners are scored only
            // until that is out of reach.
            let counted = Self.isCounted(size, columns: columns, rows: rows)
            var least = counted ? 0 : (total * 85 + 99) / 100
            let module = (height / Double(size.rows) + width / Double(size.columns)) / 2
            // A square size searched at this L before, the other way round, without a leader: the same corner wins.
            let kept = beat == 0 && size.rows == size.columns ? searches : nil
            let known = kept?.result(corner: c, a: a, b: b, guess: guess, size: size)
            // Coarse to fine: whole modules over ±3, then thirds of a module around the best.
            var best: (score: Int, d: Point)? = known ?? nil
            for (center, step) in [(d0, module), (nil, module / 3)] where known == nil {
                // A perfect coarse fit cannot be bettered.
                if center == nil, best?.score == total { break }
                let origin = center ?? best?.d ?? d0
                // The first corner with the highest score is kept. The search's centre scores at least `floor`, so a
                // corner that cannot reach it, or cannot beat the best so far, is scored only until that is certain.
                let floor = center.flatMap { homography(size, a, b, c, $0) }.map { timingScore(frame, $0, size, needed: max(beat, least)) } ?? best?.score ?? 0
                for oy in -3...3 {
                    for ox in -3...3 {
                        let d = origin + Point(Double(ox) * step, Double(oy) * step)
                        guard let h = homography(size, a, b, c, d) else { continue }
                        // Two-argument maxima: the four-argument `max` is variadic, an array allocated and released
                        // per corner (a fifth of the search's instructions on a frame without a symbol).
                        let needed = max(max(beat, least), max(floor, best.map { $0.score + 1 } ?? 0))
                        let s = timingScore(frame, h, size, needed: needed)
                        if s >= floor, best == nil || s > best!.score { best = (s, d) }
                    }
                }
            }
            if known == nil { kept?.keep(corner: c, a: a, b: b, guess: guess, size: size, best: best) }
            // The timing edges counted towards the guessed corner can run outside the symbol: where the outline's fourth
            // corner is not the symbol's, one edge is counted across the quiet zone (`dm-2x2-#669-2` tilted 12° counted
            // 38×6, a 48×48 whose corner search scored 0.80).
            // On an L with a symbol's texture and without a leader, a size whose best corner matched three quarters of the
            // timing modules or more before falling short of 0.85 has the edges counted again towards that corner; when
            // that count names the size, it is a fit at its full score (as a counted size is), and `fit` samples it as
            // the top fit even under 0.85: its size is then named twice over, by the timing pattern's fit and by the
            // counts. Untextured Ls are left out: there small sizes match three quarters of their few timing modules by
            // chance (a 10×10 at 15 of 20 on a frame without a symbol, recounted 10×8), and decoding them cost that
            // frame 1 % more instructions.
            if mayRecount, textured, !counted, beat == 0, let found = best, found.score * 4 >= total * 3 {
                let again = timingCounts(bits, a: a, b: b, c: c, topRight: found.d, module: thickness)
                if Self.isCounted(size, columns: again.columns, rows: again.rows),
                   let h = homography(size, a, b, c, found.d) {
                    best = (timingScore(frame, h, size), found.d)
                    least = 0
                    recounted.append(size)
                }
            }
            // Under `beat` (or `least`) a score may be a partial count: such a size cannot lead (or serve at all).
            guard let chosen = best, chosen.score >= max(beat, least), let t = transform(size, a, b, c, chosen.d) else { continue }
            fits.append((Double(chosen.score) / Double(total), t, size, rank))
            if let l = leader, chosen.score * l.total <= l.score * total { continue }
            leader = (chosen.score, total)
        }
        fits.sort { $0.score != $1.score ? $0.score > $1.score : $0.rank < $1.rank }
        return (fits, columns, rows, recounted)
    }

    /// The places in `DataMatrixSize.all` of the sizes `isSearched` takes (30 sizes: a vector of 32 holds them),
    /// nearest the timing edges' counts first (the sum of the two differences), ties in `all`'s order; in the first
    /// `count` lanes of `places`.
    static func searchOrder(rows: Int, columns: Int, where isSearched: (DataMatrixSize) -> Bool)
        -> (places: SIMD32<UInt8>, count: Int) {
        let all = DataMatrixSize.all
        func distance(_ size: DataMatrixSize) -> Int { abs(size.rows - rows) + abs(size.columns - columns) }
        var places = SIMD32<UInt8>(), count = 0
        for (place, size) in all.enumerated() where isSearched(size) {
            let key = distance(size)
            // After every size searched before it that is no farther: a later place never goes before an equal
            // distance.
            var k = count
            while k > 0 && distance(all[Int(places[k - 1])]) > key {
                places[k] = places[k - 1]
                k -= 1
            }
            places[k] = UInt8(truncatingIfNeeded: place)
            count += 1
        }
        return (places, count)
    }

    /// The modules of the top timing row and the right timing column of the L `a`–`c`–`b`: twice the dark runs half a
    /// module inside each edge towards `topRight`. When the two counts name no size (neither within two modules of
    /// both) though one is a symbol's, both edges are counted again three quarters of a module in, each keeping the
    /// larger count, and those counts are taken if they name a size: the far timing edge of a label round a can is
    /// squeezed narrower than the L and fades, and half the L's width in, near its blurred outer border, its dark
    /// modules show only their tips, some too faint for the binary image (`dm-8` curved counts 26 rows there, 32
    /// deeper). A count only drops modules there, so the larger is kept; most frames without a symbol count a few
    /// modules on either edge and are never counted again.
    @inline(never)
    static func timingCounts(_ bits: BitMatrix, a: Point, b: Point, c: Point, topRight: Point, module: Double) -> (columns: Int, rows: Int) {
        let columns = 2 * darkRuns(bits, from: a, to: topRight, inward: c - a, module: module)
        let rows = 2 * darkRuns(bits, from: b, to: topRight, inward: c - b, module: module)
        func namesASize(_ columns: Int, _ rows: Int) -> Bool {
            DataMatrixSize.all.contains { isCounted($0, columns: columns, rows: rows) }
        }
        guard max(columns, rows) >= 8, !namesASize(columns, rows) else { return (columns, rows) }
        let deeper = (columns: max(columns, 2 * darkRuns(bits, from: a, to: topRight, inward: c - a, module: module, depth: 0.75)),
                      rows: max(rows, 2 * darkRuns(bits, from: b, to: topRight, inward: c - b, module: module, depth: 0.75)))
        return namesASize(deeper.columns, deeper.rows) ? deeper : (columns, rows)
    }

    /// Whether `size` is within two modules of the timing edges' counts on both edges.
    static func isCounted(_ size: DataMatrixSize, columns: Int, rows: Int) -> Bool {
        abs(size.columns - columns) <= 2 && abs(size.rows - rows) <= 2
    }

    static func transform(_ size: DataMatrixSize, _ a: Point, _ b: Point, _ c: Point, _ d: Point) -> PerspectiveTransform? {
        PerspectiveTransform(rectangleWidth: Double(size.columns), height: Double(size.rows), to: [a, d, b, c])
    }

    /// The coefficients of `transform(size, a, b, c, d)` (`PerspectiveTransform.rectangleToQuad`, the same values bit for
    /// bit) without the transform's arrays: the free-corner search scores up to 98 corners per size, and allocating a
    /// quad and a matrix for each cost more than scoring most of them.
    static func homography(_ size: DataMatrixSize, _ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Homography? {
        guard let h = PerspectiveTransform.rectangleToQuad(width: Double(size.columns), height: Double(size.rows), a, d, b, c)
        else { return nil }
        return Homography(h0: h.0, h1: h.1, h2: h.2, h3: h.3, h4: h.4, h5: h.5, h6: h.6, h7: h.7, h8: h.8)
    }

    /// A perspective transform's nine coefficients, row-major, held without an array.
    struct Homography {
        var h0, h1, h2, h3, h4, h5, h6, h7, h8: Double
    }

    /// How many top-row and right-column modules match the timing pattern; once fewer than `needed` can match, some
    /// count under `needed` (the search keeps only better corners, and most corners of a search fail within a few modules).
    ///
    /// The hot loop of the free-corner search (49 corners × 2 passes × each size): the homography's numerators and
    /// denominator are stepped along the edge instead of recomputed, and the binary image is read without copies.
    static func timingScore(_ frame: PreparedFrame, _ h: Homography, _ size: DataMatrixSize, needed: Int = 0) -> Int {
        let (h0, h1, h2, h3, h4, h5, h6, h7, h8) = (h.h0, h.h1, h.h2, h.h3, h.h4, h.h5, h.h6, h.h7, h.h8)
        let bits = frame.binary
        let width = bits.width, height = bits.height
        // Misses allowed before `needed` is out of reach.
        var allowed = size.columns + size.rows - needed
        return bits.cells.withUnsafeBufferPointer { cells in
            /// Counts samples from module (`x0`, `y0`) in steps of (`sx`, `sy`) that are dark where `darkFirst` says,
            /// alternating from there; stops once the misses exceed `allowed`.
            func run(_ x0: Double, _ y0: Double, _ sx: Double, _ sy: Double, count: Int, darkFirst: Bool) -> Int {
                // The numerators in one pair, divided by the denominator as a pair (lane by lane, the same quotients as
                // two divisions; the compiler emits one packed division only where the quotient is used as a pair,
                // `cellIndex`'s).
                var uv = SIMD2(h0 * x0 + h1 * y0 + h2, h3 * x0 + h4 * y0 + h5), w = h6 * x0 + h7 * y0 + h8
                let duv = SIMD2(h0 * sx + h1 * sy, h3 * sx + h4 * sy), dw = h6 * sx + h7 * sy
                // The colour the sample should have, as a cell holds it (1 dark, 0 light).
                var dark = darkFirst ? 1 : 0
                // Only the misses are counted: the score is the samples read less them (a count of matches kept as well,
                // and `allowed` stepped down at every miss, were five more instructions a sample).
                var missed = 0
                // A projective map takes the segment between the first and last samples to a segment when the
                // denominator keeps its sign along it, so when both ends land a pixel or more inside the image every
                // sample does (the pixel absorbs the stepping's rounding): those edges, most of the search's, are read
                // without the per-sample bounds test, with the same cells counted (there `cellIndex` holds, the samples
                // being no less than 0). (The two loops below differ only in that test; one loop with the test made
                // conditional, or a shared inlined body, cost 2–6 % more of the search's instructions.)
                let last = Double(count - 1)
                let wEnd = w + dw * last
                let ends = (uv / SIMD2(repeating: w), (uv + duv * last) / SIMD2(repeating: wEnd))
                let margin = SIMD2(1.0, 1.0), far = SIMD2(Double(width - 1), Double(height - 1))
                if (w > 0) == (wEnd > 0), w != 0, wEnd != 0,
                   all(ends.0 .>= margin), all(ends.1 .>= margin), all(ends.0 .< far), all(ends.1 .< far) {
                    for k in 0..<count {
                        let cell = Int(cells[Self.cellIndex(uv / SIMD2(repeating: w), width: width)])
                        // Counted without a branch on the cell: off a symbol, matches and misses alternate at random,
                        // and a mispredicted branch a sample cost more than the rest of the sample (perf). A miss is
                        // the cell's byte (0 or 1, as every `BitMatrix`'s are) unlike the colour wanted, their
                        // exclusive or: counted as `cell != 0 ? …`, a choice made on a compare of a loaded byte, the
                        // compiler branched on it after all (it takes such a choice for a branch that hides the load),
                        // and the branch went either way at random (`falsepositives-1/21` best of 30 8.19 → 7.91 ms,
                        // `/01` 8.82 → 8.72, `/13` 7.90 → 7.82, though 73.18 → 73.65 M instructions: the function is
                        // no longer inlined into `sizeFits`).
                        missed &+= cell ^ dark
                        if missed > allowed { allowed &-= missed; return k &+ 1 &- missed }
                        dark ^= 1
                        uv += duv; w += dw
                    }
                    allowed &-= missed
                    return count &- missed
                }
                for k in 0..<count {
                    let p = uv / SIMD2(repeating: w)
                    let px = p.x, py = p.y
                    var cell = 0
                    // The same truncation as `BitMatrix`'s subscript after `Int(_:)`: toward zero, inside only (so the
                    // index cannot overflow).
                    if px > -1, py > -1, px < Double(width), py < Double(height) {
                        let ix = Int(px), iy = Int(py)
                        cell = Int(cells[iy &* width &+ ix])
                    }
                    missed &+= cell ^ dark
                    if missed > allowed { allowed &-= missed; return k &+ 1 &- missed }
                    dark ^= 1
                    uv += duv; w += dw
                }
                allowed &-= missed
                return count &- missed
            }
            let top = run(0.5, 0.5, 1, 0, count: size.columns, darkFirst: true)
            guard allowed >= 0 else { return top }
            return top + run(Double(size.columns) - 0.5, 0.5, 0, 1, count: size.rows, darkFirst: false)
        }
    }

    /// `Int(p.y) * width + Int(p.x)` for a point with 0 ≤ p.x, p.y < 2⁵¹, in vector arithmetic: the whole parts from
    /// `PreparedFrame.wholeAndFraction` (`Int`'s truncation for coordinates that are not negative). Made this way the
    /// timing sample's quotient stays one packed division (`divpd`) instead of two scalar ones, and needs none of the
    /// range tests of `Int(_:)`: the divider bounded `timingScore`'s loop.
    @inline(__always)
    static func cellIndex(_ p: SIMD2<Double>, width: Int) -> Int {
        let (whole, _) = PreparedFrame.wholeAndFraction(p)
        return Int(truncatingIfNeeded: whole.y) &* width &+ Int(truncatingIfNeeded: whole.x)
    }

    /// The L's thickness (one module) in pixels: the shortest dark run inward from the L's long sides.
    static func lThickness(_ bits: BitMatrix, from c: Point, along a: Point, across b: Point) -> Double {
        let width = bits.width, right = Double(bits.width), bottom = Double(bits.height)
        return bits.cells.withUnsafeBufferPointer { cells in
            /// `bits[Int(p.x), Int(p.y)]` without `Int(_:)`'s range tests (two thirds of a step's instructions): a cell
            /// inside the matrix is one whose coordinates lie over −1 and under the sides (`Int(_:)` truncates toward
            /// zero), and there its whole parts are `cellIndex`'s of the coordinates raised to 0 at least.
            @inline(__always) func isDark(_ p: Point) -> Bool {
                guard p.x > -1, p.y > -1, p.x < right, p.y < bottom else { return false }
                return cells[Self.cellIndex(SIMD2(max(p.x, 0), max(p.y, 0)), width: width)] != 0
            }
            var best = Double.infinity
            for (start, end, other) in [(c, a, b), (c, b, a)] {
                let inward = other - c
                let len = max(1e-9, (inward.x * inward.x + inward.y * inward.y).squareRoot())
                let u = inward * (1 / len)
                for k in 3...7 {
                    var p = c + (end - start) * (Double(k) / 10)
                    var skipped = 0.0
                    while !isDark(p) && skipped < 4 { p = p + u * 0.5; skipped += 0.5 }
                    var run = 0.0
                    while isDark(p) && run < len / 4 { p = p + u * 0.5; run += 0.5 }
                    if run > 0 { best = min(best, run) }
                }
            }
            return best.isFinite ? best : 0
        }
    }

    /// Dark runs along the timing edge from `from` to `to`, `depth` modules inside (half a module unless told).
    static func darkRuns(_ bits: BitMatrix, from: Point, to: Point, inward: Point, module: Double, depth: Double = 0.5) -> Int {
        let len = max(1e-9, (inward.x * inward.x + inward.y * inward.y).squareRoot())
        let shift = inward * (module * depth / len)
        let length = from.distance(to: to)
        let steps = Int(length * 2)
        guard steps > 0 else { return 0 }
        @inline(__always) func sample(_ k: Int) -> Point { from + (to - from) * (Double(k) / Double(steps)) + shift }
        // The run lengths in half pixels: sums of halves, exact either way.
        let least = module * 0.3
        var runs = 0, dark = false, current = 0
        @inline(__always) func step(_ v: Bool) {
            if v == dark { current &+= 1; return }
            if dark && Double(current) * 0.5 >= least { runs += 1 }
            dark = v
            current = 1
        }
        // Each coordinate of the samples is a chain of roundings that never decrease as k grows (or never increase), so
        // every sample lies between the first and the last: when both are inside the matrix all are, and the cells are
        // read without the subscript's bounds tests, at the whole parts `cellIndex` takes (as `sideReading` and
        // `timingScore` do): both timing edges of every L are counted, on frames without a symbol too. The same cells
        // are read, so the same runs counted.
        let first = sample(0), last = sample(steps)
        let width = bits.width
        if min(first.x, last.x) >= 0, min(first.y, last.y) >= 0, max(first.x, last.x) < Double(width), max(first.y, last.y) < Double(bits.height) {
            bits.cells.withUnsafeBufferPointer { cells in
                for k in 0...steps {
                    let p = sample(k)
                    step(cells[Self.cellIndex(SIMD2(p.x, p.y), width: width)] != 0)
                }
            }
        } else {
            for k in 0...steps {
                let p = sample(k)
                step(bits[Int(p.x), Int(p.y)])
            }
        }
        if dark && Double(current) * 0.5 >= least { runs += 1 }
        return runs
    }
}
