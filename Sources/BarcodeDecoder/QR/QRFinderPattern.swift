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
        // Each row's places are tested eight at a time (`RatioPlaces`), in buffers made once for the rows' runs.
        let places = RatioPlaces(width: bits.width)
        defer { places.deallocate() }
        /// The five runs from each dark run of row `y` checked in place, with no array per dark run of every scanned row
        /// (that made this loop a third of the finder search); `length(i)` and `start(i)` are the row's `i`th run's.
        @inline(__always)
        func search(row y: Int, count: Int, lengths: UnsafePointer<Int>, stride: Int, length: (Int) -> Int, start: (Int) -> Int) {
            places.forEachMatch(first: bits[0, y] ? 0 : 1, count: count, lengths: lengths, stride: stride) { i in
                let total = length(i) &+ length(i &+ 1) &+ length(i &+ 2) &+ length(i &+ 3) &+ length(i &+ 4)
                if let p = confirm(bits, centerX: Double(start(i &+ 2)) + Double(length(i &+ 2)) / 2, y: y, total: total) {
                    add(p, to: &found)
                }
            }
        }
        if let rows {
            // The table's rows are read through pointers into it, so it is kept alive while they are.
            withExtendedLifetime(rows) {
                for y in stride(from: rowStep / 2, to: bits.height, by: rowStep) {
                    let runs = rows.row(y)
                    guard let first = runs.baseAddress else { continue }
                    // The runs' lengths: each run is a (start, length) pair of words.
                    let lengths = UnsafeRawPointer(first).advanced(by: MemoryLayout<Int>.stride).assumingMemoryBound(to: Int.self)
                    search(row: y, count: runs.count, lengths: lengths, stride: 2, length: { runs[$0].length },
                           start: { runs[$0].start })
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
            search(row: y, count: count, lengths: runs, stride: 1, length: { runs[$0] }, start: { starts[$0] })
        }
        return found
    }

    /// The places of a row whose five runs pass the ratio test, found eight places at a time.
    ///
    /// A row's places are its runs `first`, `first + 2`, … with four runs after them: testing each on its own
    /// (`ratiosMatchBit`, about 57 instructions a place) was two thirds of the search on a frame without a code. The
    /// places' run lengths, and 70 times each, are copied into arrays of 32-bit numbers, the runs the places start with
    /// (`dark`) apart from the runs after those (`light`), so that place k's runs are `dark[k]`, `light[k]`,
    /// `dark[k + 1]`, `light[k + 1]` and `dark[k + 2]`: eight places' runs are then loads from five offsets, and
    /// `ratiosMatchBit`'s whole-number tests are made on the eight at once (`passing`). Each run's 70 times is made once
    /// rather than once for each of the two or three places it is in. The 32-bit numbers do not overflow: every length
    /// and total is at most the row's width, and only widths under 2²⁴ are tested so (70 times one is under 2³¹).
    struct RatioPlaces {
        /// The rows this wide or wider are tested a place at a time.
        static let widest = 1 << 24

        /// The lengths of the runs the places start with and of the runs after those, and 70 times each.
        private let dark: UnsafeMutablePointer<Int32>, light: UnsafeMutablePointer<Int32>
        private let dark70: UnsafeMutablePointer<Int32>, light70: UnsafeMutablePointer<Int32>
        /// The passing places of a row (`matches`).
        private let places: UnsafeMutablePointer<Int32>
        /// How many numbers each array has room for.
        private let room: Int

        /// Room for the places of rows of `width` cells.
        init(width: Int) {
            // A row has at most `width` runs, so at most `width / 2` places, and the tests read up to nine entries past
            // a row's last place (see `forEachMatch`). Zeros at first: the lanes past a row's places read numbers that
            // are there, from this row or an earlier one, and are dropped whatever they give. No room for rows too
            // wide for the 32-bit tests.
            let room = width < Self.widest ? width / 2 + 16 : 0
            self.room = room
            func zeros() -> UnsafeMutablePointer<Int32> {
                let p = UnsafeMutablePointer<Int32>.allocate(capacity: room)
                p.initialize(repeating: 0, count: room)
                return p
            }
            (dark, light, dark70, light70, places) = (zeros(), zeros(), zeros(), zeros(), zeros())
        }

        func deallocate() {
            dark.deallocate(); light.deallocate(); dark70.deallocate(); light70.deallocate(); places.deallocate()
        }

        /// Calls `visit` with each place `i` = `first`, `first + 2`, … with `i + 4 < count` whose runs pass the ratio test,
        /// in order: as the loop `while i + 4 < count { if ratiosMatchBit(…) != 0 { visit(i) }; i += 2 }` does, which it
        /// is for rows too wide for 32-bit tests. Run `i`'s length (from 1 to the row's width) is `lengths[i * stride]`.
        @inline(__always)
        func forEachMatch(first: Int, count: Int, lengths: UnsafePointer<Int>, stride: Int, _ visit: (Int) -> Void) {
            // A row has at most `width` runs (and room was made for those): places and reads past them then fit.
            guard count <= 2 &* (room &- 16) else {
                var i = first
                while i &+ 4 < count {
                    let c = { (k: Int) in lengths[(i &+ k) &* stride] }
                    if ratiosMatchBit(c(0), c(1), c(2), c(3), c(4)) != 0 { visit(i) }
                    i &+= 2
                }
                return
            }
            let found = matches(first: first, count: count, lengths: lengths, stride: stride)
            for k in 0..<found { visit(first &+ 2 &* Int(places[k])) }
        }

        /// Writes the passing places' k (place k at run `first + 2k`) to `places` in order, and returns how many
        /// (`forEachMatch`). Out of line: its loops then keep their pointers in registers.
        @inline(never)
        private func matches(first: Int, count: Int, lengths: UnsafePointer<Int>, stride: Int) -> Int {
            // Places k = 0 ..< n, place k at run first + 2k; its last run, first + 2k + 4, is a row's run.
            let n = count &- first &- 4 > 0 ? (count &- first &- 5) / 2 &+ 1 : 0
            guard n > 0 else { return 0 }
            let dark = dark, light = light, dark70 = dark70, light70 = light70
            // Runs first + 2j into `dark` and first + 2j + 1 into `light`, up to place n − 1's last, first + 2n + 2.
            var run = lengths + first &* stride
            let twoRuns = 2 &* stride
            for j in 0..<(n &+ 1) {
                let c = Int32(truncatingIfNeeded: run[0]), d = Int32(truncatingIfNeeded: run[stride])
                dark[j] = c; dark70[j] = c &* 70
                light[j] = d; light70[j] = d &* 70
                run += twoRuns
            }
            let last = Int32(truncatingIfNeeded: run[0])
            dark[n &+ 1] = last; dark70[n &+ 1] = last &* 70
            var found = 0
            var base = 0
            while base < n {
                var passing = passing(base)
                // Only places under n: the lanes past it hold other runs.
                if n &- base < 8 { passing &= (1 &<< UInt64(n &- base)) &- 1 }
                while passing != 0 {
                    places[found] = Int32(truncatingIfNeeded: base &+ passing.trailingZeroBitCount)
                    found &+= 1
                    passing &= passing &- 1
                }
                base &+= 8
            }
            return found
        }

        /// The places `base` to `base + 7` that pass `ratiosMatchBit`'s tests, as bits 0 to 7, made on 32 bits: each test
        /// holds where its difference is negative, so a place passes exactly where the AND of its differences is.
        @inline(__always)
        private func passing(_ base: Int) -> UInt64 {
            @inline(__always) func load(_ p: UnsafeMutablePointer<Int32>, _ offset: Int) -> SIMD8<Int32> {
                UnsafeRawPointer(p + (base &+ offset)).loadUnaligned(as: SIMD8<Int32>.self)
            }
            let t = load(dark, 0) &+ load(light, 0) &+ load(dark, 1) &+ load(light, 1) &+ load(dark, 2)
            let low = t &+ t &+ t, high = (t &<< 4) &+ t
            let c0 = load(dark70, 0), c1 = load(light70, 0), c2 = load(dark70, 1), c3 = load(light70, 1), c4 = load(dark70, 2)
            let all = (SIMD8<Int32>(repeating: 6) &- t) & (low &- c0) & (c0 &- high) & (low &- c1) & (c1 &- high)
                & (low &- c3) & (c3 &- high) & (low &- c4) & (c4 &- high)
                & ((t &<< 3) &+ t &- c2) & (c2 &- (high &+ high &+ high))
            // Each lane's sign as a byte of 0 or 1, gathered into bits.
            let signs = SIMD8<UInt8>(truncatingIfNeeded: SIMD8<UInt32>(truncatingIfNeeded: all) &>> 31)
            return ByteFlags.gathered(unsafeBitCast(signs, to: UInt64.self))
        }
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
