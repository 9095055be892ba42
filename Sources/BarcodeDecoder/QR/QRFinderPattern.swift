/// A candidate QR finder pattern: its centre, module size, and how many scans confirmed it.
struct QRFinderPattern: Sendable {
    var center: Point
    var moduleSize: Double
    var count: Int
}

/// Finds the 1:1:3:1:1 finder patterns of QR symbols in a binarized image.
enum QRFinderPatternFinder {
    /// The search reads every `rowStep`th row of the binary image, from row `rowStep / 2`.
    static func rowStep(effort: Int) -> Int { effort >= 3 ? 1 : effort == 2 ? 2 : 3 }

    /// The finder patterns in `bits`; `rows`, when given, holds the runs of the rows searched (`rowStep(effort:)`'s), made
    /// once for the frame's other searches of the same rows (the Aztec and MaxiCode bull's-eyes), else each row's runs are
    /// found here into one pair of buffers (cheaper than a table of every row, when nothing else reads them).
    static func find(_ bits: BitMatrix, effort: Int, rows: BinaryRowRunTable? = nil) -> [QRFinderPattern] {
        let rowStep = rowStep(effort: effort)
        var found: [QRFinderPattern] = []
        /// The five runs from each dark run of row `y` checked in place, with no array per dark run of every scanned row
        /// (that made this loop a third of the finder search); `length(i)` and `start(i)` are the row's `i`th run's.
        @inline(__always)
        /// Run indices and widths are within the row (its count and width): their arithmetic is done without overflow tests.
        func search(row y: Int, count: Int, length: (Int) -> Int, start: (Int) -> Int) {
            var i = bits[0, y] ? 0 : 1
            while i &+ 4 < count {
                if ratiosMatchBit(length(i), length(i &+ 1), length(i &+ 2), length(i &+ 3), length(i &+ 4)) != 0 {
                    let total = length(i) &+ length(i &+ 1) &+ length(i &+ 2) &+ length(i &+ 3) &+ length(i &+ 4)
                    if let p = confirm(bits, centerX: Double(start(i &+ 2)) + Double(length(i &+ 2)) / 2, y: y, total: total) {
                        add(p, to: &found)
                    }
                }
                i &+= 2
            }
        }
        if let rows {
            // The table's rows are read through pointers into it, so it is kept alive while they are.
            withExtendedLifetime(rows) {
                for y in stride(from: rowStep / 2, to: bits.height, by: rowStep) {
                    let runs = rows.row(y)
                    search(row: y, count: runs.count, length: { runs[$0].length }, start: { runs[$0].start })
                }
            }
            return found
        }
        // Each run's length and start, in room for the most runs a row can have (one a cell), allocated once.
        let room = max(1, bits.width)
        let runs = UnsafeMutablePointer<Int>.allocate(capacity: room), starts = UnsafeMutablePointer<Int>.allocate(capacity: room)
        defer { runs.deallocate(); starts.deallocate() }
        for y in stride(from: rowStep / 2, to: bits.height, by: rowStep) {
            var count = 0
            func append(_ start: Int, _ length: Int) {
                runs[count] = length
                starts[count] = start
                count += 1
            }
            // Runs of the row from its colour changes, found eight cells at a time (scanning cell by cell to each run's
            // end was over half of the row scanning).
            if bits.width > 0 {
                var start = 0
                bits.forEachColourChange(ofRow: y) { edge in
                    append(start, edge - start)
                    start = edge
                }
                append(start, bits.width - start)
            }
            search(row: y, count: count, length: { runs[$0] }, start: { starts[$0] })
        }
        return found
    }

    /// `ratiosMatch` as 1 or 0, every test made and combined as bits, with no branch: on texture about one place in a
    /// hundred passes, and the tests that turn the others down go either way at random (the chain of early exits
    /// mispredicted about twice a place, 75 k times a decode of `falsepositives-1/15`).
    ///
    /// The tests are made on whole numbers, with no division or conversion: with t the total and m = t / 7, a one-module
    /// run's |m − c| < 0.7m is 3t < 70c < 17t, the middle run's |3m − c| < 2.1m is 9t < 70c < 51t (and every length is then
    /// positive). Where the two sides differ they differ by at least 1/70 of a pixel, far beyond the doubles' rounding for
    /// any row under 2⁴⁰ pixels; where they are equal (t = 70k, so m = 10k exactly, and the run 3k, 17k, 9k or 51k) the
    /// run is off by exactly 7k or 21k, which the rounded tolerance (0.7 rounds below 7/10) never exceeds: both say no.
    @inline(__always)
    static func ratiosMatchBit(_ c0: Int, _ c1: Int, _ c2: Int, _ c3: Int, _ c4: Int) -> UInt64 {
        // Lengths are within a row's width: the sums and multiples are taken without overflow tests.
        let t = c0 &+ c1 &+ c2 &+ c3 &+ c4
        /// 1 where `x` is negative.
        func negative(_ x: Int) -> UInt64 { UInt64(bitPattern: Int64(x)) >> 63 }
        let low = 3 &* t, high = 17 &* t
        func oneModule(_ c: Int) -> UInt64 { negative(low &- 70 &* c) & negative(70 &* c &- high) }
        return negative(6 &- t) & oneModule(c0) & oneModule(c1) & oneModule(c3) & oneModule(c4)
            & negative(9 &* t &- 70 &* c2) & negative(70 &* c2 &- 51 &* t)
    }

    static func ratiosMatch(_ c0: Int, _ c1: Int, _ c2: Int, _ c3: Int, _ c4: Int) -> Bool {
        // Run lengths within one line of the matrix: their sum cannot overflow, and is added without the tests.
        let total = c0 &+ c1 &+ c2 &+ c3 &+ c4
        guard total >= 7, c0 > 0, c1 > 0, c2 > 0, c3 > 0, c4 > 0 else { return false }
        let m = Double(total) / 7
        let tolerance = m * 0.7
        return abs(m - Double(c0)) < tolerance && abs(m - Double(c1)) < tolerance && abs(3 * m - Double(c2)) < 3 * tolerance
            && abs(m - Double(c3)) < tolerance && abs(m - Double(c4)) < tolerance
    }

    /// Runs through (`x`, `y`) along (`dx`, `dy`): the total of the five run lengths centred on the dark centre, and
    /// where that centre lies from (`x`, `y`), or nil. (Run lengths in locals, not an array: confirming a candidate takes
    /// four of these, and every row crossing a finder makes a candidate.)
    static func crossCheck(_ bits: BitMatrix, _ x: Int, _ y: Int, _ dx: Int, _ dy: Int, limit: Int) -> (total: Int, centerOffset: Double)? {
        guard bits[x, y] else { return nil }
        // The cells are walked through a pointer, one step (`dy` rows and `dx` columns) at a time: step `i` back (or
        // forward) is inside the matrix while `i` is at most `back` (or `ahead`), so each cell costs one comparison
        // rather than the subscript's four bounds tests and a multiplication (this walk was half of the search's instructions).
        func steps(_ position: Int, _ direction: Int, _ size: Int) -> Int {
            direction > 0 ? size - 1 - position : direction < 0 ? position : Int.max
        }
        let back = min(steps(x, -dx, bits.width), steps(y, -dy, bits.height))
        let ahead = min(steps(x, dx, bits.width), steps(y, dy, bits.height))
        let step = dy * bits.width + dx
        return bits.cells.withUnsafeBufferPointer { cells -> (total: Int, centerOffset: Double)? in
            let center = cells.baseAddress! + (y * bits.width + x)
            // Steps and counts never exceed a side of the matrix: they are taken without overflow tests (which were a
            // third of each step).
            // Each run's walk stops at the image's end or once its count would pass its limit, one bound on the step:
            // a run's count is the steps taken since it began, so its limit is a last step (`last`).
            func run(from start: Int, last: Int, dark: Bool, _ cell: (Int) -> UInt8) -> Int {
                var i = start
                while i <= last && (cell(i) != 0) == dark { i &+= 1 }
                return i
            }
            let behind = { (i: Int) in center[0 &- i &* step] }, before = { (i: Int) in center[i &* step] }
            let b2 = run(from: 0, last: min(back, limit), dark: true, behind)
            let b1 = run(from: b2, last: min(back, b2 &+ limit), dark: false, behind)
            let b0 = run(from: b1, last: min(back, b1 &+ limit), dark: true, behind)
            let backward = b2
            // Ahead the middle run goes on from its `backward` cells, so at step i it holds backward + i − 1.
            let f2 = run(from: 1, last: min(ahead, 3 &* limit &- backward &+ 1), dark: true, before)
            let f3 = run(from: f2, last: min(ahead, f2 &+ limit), dark: false, before)
            let f4 = run(from: f3, last: min(ahead, f3 &+ limit), dark: true, before)
            let c0 = b0 &- b1, c1 = b1 &- b2, c2 = backward &+ f2 &- 1, c3 = f3 &- f2, c4 = f4 &- f3
            // The whole-number test without branches: `ratiosMatch`'s answer (`ratiosMatchBit`).
            guard ratiosMatchBit(c0, c1, c2, c3, c4) != 0 else { return nil }
            let forward = c2 - backward
            return (c0 + c1 + c2 + c3 + c4, Double(forward - backward + 1) / 2)
        }
    }

    /// The finder pattern whose row runs total `total` pixels around `centerX` on row `y`, confirmed down, across and
    /// along a diagonal, or nil.
    static func confirm(_ bits: BitMatrix, centerX: Double, y: Int, total: Int) -> QRFinderPattern? {
        let limit = total
        let cx = Int(centerX)
        guard let v = crossCheck(bits, cx, y, 0, 1, limit: limit) else { return nil }
        let cy = Double(y) + v.centerOffset
        // `cy` is the central pixel's row, or halfway between two (a column run of even length): at k + ½ rounding picks
        // row k + 1 of the two central rows. Where the row across fails there (on a turned finder, a light ring one pixel
        // wide on that row), row k is checked too; a pattern confirmed there must pass both diagonals, not one, so that
        // texture gains few candidates (each can cost its triples' looks). Rows that pass at k + 1 are taken as before.
        var row = Int(cy.rounded())
        var across = crossCheck(bits, cx, row, 1, 0, limit: limit)
        let secondRow = across == nil
        if secondRow {
            guard cy != cy.rounded(.down) else { return nil }
            row = Int(cy.rounded(.down))
            across = crossCheck(bits, cx, row, 1, 0, limit: limit)
        }
        guard let h = across else { return nil }
        let cx2 = Double(cx) + h.centerOffset
        let falling = crossCheck(bits, Int(cx2), row, 1, 1, limit: limit) != nil
        guard secondRow ? falling && crossCheck(bits, Int(cx2), row, 1, -1, limit: limit) != nil
                         : falling || crossCheck(bits, Int(cx2), row, 1, -1, limit: limit) != nil else { return nil }
        let vt = v.total, ht = h.total
        guard Double(max(vt, ht)) < Double(min(vt, ht)) * 2 else { return nil }
        let module = Double(vt + ht + total) / 21
        return QRFinderPattern(center: Point(cx2 + 0.5, cy + 0.5), moduleSize: module, count: 1)
    }

    static func add(_ p: QRFinderPattern, to found: inout [QRFinderPattern]) {
        for i in found.indices {
            let f = found[i]
            if f.center.distance(to: p.center) < max(f.moduleSize, p.moduleSize) * 2, abs(f.moduleSize - p.moduleSize) < max(1.5, f.moduleSize * 0.5) {
                let n = Double(f.count)
                found[i] = QRFinderPattern(center: (f.center * n + p.center) * (1 / (n + 1)), moduleSize: (f.moduleSize * n + p.moduleSize) / (n + 1), count: f.count + 1)
                return
            }
        }
        found.append(p)
    }
}
