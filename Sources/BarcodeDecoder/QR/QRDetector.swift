/// Locates QR symbols from finder-pattern triples and samples their module grids through a perspective transform.
enum QRDetector {
    /// Where a symbol lies: its size and the transform from module to image coordinates, not yet sampled.
    struct Framing {
        var transform: PerspectiveTransform
        /// The finder centres in module and image coordinates, for `refined(_:_:)`.
        var anchors: (source: [Point], destination: [Point])
        var dimension: Int
        var finders: [Int]
    }

    /// A located symbol: its framing and its grid sampled through it.
    struct Located {
        var grid: BitMatrix
        var framing: Framing
        var transform: PerspectiveTransform { framing.transform }
        var dimension: Int { framing.dimension }
    }

    /// Triples of finder indices (top-left, top-right, bottom-left) that could be one symbol, most plausible first: the
    /// lowest score first, ties in the order of their finders' indices (`QRTripleOrder`).
    static func triples(_ finders: [QRFinderPattern]) -> QRTripleOrder {
        QRTripleOrder(candidateTriples(finders, widened: false).ordinary)
    }

    /// The largest module size of a triple's finders, as a multiple of the smallest: more is not one symbol seen square on.
    static let sizeRatio = 1.6

    /// The same under perspective (`QRSidePerspective`): a keystone shrinks the far finder across the side by its depth
    /// and along it by the depth's square, and its size is an average over both.
    static let widenedSizeRatio = 2.0

    /// Finders `i` < `j` < `k` (`fi`, `fj`, `fk`, their centres' distances `dij`, `dik`, `djk`) as a triple (top-left,
    /// top-right, bottom-left, score), and 1 where its shape passes the side, right-angle and dimension tests, else 0
    /// (`SignBit`: on texture each test goes either way at random, and as branches they were mispredicted at most triples).
    @inline(__always)
    static func shape(_ finders: [QRFinderPattern], _ i: Int, _ j: Int, _ k: Int, _ fi: QRFinderPattern, _ fj: QRFinderPattern,
                      _ fk: QRFinderPattern, dij: Double, dik: Double, djk: Double) -> ((Int, Int, Int, Double), UInt64) {
        // The top-left finder is the one opposite the longest side.
        var tl = i, a = j, b = k
        var hyp = djk, s1 = dij, s2 = dik
        if dik > hyp && dik >= dij { tl = j; a = i; b = k; hyp = dik; s1 = dij; s2 = djk }
        if dij > hyp && dij > dik { tl = k; a = i; b = j; hyp = dij; s1 = dik; s2 = djk }
        let sides = SignBit.greater(min(s1, s2), max(s1, s2) * 0.6)
        let expected = (s1 * s1 + s2 * s2).squareRoot()
        let square = SignBit.greater(expected * 0.2, abs(hyp - expected))
        let module = (fi.moduleSize + fj.moduleSize + fk.moduleSize) / 3
        let dim = (s1 + s2) / 2 / module + 7
        let size = SignBit.atLeast(dim, 17) & SignBit.atLeast(185, dim)
        let pTL = finders[tl].center, pA = finders[a].center, pB = finders[b].center
        let cross = (pA.x - pTL.x) * (pB.y - pTL.y) - (pA.y - pTL.y) * (pB.x - pTL.x)
        let (tr, bl) = cross > 0 ? (a, b) : (b, a)
        let score = abs(hyp - expected) / expected + abs(s1 - s2) / max(s1, s2) - Double(fi.count + fj.count + fk.count) * 0.01
        return ((tl, tr, bl, score), sides & square & size)
    }

    /// The triples that `triples(_:)` orders, in the order they were made (`ordinary`), and with `widened` those whose
    /// finders' sizes pass `widenedSizeRatio` but not `sizeRatio` (`wider`), with the same shape tests and scores.
    static func candidateTriples(_ finders: [QRFinderPattern], widened: Bool) -> (ordinary: [(Int, Int, Int, Double)], wider: [(Int, Int, Int, Double)]) {
        var out: [(Int, Int, Int, Double)] = []
        let n = finders.count
        guard n >= 3 else { return ([], []) }
        // The distance between each pair, the lower index's centre to the higher's as each triple measured it: once a
        // pair, not once a triple (40 candidates make 780 pairs and nearly 10 000 triples).
        var distances = [Double](repeating: 0, count: n * n)
        for i in 0..<n {
            for j in (i + 1)..<n { distances[i * n + j] = finders[i].center.distance(to: finders[j].center) }
        }
        /// Finders `i` < `j` < `k` as a triple (top-left, top-right, bottom-left, score) and 1 where its shape passes the
        /// side, right-angle and dimension tests, else 0 (`shape`), for the wider triples.
        @inline(__always)
        func triple(_ i: Int, _ j: Int, _ k: Int) -> ((Int, Int, Int, Double), UInt64) {
            Self.shape(finders, i, j, k, finders[i], finders[j], finders[k],
                       dij: distances[i * n + j], dik: distances[i * n + k], djk: distances[j * n + k])
        }
        // A pair's triples are written to `scratch` in turn, each kept by moving on past it only where it passes: on
        // texture each test goes either way at random, and as branches they were mispredicted at most triples. Every
        // test is made on the same values as before (none NaN, none −0, none infinite: `SignBit`), and a triple's score is
        // the same expression; the rejected ones are overwritten.
        withUnsafeTemporaryAllocation(of: (Int, Int, Int, Double).self, capacity: n) { scratch in
            let kept = scratch.baseAddress!
            for i in 0..<n {
                for j in (i + 1)..<n {
                    // A pair whose module sizes are too far apart for the size test fails it with every third finder:
                    // the largest of three is at least the pair's larger, 1.6 times the smallest at most 1.6 times the
                    // pair's smaller (rounding is monotonic), so no triple of theirs is skipped that could pass.
                    let mi = finders[i].moduleSize, mj = finders[j].moduleSize
                    guard max(mi, mj) < min(mi, mj) * sizeRatio else { continue }
                    let dij = distances[i * n + j]
                    var count = 0
                    for k in (j + 1)..<n {
                        // No arrays per triple: with 40 candidates there are nearly 10 000 triples. The finders and the
                        // pair's distance are the ones the loop holds, passed in (`triple`, reloading them, made the frame
                        // without a code `/10` 0.1 % dearer).
                        let fi = finders[i], fj = finders[j], fk = finders[k]
                        let smallest = min(fi.moduleSize, fj.moduleSize, fk.moduleSize)
                        let largest = max(fi.moduleSize, fj.moduleSize, fk.moduleSize)
                        let sizes = SignBit.greater(smallest * sizeRatio, largest)
                        let (t, shape) = Self.shape(finders, i, j, k, fi, fj, fk, dij: dij, dik: distances[i * n + k], djk: distances[j * n + k])
                        kept[count] = t
                        count &+= Int(truncatingIfNeeded: sizes & shape)
                    }
                    out.append(contentsOf: UnsafeBufferPointer(start: kept, count: count))
                }
            }
        }
        guard widened else { return (out, []) }
        // The wider triples from the finders in order of size: in that order each has one smallest and one largest finder
        // (ties in whatever order the sort leaves them), `sizeRatio` to `widenedSizeRatio` apart, and its third between
        // them, so each is made once and only pairs that far apart are visited (the loop above visits every triple).
        var wider: [(Int, Int, Int, Double)] = []
        let bySize = finders.indices.sorted { finders[$0].moduleSize < finders[$1].moduleSize }
        for low in 0..<n {
            let smallest = finders[bySize[low]].moduleSize
            var high = low + 2
            while high < n, smallest * sizeRatio > finders[bySize[high]].moduleSize { high += 1 }
            while high < n, smallest * widenedSizeRatio > finders[bySize[high]].moduleSize {
                for middle in (low + 1)..<high {
                    var ijk = (bySize[low], bySize[middle], bySize[high])
                    if ijk.0 > ijk.1 { swap(&ijk.0, &ijk.1) }
                    if ijk.1 > ijk.2 { swap(&ijk.1, &ijk.2) }
                    if ijk.0 > ijk.1 { swap(&ijk.0, &ijk.1) }
                    // Most fail the side test (the two shorter sides within 0.6 of each other): made first, on its own.
                    let d = (distances[ijk.0 * n + ijk.1], distances[ijk.0 * n + ijk.2], distances[ijk.1 * n + ijk.2])
                    let longest = max(d.0, d.1, d.2), shortest = min(d.0, d.1, d.2)
                    let middleSide = d.0 + d.1 + d.2 - longest - shortest
                    guard shortest > middleSide * 0.6 else { continue }
                    let (t, shape) = triple(ijk.0, ijk.1, ijk.2)
                    if shape != 0 { wider.append(t) }
                }
                high += 1
            }
        }
        return (out, wider)
    }

    /// Samples the grid for the finder triple at the estimated dimension plus `dimensionDelta` (see `frame`); with
    /// `useAlignment` false only the four corner squares, 11 modules a side, as a quick look at the format and version
    /// areas beside the finders.
    static func locate(_ frame: PreparedFrame, _ finders: [QRFinderPattern], _ t: (Int, Int, Int, Double), dimensionDelta: Int,
                       useAlignment: Bool = true, alignmentRadius: Double = 5, perspective: QRSidePerspective? = nil,
                       knownAlignment: inout Point?) -> Located? {
        guard let framing = self.frame(frame, finders, t, dimensionDelta: dimensionDelta, useAlignment: useAlignment,
                                       alignmentRadius: alignmentRadius, perspective: perspective,
                                       knownAlignment: &knownAlignment) else { return nil }
        let grid = ModuleSampler.sample(frame, transform: framing.transform, width: framing.dimension, height: framing.dimension,
                                        corners: useAlignment ? nil : 11)
        return Located(grid: grid, framing: framing)
    }

    /// The framing of the finder triple at the estimated dimension plus `dimensionDelta`: the three finder centres and the
    /// bottom-right alignment pattern (searched within `alignmentRadius` modules of where the finders put it, once per
    /// triple: `knownAlignment`) or, without it or `useAlignment`, the parallelogram's fourth corner.
    static func frame(_ frame: PreparedFrame, _ finders: [QRFinderPattern], _ t: (Int, Int, Int, Double), dimensionDelta: Int,
                      useAlignment: Bool = true, alignmentRadius: Double = 5, perspective: QRSidePerspective? = nil,
                      knownAlignment: inout Point?) -> Framing? {
        let tl = finders[t.0], tr = finders[t.1], bl = finders[t.2]
        let module = (tl.moduleSize + tr.moduleSize + bl.moduleSize) / 3
        let width = (tl.center.distance(to: tr.center) + tl.center.distance(to: bl.center)) / 2
        var dim = Int((perspective?.modulesBetweenCenters ?? width / module).rounded()) + 7
        switch dim % 4 {
        case 0: dim += 1
        case 2: dim -= 1
        case 3: dim += 2
        default: break
        }
        dim += dimensionDelta
        guard dim >= 21, dim <= 177 else { return nil }
        let span = Double(dim - 7)
        let dx = (tr.center - tl.center) * (1 / span), dy = (bl.center - tl.center) * (1 / span)
        var source = [Point(3.5, 3.5), Point(Double(dim) - 3.5, 3.5), Point(3.5, Double(dim) - 3.5)]
        var destination = [tl.center, tr.center, bl.center]
        // The fourth finder-like centre: the parallelogram's, or where the sides' perspective puts it.
        let fourth = perspective?.fourthCenter(tl: tl.center, tr: tr.center, bl: bl.center) ?? tr.center + bl.center - tl.center
        if dim > 21 && useAlignment {
            var guess = tl.center + dx * (span - 3) + dy * (span - 3)
            var (adx, ady, amodule) = (dx, dy, module)
            if perspective != nil, let corners = PerspectiveTransform(from: source + [Point(Double(dim) - 3.5, Double(dim) - 3.5)],
                                                                      to: destination + [fourth]) {
                // The pattern's module steps where the corners' transform puts it: smaller on the far side.
                let at = Point(Double(dim) - 6.5, Double(dim) - 6.5)
                guess = corners.apply(at)
                adx = corners.apply(at + Point(1, 0)) - guess
                ady = corners.apply(at + Point(0, 1)) - guess
                amodule = (adx.distance(to: Point(0, 0)) + ady.distance(to: Point(0, 0))) / 2
            }
            // The bottom-right alignment pattern is the same image point whatever the size estimate: search once per triple.
            if knownAlignment == nil { knownAlignment = alignment(frame, near: guess, dx: adx, dy: ady, module: amodule, radiusModules: alignmentRadius) }
            let found = knownAlignment ?? guess
            source.append(Point(Double(dim) - 6.5, Double(dim) - 6.5))
            destination.append(found)
        } else {
            source.append(Point(Double(dim) - 3.5, Double(dim) - 3.5))
            destination.append(fourth)
        }
        guard let transform = PerspectiveTransform(from: source, to: destination) else { return nil }
        return Framing(transform: transform, anchors: (Array(source.prefix(3)), Array(destination.prefix(3))), dimension: dim,
                       finders: [t.0, t.1, t.2])
    }

    /// A second sampling of `framing` through a transform fitted to every alignment pattern found (versions with several).
    static func refined(_ frame: PreparedFrame, _ framing: Framing) -> (grid: BitMatrix, transform: PerspectiveTransform)? {
        guard let version = QRVersion(dimension: framing.dimension), version.alignmentCenters.count >= 3,
              let fitted = refine(frame, version: version, initial: framing.transform,
                                  source: framing.anchors.source, destination: framing.anchors.destination) else { return nil }
        return (ModuleSampler.sample(frame, transform: fitted, width: framing.dimension, height: framing.dimension), fitted)
    }

    /// A transform fitted to the finder centres and every alignment pattern found near where `initial` puts it.
    static func refine(_ frame: PreparedFrame, version: QRVersion, initial: PerspectiveTransform, source: [Point], destination: [Point]) -> PerspectiveTransform? {
        var src = source, dst = destination
        let n = version.dimension
        let centers = version.alignmentCenters
        for cy in centers {
            for cx in centers where !QRFunctionPatterns.isFinderCorner(cx, cy, n) {
                let m = Point(Double(cx) + 0.5, Double(cy) + 0.5)
                if let found = alignment(frame, at: m, through: initial) {
                    src.append(m)
                    dst.append(found)
                }
            }
        }
        guard src.count >= 5 else { return nil }
        return PerspectiveTransform(fitting: src, to: dst)
    }

    /// The alignment pattern whose centre is module point `m`, searched within 2.5 modules of where `transform` puts it
    /// (the module steps and size there from the transform too).
    static func alignment(_ frame: PreparedFrame, at m: Point, through transform: PerspectiveTransform) -> Point? {
        let guess = transform.apply(m)
        let dx = transform.apply(m + Point(1, 0)) - guess, dy = transform.apply(m + Point(0, 1)) - guess
        let module = (dx.distance(to: Point(0, 0)) + dy.distance(to: Point(0, 0))) / 2
        return alignment(frame, near: guess, dx: dx, dy: dy, module: module, radiusModules: 2.5)
    }

    /// The bottom-right alignment pattern's centre near `guess`, by matching the 5×5 ring template.
    static func alignment(_ frame: PreparedFrame, near guess: Point, dx: Point, dy: Point, module: Double, radiusModules: Double = 5) -> Point? {
        let radius = module * radiusModules
        let bits = frame.binary
        let width = bits.width, height = bits.height
        // The 25 template cells as offsets from the centre, and whether each is dark (the centre and the outer ring).
        var offsets: [(Point, UInt8)] = []
        offsets.reserveCapacity(25)
        for v in -2...2 {
            for u in -2...2 { offsets.append((dx * Double(u) + dy * Double(v), max(abs(u), abs(v)) != 1 ? 1 : 0)) }
        }
        /// Cells of the template matched at `c`; gives up (returning less than `needed`) once `needed` is out of reach,
        /// as a score under it cannot change the search's outcome. The cells are read through a pointer with one
        /// unsigned comparison per axis (outside the image is light, as the subscript has it): this scoring is most
        /// of the search.
        func score(_ c: Point, needed: Int, _ cells: UnsafePointer<UInt8>, _ offsets: UnsafeBufferPointer<(Point, UInt8)>) -> Int {
            var score = 0, misses = 0
            let allowed = 25 - needed
            for (offset, dark) in offsets {
                let x = Int(c.x + offset.x), y = Int(c.y + offset.y)
                let inside = UInt(bitPattern: x) < UInt(width) && UInt(bitPattern: y) < UInt(height)
                if (inside ? cells[y &* width &+ x] : 0) == dark { score += 1 } else {
                    misses += 1
                    if misses > allowed { return score }
                }
            }
            return score
        }
        return bits.cells.withUnsafeBufferPointer { cells in
            offsets.withUnsafeBufferPointer { offsets in
                search(guess: guess, radius: radius, module: module) { score($0, needed: $1, cells.baseAddress!, offsets) }
            }
        }
    }

    /// The coarse-to-fine search of `alignment(_:near:dx:dy:module:radiusModules:)` with its template `score`: half a
    /// module over the search radius (`coarseCenter`), then single pixels around the best.
    @inline(__always)
    static func search(guess: Point, radius: Double, module: Double, score: (Point, Int) -> Int) -> Point? {
        let coarse = max(1, module / 2)
        guard let center = coarseCenter(guess: guess, radius: radius, coarse: coarse, score: score) else { return nil }
        var best = 0, sum = Point(0, 0), hits = 0
        let reach = Int(coarse.rounded(.up))
        for fy in -reach...reach {
            for fx in -reach...reach {
                let c = center + Point(Double(fx), Double(fy))
                let s = score(c, max(best, 22))
                if s > best { best = s; sum = c; hits = 1 } else if s == best { sum = sum + c; hits += 1 }
            }
        }
        guard best >= 22 else { return nil }
        return sum * (1 / Double(hits))
    }

    /// The coarse search: over offsets from -radius in steps of `coarse` along each axis (accumulated, as the search always
    /// took them), the best score of at least 20 and, among equal scores, the offset first in row order; nil when none
    /// scores 20.
    ///
    /// It visits the offsets in rings around the guess, where the pattern usually is: a high score found early lets
    /// `score` give up on the others after a miss or two (it may stop once a score cannot reach what it needs), rather
    /// than after five. Offsets before the best in row order need its score, those after need more: the outcome is a
    /// row-order scan's.
    @inline(__always)
    static func coarseCenter(guess: Point, radius: Double, coarse: Double, score: (Point, Int) -> Int) -> Point? {
        var steps: [Double] = []
        var o = -radius
        while o <= radius { steps.append(o); o += coarse }
        var best = 0, center = guess, bestOrder = Int.max
        let n = steps.count, middle = min(n - 1, max(0, Int((radius / coarse).rounded())))
        func visit(_ i: Int, _ j: Int) {
            guard i >= 0, j >= 0, i < n, j < n else { return }
            let order = j * n + i
            let c = guess + Point(steps[i], steps[j])
            let s = score(c, max(order < bestOrder ? best : best + 1, 20))
            if s >= 20, s > best || (s == best && order < bestOrder) { best = s; bestOrder = order; center = c }
        }
        for ring in 0..<max(middle + 1, n - middle) {
            if ring == 0 { visit(middle, middle); continue }
            for i in (middle - ring)...(middle + ring) { visit(i, middle - ring); visit(i, middle + ring) }
            for j in (middle - ring + 1)..<(middle + ring) { visit(middle - ring, j); visit(middle + ring, j) }
        }
        return best >= 20 ? center : nil
    }
}
