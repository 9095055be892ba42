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

    /// The columns of a binary image read as lines: where each column's colour changes (light above the first row), found
    /// for a strip of 64 columns at a time by walking down the strip's rows, a cache line of cells a row (eight words of
    /// eight). For images up to 65,535 rows: the changes are kept as 16-bit rows (a strip's 64 × 481 × 2 bytes on 480
    /// rows stay under malloc's 128 KB mmap threshold, below which no call pays page faults for them).
    ///
    /// Walking each column down the image read a cache line a cell, and caused nearly half the L1 data misses of a frame
    /// without a code; a transposed copy of the image cost as many instructions as it saved, and the page faults of its
    /// fresh allocation on a large frame. Here each word is compared with the one above it: a word where no column the
    /// search reads changes colour (most of them) costs a few instructions for its eight cells. The changes are those the
    /// column walk finds (a cell is dark where it is not 0), in the same order.
    final class ColumnChanges {
        let binary: BitMatrix
        /// The columns read: every `step`-th from the first.
        let step: Int
        static let stripWidth = 64
        /// The strip whose changes `changes` and `counts` hold (columns from `strip * stripWidth`).
        private var strip = -1
        /// Column k of the strip's changes, from `slot(k) * (height + 1)`.
        private let changes: UnsafeMutablePointer<UInt16>
        private let counts: UnsafeMutablePointer<Int>

        init(_ binary: BitMatrix, step: Int) {
            self.binary = binary
            self.step = step
            changes = .allocate(capacity: Self.stripWidth * (binary.height + 1))
            counts = .allocate(capacity: Self.stripWidth)
        }

        deinit { changes.deallocate(); counts.deallocate() }

        /// Calls `body` with column `x`'s changes and their count (`x` one of the columns read).
        func withChanges<Result>(of x: Int, _ body: (UnsafePointer<UInt16>, Int) -> Result) -> Result {
            let wanted = x / Self.stripWidth, lane = x - wanted * Self.stripWidth
            if wanted != strip { find(strip: wanted) }
            let slot = Self.slot(lane)
            return body(changes + slot * (binary.height + 1), counts[slot])
        }

        /// Where column `lane` of a strip (0–63, byte j of its row's word w: 8w + j) keeps its changes and their count:
        /// 8j + w, the bit `find` gathers the column's change into (its two three-bit halves swapped).
        @inline(__always)
        static func slot(_ lane: Int) -> Int { (lane & 7) << 3 | lane >> 3 }

        private func find(strip wanted: Int) {
            strip = wanted
            let width = binary.width, height = binary.height, x0 = wanted * Self.stripWidth
            let lanes = min(Self.stripWidth, width - x0), listLength = height + 1
            for k in 0..<Self.stripWidth { counts[k] = 0 }
            binary.cells.withUnsafeBufferPointer { cells in
                let base = cells.baseAddress! + x0
                guard lanes == Self.stripWidth else {
                    // The last, narrower strip: cell by cell down each column read.
                    for lane in 0..<lanes where (x0 + lane) % step == 0 {
                        var previous = 0, count = 0
                        let list = changes + Self.slot(lane) * listLength
                        for y in 0..<height {
                            let dark = base[y &* width &+ lane] != 0 ? 1 : 0
                            list[count] = UInt16(truncatingIfNeeded: y)
                            count &+= dark ^ previous
                            previous = dark
                        }
                        counts[Self.slot(lane)] = count
                    }
                    return
                }
                // The strip's cells of a row gathered into one word, cell k (byte j of the row's word w: k = 8w + j) as
                // bit `slot(k)` = 8j + w: each word (bytes of 0 or 1) shifted up by w and or'd in, one shift and one or a
                // word. A row's changes are then its word against the row above's, masked to the columns read (every
                // `step`-th from the image's first): where each word's bytes were gathered into eight bits of their own
                // (a multiplication and two shifts), compared with the word above kept in memory and masked, a word at a
                // time (`falsepositives-1/21` 74.12 → 73.18 M instructions a decode, 2.15 M of them here before). The
                // bits' order matters only to where a column's changes are kept: each column's list is filled down the
                // rows all the same.
                var mask: UInt64 = 0
                for k in 0..<Self.stripWidth where (x0 + k) % step == 0 { mask |= 1 << UInt64(Self.slot(k)) }
                var above: UInt64 = 0
                let raw = UnsafeRawPointer(base)
                for y in 0..<height {
                    let row = raw + y &* width
                    var cells: UInt64 = 0
                    for w in 0..<8 {
                        var word = row.loadUnaligned(fromByteOffset: w &* 8, as: UInt64.self).littleEndian
                        // Each cell 0 or 1 (any set bit of a byte moved to its lowest bit) where some are neither.
                        if word & 0xFEFE_FEFE_FEFE_FEFE != 0 {
                            word |= word >> 4
                            word |= word >> 2
                            word |= word >> 1
                            word &= 0x0101_0101_0101_0101
                        }
                        cells |= word << UInt64(w)
                    }
                    // The row's changed columns as the bits of one word: one loop over them for the row, where a loop a
                    // word (and a test whether the word changed at all) went either way at random on texture, about
                    // every word.
                    var rowChanges = (cells ^ above) & mask
                    above = cells
                    while rowChanges != 0 {
                        let slot = rowChanges.trailingZeroBitCount
                        changes[slot &* listLength &+ counts[slot]] = UInt16(truncatingIfNeeded: y)
                        counts[slot] &+= 1
                        rowChanges &= rowChanges &- 1
                    }
                }
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

    /// The edges found on every `step`-th row of `binary` (of its columns, in transposed coordinates, when `transposed`),
    /// with at least `minimumHits` hits each.
    static func edges(in binary: BitMatrix, step: Int, transposed: Bool = false, minimumHits: Int = 3) -> [Edge] {
        let (lineCount, lineLength) = transposed ? (binary.width, binary.height) : (binary.height, binary.width)
        var open: [Edge] = []
        var closed: [Edge] = []
        // Scratch for one line, at most one run per pixel plus the leading light one: where the colour changes, then the
        // runs' begins and widths.
        let changes = UnsafeMutablePointer<Int32>.allocate(capacity: lineLength + 1)
        let begins = UnsafeMutablePointer<Double>.allocate(capacity: lineLength + 2)
        let widths = UnsafeMutablePointer<Double>.allocate(capacity: lineLength + 2)
        defer { changes.deallocate(); begins.deallocate(); widths.deallocate() }
        // The columns' colour changes found a strip of columns at a time, walking down its rows.
        let columns = transposed && binary.height <= Int(UInt16.max) ? ColumnChanges(binary, step: step) : nil
        // The row's hits, which edges are extended and the edges still open: arrays kept from row to row, emptied and
        // filled again. Made afresh, they cost up to three allocations a row that crosses a symbol: about 420 of
        // `pdf417-3/10`'s decode, whose edges took 77 k instructions more (515 k).
        var hits: [(isStart: Bool, isReversed: Bool, hit: Hit)] = []
        var extended: [Bool] = [], still: [Edge] = []
        for y in stride(from: 0, to: lineCount, by: step) {
            // Emptied only where not empty: `removeAll(keepingCapacity:)` costs a call even on an empty array, and most
            // rows of a frame hit no pattern.
            if !hits.isEmpty { hits.removeAll(keepingCapacity: true) }
            if let columns {
                columns.withChanges(of: y) { changes, count in
                    Self.hits(on: y, changes: changes, changeCount: count, lineLength: lineLength, begins: begins, widths: widths, into: &hits)
                }
            } else {
                Self.hits(on: y, of: binary, transposed: transposed, changes: changes, begins: begins, widths: widths, into: &hits)
            }
            // Extend the open edges; an edge not extended within a few modules is closed.
            if !extended.isEmpty { extended.removeAll(keepingCapacity: true) }
            if !open.isEmpty { extended.append(contentsOf: repeatElement(false, count: open.count)) }
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
            if !still.isEmpty { still.removeAll(keepingCapacity: true) }
            for (k, edge) in open.enumerated() {
                let gap = Double(y) + 0.5 - edge.hits.last!.y
                if extended[k] || gap <= max(Double(step) * 3, edge.module * 4) { still.append(edge) } else { closed.append(edge) }
            }
            swap(&open, &still)
        }
        return merged(closed + open).filter { $0.hits.count >= minimumHits }
    }

    /// `edges` found on every `step`-th row, each end carried on through the rows skipped beyond it while they hold a
    /// pattern of its kind near its outer side: the corners are then where a look at every row puts them.
    static func extended(_ edges: [Edge], in binary: BitMatrix, step: Int, transposed: Bool = false) -> [Edge] {
        guard step > 1, !edges.isEmpty else { return edges }
        let (lineCount, lineLength) = transposed ? (binary.width, binary.height) : (binary.height, binary.width)
        let changes = UnsafeMutablePointer<Int32>.allocate(capacity: lineLength + 1)
        let begins = UnsafeMutablePointer<Double>.allocate(capacity: lineLength + 2)
        let widths = UnsafeMutablePointer<Double>.allocate(capacity: lineLength + 2)
        defer { changes.deallocate(); begins.deallocate(); widths.deallocate() }
        func next(to end: Hit, of edge: Edge, on y: Int) -> Hit? {
            guard y >= 0, y < lineCount else { return nil }
            let reach = max(3.0, end.module * 2)
            return hits(on: y, of: binary, transposed: transposed, changes: changes, begins: begins, widths: widths).first { h in
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

    /// The start and stop patterns crossed by row `y` of `binary` (column `y`, in transposed coordinates, when
    /// `transposed`); `changes`, `begins` and `widths` are scratch for one line (its length plus two).
    static func hits(on y: Int, of binary: BitMatrix, transposed: Bool, changes: UnsafeMutablePointer<Int32>,
                     begins: UnsafeMutablePointer<Double>, widths: UnsafeMutablePointer<Double>)
        -> [(isStart: Bool, isReversed: Bool, hit: Hit)] {
        var found: [(isStart: Bool, isReversed: Bool, hit: Hit)] = []
        hits(on: y, of: binary, transposed: transposed, changes: changes, begins: begins, widths: widths, into: &found)
        return found
    }

    /// `hits(on:of:transposed:changes:begins:widths:)` appended to `hits` (a caller's array kept from line to line,
    /// `edges`).
    static func hits(on y: Int, of binary: BitMatrix, transposed: Bool, changes: UnsafeMutablePointer<Int32>,
                     begins: UnsafeMutablePointer<Double>, widths: UnsafeMutablePointer<Double>,
                     into hits: inout [(isStart: Bool, isReversed: Bool, hit: Hit)]) {
        let lineLength = transposed ? binary.height : binary.width
        let (along, across) = transposed ? (binary.width, 1) : (1, binary.width)
        // Runs of the row, starting with a light one (the border counts as light). Every pixel's x is written and
        // kept only where its colour differs from the one before: no branch to mispredict on noisy rows.
        var changeCount = 0
        binary.cells.withUnsafeBufferPointer { cells in
            let row = cells.baseAddress! + y * across
            var previous = 0, x = 0
            if along == 1 {
                // Along a row, 64 cells at a time: each cell's colour as a bit of one word (each word's bytes told dark
                // where not 0, gathered into eight bits), the changes where a bit differs from the one before, walked
                // in one loop. On texture the test of eight cells below went either way at random.
                while x &+ 64 <= lineLength {
                    var dark: UInt64 = 0
                    for w in 0..<8 {
                        let cells = UnsafeRawPointer(row + (x &+ w &* 8)).loadUnaligned(as: UInt64.self)
                        dark |= ByteFlags.gathered(ByteFlags.nonzero(cells)) << UInt64(w &* 8)
                    }
                    var changed = dark ^ (dark << 1 | UInt64(truncatingIfNeeded: previous))
                    previous = Int(truncatingIfNeeded: dark >> 63)
                    while changed != 0 {
                        changes[changeCount] = Int32(truncatingIfNeeded: x &+ changed.trailingZeroBitCount)
                        changeCount &+= 1
                        changed &= changed &- 1
                    }
                    x &+= 64
                }
                // Along a row, eight cells at a time where all hold the colour before them (margins, wide bars, the
                // light around a symbol: most of a row), one comparison for the eight.
                while x + 8 <= lineLength {
                    let sameAsBefore = UInt64(truncatingIfNeeded: previous) &* 0x0101_0101_0101_0101
                    if UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self) == sameAsBefore { x += 8; continue }
                    for k in x..<(x + 8) {
                        let dark = row[k] != 0 ? 1 : 0
                        changes[changeCount] = Int32(truncatingIfNeeded: k)
                        changeCount &+= dark ^ previous
                        previous = dark
                    }
                    x += 8
                }
            }
            while x < lineLength {
                let dark = row[x &* along] != 0 ? 1 : 0
                changes[changeCount] = Int32(truncatingIfNeeded: x)
                changeCount &+= dark ^ previous
                previous = dark
                x += 1
            }
        }
        Self.hits(on: y, changes: changes, changeCount: changeCount, lineLength: lineLength, begins: begins, widths: widths, into: &hits)
    }

    /// The start and stop patterns on line `y`, `lineLength` cells long, light at first, whose colour changes at the
    /// `changeCount` cells `changes` holds in order; `begins` and `widths` are scratch for its runs.
    static func hits<Position: FixedWidthInteger>(on y: Int, changes: UnsafePointer<Position>, changeCount: Int, lineLength: Int,
                     begins: UnsafeMutablePointer<Double>, widths: UnsafeMutablePointer<Double>)
        -> [(isStart: Bool, isReversed: Bool, hit: Hit)] {
        var found: [(isStart: Bool, isReversed: Bool, hit: Hit)] = []
        hits(on: y, changes: changes, changeCount: changeCount, lineLength: lineLength, begins: begins, widths: widths, into: &found)
        return found
    }

    /// `hits(on:changes:changeCount:lineLength:begins:widths:)` appended to `hits` (a caller's array kept from line to
    /// line, `edges`).
    static func hits<Position: FixedWidthInteger>(on y: Int, changes: UnsafePointer<Position>, changeCount: Int, lineLength: Int,
                     begins: UnsafeMutablePointer<Double>, widths: UnsafeMutablePointer<Double>,
                     into hits: inout [(isStart: Bool, isReversed: Bool, hit: Hit)]) {
        let n = changeCount + 1
        var runStart = 0
        for k in 0..<changeCount {
            let change = Int(changes[k])
            begins[k] = Double(runStart); widths[k] = Double(change - runStart)
            runStart = change
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
                // The start pattern right to left: its bar of 8 may be the line's last run (a symbol turned 90° or 180° that
                // reaches the far border, as the stop pattern's last bar may be read left to right): the border then counts
                // as its quiet zone.
                if i + 6 < n, w[i + 6] > 3.1 * w[i + 5], w[i + 6] > 3.1 * w[i + 4],
                   let d = deviation(w, from: i - 1, reversed: true, pattern: startPattern), d < 0.45 {
                    let unit = (begins[i + 6] + w[i + 6] - begins[i - 1]) / 17
                    let after = i + 7 < n - 1 ? w[i + 7] : .infinity
                    if after >= unit * 2 { hits.append((true, true, Hit(y: Double(y) + 0.5, outer: begins[i + 6] + w[i + 6], module: unit))) }
                }
                i += 2
            }
        }
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
