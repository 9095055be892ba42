/// Finds the start and stop patterns of PDF417 symbols on the rows of a binary image and chains them into the symbols'
/// left and right edges.
///
/// The start pattern (bars and spaces 8 1 1 1 1 1 1 3 modules) and the stop pattern (7 1 1 3 1 1 1 2 1) run the full
/// height of the symbol, so each image row that crosses a symbol at less than about 45° crosses both; a chain of hits
/// on successive rows at nearly the same place is one edge, and its first and last hits are the symbol's corners.
struct PDF417EdgeFinder {
    static let startPattern = [8, 1, 1, 1, 1, 1, 1, 3]
    static let stopPattern = [7, 1, 1, 3, 1, 1, 1, 2, 1]

    /// A start or stop pattern crossed by one image row.
    struct Hit {
        var y: Double
        /// The x of the pattern's edge at the symbol's outside (next to the quiet zone).
        var outer: Double
        var module: Double
    }

    /// Successive hits of one kind and direction: one edge of a symbol.
    struct Edge {
        var isStart: Bool
        /// Whether the pattern was read right to left (the symbol is turned 180° or mirrored).
        var isReversed: Bool
        var hits: [Hit]
        var module: Double { hits.reduce(0) { $0 + $1.module } / Double(hits.count) }
        var meanOuter: Double { hits.reduce(0) { $0 + $1.outer } / Double(hits.count) }
        var top: Point { Point(hits.first!.outer, hits.first!.y) }
        var bottom: Point { Point(hits.last!.outer, hits.last!.y) }
        /// A point inside the symbol: halfway down the edge, 8 modules in from its outer side (within the start or stop
        /// pattern). The outer side itself lies on a symbol's outline, where a known symbol's corners may leave it out.
        var inside: Point {
            let inward = isStart != isReversed ? 1.0 : -1.0
            return Point(meanOuter + inward * 8 * module, (top.y + bottom.y) / 2)
        }
    }

    /// The matrix whose rows are the columns of `binary` (a quarter-turned symbol's rows), each cell as it is: the rows
    /// read as `hits` reads them give what walking the columns gave, a cache line a cell, which caused nearly half the L1
    /// data misses of a frame without a code. (`BitMatrix.transposed` also makes every cell 0 or 1, which costs a
    /// quarter more and changes nothing here: a cell is dark where it is not 0.)
    static func columns(of binary: BitMatrix) -> BitMatrix {
        let width = binary.width, height = binary.height
        return BitMatrix(width: height, height: width) { target in
            guard let to = target.baseAddress else { return }
            binary.cells.withUnsafeBufferPointer { source in
                ByteTranspose.transpose(source.baseAddress!, sourceStride: width, width: width, height: height,
                                        into: to, targetStride: height)
            }
        }
    }

    /// How well `widths` match `pattern` (mean absolute deviation in modules), or nil when an element is off by more
    /// than the tolerance.
    static func deviation(_ widths: UnsafeBufferPointer<Double>, from start: Int, reversed: Bool, pattern: [Int]) -> Double? {
        let count = pattern.count
        var total = 0.0
        for j in 0..<count { total += widths[start + j] }
        let unit = total / Double(pattern.reduce(0, +))
        guard unit >= 0.6 else { return nil }
        var sum = 0.0
        for j in 0..<count {
            let expected = Double(pattern[reversed ? count - 1 - j : j])
            let d = abs(widths[start + j] / unit - expected)
            if d > max(0.75, expected * 0.3) { return nil }
            sum += d
        }
        return sum / Double(count)
    }

    /// The edges found on every `step`-th row of `binary`, with at least `minimumHits` hits each. (A quarter-turned
    /// symbol's edges are found on the rows of the transposed matrix: walking the columns instead, a cache line a cell,
    /// caused nearly half the L1 data misses of a frame without a code.)
    static func edges(in binary: BitMatrix, step: Int, minimumHits: Int = 3) -> [Edge] {
        let (lineCount, lineLength) = (binary.height, binary.width)
        var open: [Edge] = []
        var closed: [Edge] = []
        // Scratch for one line, at most one run per pixel plus the leading light one: where the colour changes, then the
        // runs' begins and widths.
        let changes = UnsafeMutablePointer<Int>.allocate(capacity: lineLength + 1)
        let begins = UnsafeMutablePointer<Double>.allocate(capacity: lineLength + 2)
        let widths = UnsafeMutablePointer<Double>.allocate(capacity: lineLength + 2)
        defer { changes.deallocate(); begins.deallocate(); widths.deallocate() }
        for y in stride(from: 0, to: lineCount, by: step) {
            let hits = Self.hits(on: y, of: binary, changes: changes, begins: begins, widths: widths)
            // Extend the open edges; an edge not extended within a few modules is closed.
            var extended = [Bool](repeating: false, count: open.count)
            for h in hits {
                let reach = max(3.0, h.hit.module * 2)
                if let k = open.indices.first(where: { k in
                    !extended[k] && open[k].isStart == h.isStart && open[k].isReversed == h.isReversed
                        && abs(open[k].hits.last!.outer - h.hit.outer) <= reach
                }) {
                    open[k].hits.append(h.hit)
                    extended[k] = true
                } else {
                    open.append(Edge(isStart: h.isStart, isReversed: h.isReversed, hits: [h.hit]))
                    extended.append(true)
                }
            }
            var still: [Edge] = []
            for (k, edge) in open.enumerated() {
                let gap = Double(y) + 0.5 - edge.hits.last!.y
                if extended[k] || gap <= max(Double(step) * 3, edge.module * 4) { still.append(edge) } else { closed.append(edge) }
            }
            open = still
        }
        return merged(closed + open).filter { $0.hits.count >= minimumHits }
    }

    /// `edges` found on every `step`-th row, each end carried on through the rows skipped beyond it while they hold a
    /// pattern of its kind near its outer side: the corners are then where a look at every row puts them.
    static func extended(_ edges: [Edge], in binary: BitMatrix, step: Int) -> [Edge] {
        guard step > 1, !edges.isEmpty else { return edges }
        let (lineCount, lineLength) = (binary.height, binary.width)
        let changes = UnsafeMutablePointer<Int>.allocate(capacity: lineLength + 1)
        let begins = UnsafeMutablePointer<Double>.allocate(capacity: lineLength + 2)
        let widths = UnsafeMutablePointer<Double>.allocate(capacity: lineLength + 2)
        defer { changes.deallocate(); begins.deallocate(); widths.deallocate() }
        func next(to end: Hit, of edge: Edge, on y: Int) -> Hit? {
            guard y >= 0, y < lineCount else { return nil }
            let reach = max(3.0, end.module * 2)
            return hits(on: y, of: binary, changes: changes, begins: begins, widths: widths).first { h in
                h.isStart == edge.isStart && h.isReversed == edge.isReversed && abs(h.hit.outer - end.outer) <= reach
            }?.hit
        }
        return edges.map { edge in
            var e = edge
            for _ in 1..<step {
                guard let hit = next(to: e.hits.first!, of: e, on: Int(e.hits.first!.y) - 1) else { break }
                e.hits.insert(hit, at: 0)
            }
            for _ in 1..<step {
                guard let hit = next(to: e.hits.last!, of: e, on: Int(e.hits.last!.y) + 1) else { break }
                e.hits.append(hit)
            }
            return e
        }
    }

    /// The start and stop patterns crossed by row `y` of `binary`; `changes`, `begins` and `widths` are scratch for one
    /// line (its length plus two).
    static func hits(on y: Int, of binary: BitMatrix, changes: UnsafeMutablePointer<Int>,
                     begins: UnsafeMutablePointer<Double>, widths: UnsafeMutablePointer<Double>)
        -> [(isStart: Bool, isReversed: Bool, hit: Hit)] {
        let lineLength = binary.width
        var hits: [(isStart: Bool, isReversed: Bool, hit: Hit)] = []
        // Runs of the row, starting with a light one (the border counts as light). Every pixel's x is written and
        // kept only where its colour differs from the one before: no branch to mispredict on noisy rows.
        var changeCount = 0
        binary.cells.withUnsafeBufferPointer { cells in
            let row = cells.baseAddress! + y * lineLength
            var previous = 0, x = 0
            // Eight cells at a time where all hold the colour before them (margins, wide bars, the light around a
            // symbol: most of a row), one comparison for the eight.
            while x + 8 <= lineLength {
                let sameAsBefore = UInt64(truncatingIfNeeded: previous) &* 0x0101_0101_0101_0101
                if UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self) == sameAsBefore { x += 8; continue }
                for k in x..<(x + 8) {
                    let dark = row[k] != 0 ? 1 : 0
                    changes[changeCount] = k
                    changeCount &+= dark ^ previous
                    previous = dark
                }
                x += 8
            }
            while x < lineLength {
                let dark = row[x] != 0 ? 1 : 0
                changes[changeCount] = x
                changeCount &+= dark ^ previous
                previous = dark
                x += 1
            }
        }
        let n = changeCount + 1
        var runStart = 0
        for k in 0..<changeCount {
            begins[k] = Double(runStart); widths[k] = Double(changes[k] - runStart)
            runStart = changes[k]
        }
        begins[changeCount] = Double(runStart); widths[changeCount] = Double(lineLength - runStart)
        do {
            let w = UnsafeBufferPointer(start: widths, count: n)
            // Odd indices are dark runs.
            var i = 1
            while i < n {
                let quietBefore = i == 1 ? Double.infinity : w[i - 1]  // the image border counts as a quiet zone
                // Cheap tests first: each pattern has a bar 7 or 8 modules wide beside elements 1 module wide, which
                // `deviation` lets be no narrower than 5.6 or 4.9 units against at most 1.75 (so over 3.2 or 2.8 times
                // as wide; tested with a margin, these only spare it patterns it would turn down).
                if i + 7 < n, w[i] > 3.1 * w[i + 1], w[i] > 3.1 * w[i + 2],
                   let d = deviation(w, from: i, reversed: false, pattern: startPattern), d < 0.45 {
                    let unit = (begins[i + 7] + w[i + 7] - begins[i]) / 17
                    if quietBefore >= unit * 2 { hits.append((true, false, Hit(y: Double(y) + 0.5, outer: begins[i], module: unit))) }
                }
                if i + 8 < n, w[i] > 2.7 * w[i + 1], w[i] > 2.7 * w[i + 2],
                   let d = deviation(w, from: i, reversed: false, pattern: stopPattern), d < 0.45 {
                    let unit = (begins[i + 8] + w[i + 8] - begins[i]) / 18
                    let after = i + 9 < n - 1 ? w[i + 9] : .infinity
                    if after >= unit * 2 { hits.append((false, false, Hit(y: Double(y) + 0.5, outer: begins[i + 8] + w[i + 8], module: unit))) }
                }
                // Right to left: the stop pattern's last bar first; the start pattern's space of 3 precedes its bars.
                if i + 8 < n, w[i + 8] > 2.7 * w[i + 7], w[i + 8] > 2.7 * w[i + 6],
                   let d = deviation(w, from: i, reversed: true, pattern: stopPattern), d < 0.45, quietBefore >= w[i] * 2 {
                    let unit = (begins[i + 8] + w[i + 8] - begins[i]) / 18
                    hits.append((false, true, Hit(y: Double(y) + 0.5, outer: begins[i], module: unit)))
                }
                if i + 7 < n, w[i + 6] > 3.1 * w[i + 5], w[i + 6] > 3.1 * w[i + 4],
                   let d = deviation(w, from: i - 1, reversed: true, pattern: startPattern), d < 0.45 {
                    let unit = (begins[i + 6] + w[i + 6] - begins[i - 1]) / 17
                    let after = i + 7 < n - 1 ? w[i + 7] : .infinity
                    if after >= unit * 2 { hits.append((true, true, Hit(y: Double(y) + 0.5, outer: begins[i + 6] + w[i + 6], module: unit))) }
                }
                i += 2
            }
        }
        return hits
    }

    /// The edges with pieces of one edge joined: a piece that starts below another's end, within 40 modules, where the
    /// other's line leads (a stretch of a long edge lost to a scratch, glare or a fold).
    static func merged(_ edges: [Edge]) -> [Edge] {
        var pieces = edges.sorted { $0.top.y < $1.top.y }
        var i = 0
        while i < pieces.count {
            let e = pieces[i]
            if let k = pieces[..<i].lastIndex(where: { p in
                guard p.isStart == e.isStart, p.isReversed == e.isReversed, p.bottom.y < e.top.y,
                      e.top.y - p.bottom.y < 40 * p.module else { return false }
                let slope = p.hits.count >= 2 ? (p.bottom.x - p.top.x) / max(1, p.bottom.y - p.top.y) : 0
                return abs(p.bottom.x + slope * (e.top.y - p.bottom.y) - e.top.x) <= max(3, 3 * p.module)
            }) {
                pieces[k].hits += e.hits
                pieces.remove(at: i)
            } else {
                i += 1
            }
        }
        return pieces
    }
}
