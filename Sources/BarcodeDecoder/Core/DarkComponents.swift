/// Connected regions of dark cells in a binarized image, each as its outline points (leftmost and rightmost cell of every row).
struct DarkComponent {
    var minX: Int, minY: Int, maxX: Int, maxY: Int
    var area: Int
    /// Leftmost and rightmost cell centres per row.
    var outline: [Point]
}

enum DarkComponents {
    /// The colour changes of `count` cells (1 to 64, each 0 or 1, as every `BitMatrix`'s cells are: its setter and the
    /// binarizers write nothing else) as bits: bit k is 1 where cell k differs from the one before it, `before` (0 or 1)
    /// being the colour before cell 0. The cells' bytes are gathered into bits eight at a time (`ByteFlags.gathered`:
    /// bytes of 0 or 1 are its flags), then each bit compared with the one below it.
    @inline(__always)
    static func changes(_ cells: UnsafePointer<UInt8>, count: Int, after before: UInt64) -> UInt64 {
        var dark: UInt64 = 0
        if count == 64 {
            // A whole block: eight words, unrolled.
            for k in 0..<8 {
                let word = UInt64(littleEndian: UnsafeRawPointer(cells + 8 &* k).loadUnaligned(as: UInt64.self))
                dark |= ByteFlags.gathered(word) << UInt64(8 &* k)
            }
            return dark ^ ((dark << 1) | before)
        }
        var k = 0
        while k &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(cells + k).loadUnaligned(as: UInt64.self))
            dark |= ByteFlags.gathered(word) << UInt64(k)
            k &+= 8
        }
        while k < count {
            dark |= UInt64(cells[k]) << UInt64(k)
            k &+= 1
        }
        return (dark ^ ((dark << 1) | before)) & ((1 << UInt64(count)) &- 1)
    }

    /// Components (4-connected) whose bounding box is at least `minimumSide` cells on each side, in the raster order of
    /// their first cell, at most `maximumCount`.
    ///
    /// Labelled by runs, not cells: each row's dark runs are joined (union–find) to the runs they touch in the row above,
    /// so the work grows with the number of runs rather than of dark cells (a flood fill touched every dark cell with four
    /// neighbour checks and a division, ~10 % of a frame without a code).
    ///
    /// Of those, only the ones `isKept` accepts (given each with its box and area, its outline not yet made) are returned,
    /// with their outlines; the others still count towards `maximumCount`. A caller that drops components by their box and
    /// area (the Data Matrix detector's shape test) so gets what it would from filtering all of them, without their
    /// outlines being made (a row's ends gathered and an array built for each).
    static func find(_ bits: BitMatrix, minimumSide: Int, maximumCount: Int = 400,
                     keeping isKept: (DarkComponent) -> Bool = { _ in true }) -> [DarkComponent] {
        let w = bits.width, h = bits.height
        guard w > 0, h > 0 else { return [] }
        // Runs in raster order: row, first and last cell. In buffers of their own, doubled when full: a busy frame has
        // tens of thousands of runs, and appending to arrays cost a uniqueness test and a capacity test for each (a fifth
        // of the labelling).
        // Room for 96 runs a row at first: busy 640×480 frames have 20–32 thousand runs, and starting at 8 a row they
        // grew the buffers three times a labelling (2.6 M instructions over 16 labellings of copying); at 32 a row
        // most labellings of the no-code frames, the pyramid's smaller layer too, still grew them once (1 M
        // instructions of copying on a frame), and at 64 a row the busiest still did (two labellings of
        // `falsepositives-1/16`, 30.6 and 31.6 thousand runs: 1 MB of copying a decode). A row holds at most (w + 1) / 2
        // runs, and room for them is made before the row is scanned: a buffer grows once it has less than that left.
        // Only the runs written are touched, so the room costs no more.
        var capacity = Swift.max(1024, h * 96)
        var runY = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        var runX0 = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        var runX1 = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        // Each run's parent in the union–find forest (a root is its own parent).
        var parent = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        defer { runY.deallocate(); runX0.deallocate(); runX1.deallocate(); parent.deallocate() }
        // A row holds at most (w + 1) / 2 runs: the buffers are made room for once a row, before it is scanned, so the
        // scan itself stores each run through pointers held in registers with no capacity test (a test per run, and the
        // pointers reloaded from memory after it, were a sixth of the scan).
        let mostPerRow = (w + 1) / 2
        var count = 0
        // The index of the first run of the row above (the row before the first has none).
        var aboveStart = 0
        bits.cells.withUnsafeBufferPointer { cells in
            for y in 0..<h {
                if count + mostPerRow > capacity {
                    var grown = capacity * 2
                    while count + mostPerRow > grown { grown *= 2 }
                    func moved(_ old: UnsafeMutablePointer<Int32>) -> UnsafeMutablePointer<Int32> {
                        let new = UnsafeMutablePointer<Int32>.allocate(capacity: grown)
                        new.update(from: old, count: count)
                        old.deallocate()
                        return new
                    }
                    (runY, runX0, runX1, parent, capacity) = (moved(runY), moved(runX0), moved(runX1), moved(parent), grown)
                }
                let row = cells.baseAddress! + y * w
                let ys = runY, x0s = runX0, x1s = runX1, p = parent
                // By path halving. Most runs of the row above point straight at their root (joined to it, or roots
                // themselves): that is tested first, with the parent's own parent loaded once (halving such a run's
                // pointer stores what is there and loads the parent's parent again, a third of the search's
                // instructions on a busy frame).
                @inline(__always) func root(_ i: Int) -> Int {
                    let up = Int(p[i])
                    let upper = Int(p[up])
                    if upper == up { return up }
                    p[i] = Int32(truncatingIfNeeded: upper)
                    var i = upper
                    while Int(p[i]) != i { p[i] = p[Int(p[i])]; i = Int(p[i]) }
                    return i
                }
                let y32 = Int32(truncatingIfNeeded: y)
                // The row's dark runs, left to right, from its colour changes: the cell before the row is taken as light,
                // so the changes pair off, each dark run beginning at one change and ending before the next. The changes
                // are found 64 cells at a time (`changes`) and walked by their bits, two at a time: finding each run's
                // ends by a loop over its cells, eight at a time, ended with a mispredicted branch at most runs of a
                // textured frame; walking the changes one at a time, every run written and a dark one kept by moving on
                // a slot, cost a light run's writes and steps for each dark run (a fifth of the labelling). A run still
                // open at a block's end ends at the next block's first change, or at the row's end. Stored in 32 bits
                // without range tests: a side of 2³¹ cells would be a row of 2 GB.
                var n = count
                var start = 0, open = false
                var before: UInt64 = 0
                var x = 0
                @inline(__always) func run(_ first: Int, _ last: Int) {
                    ys[n] = y32; x0s[n] = Int32(truncatingIfNeeded: first); x1s[n] = Int32(truncatingIfNeeded: last)
                    n &+= 1
                }
                while x < w {
                    let cells = Swift.min(64, w &- x)
                    var word = Self.changes(row + x, count: cells, after: before)
                    before = UInt64(row[x &+ cells &- 1])
                    if open, word != 0 {
                        run(start, x &+ word.trailingZeroBitCount &- 1)
                        word &= word &- 1
                        open = false
                    }
                    while word != 0 {
                        let first = x &+ word.trailingZeroBitCount
                        word &= word &- 1
                        if word == 0 {
                            start = first
                            open = true
                            break
                        }
                        run(first, x &+ word.trailingZeroBitCount &- 1)
                        word &= word &- 1
                    }
                    x &+= 64
                }
                if open { run(start, w &- 1) }
                // Each run joined to the runs of the row above that it touches (their spans overlap): the runs above
                // from `above` on have not ended left of the runs joined so far (both rows' runs come left to right).
                var above = aboveStart
                let aboveEnd = count
                aboveStart = count
                for r in count..<n {
                    let first = x0s[r], last = x1s[r]
                    p[r] = Int32(truncatingIfNeeded: r)
                    while above < aboveEnd && x1s[above] < first { above &+= 1 }
                    // The root of this run's component, kept as it is joined: it changes only by these joins while the
                    // run is being joined (the smaller root of two joined is the root of both).
                    var rootHere = r
                    var a = above
                    while a < aboveEnd && x0s[a] <= last {
                        let ra = root(a)
                        // The smaller index as root: a component's root is its first run in raster order.
                        if ra < rootHere {
                            p[rootHere] = Int32(truncatingIfNeeded: ra)
                            rootHere = ra
                        } else if rootHere < ra {
                            p[ra] = Int32(truncatingIfNeeded: rootHere)
                        }
                        a &+= 1
                    }
                    // The runs above that this run touched, but the last, end before its end, so before the next run
                    // begins: the next run's search starts at the last (which may reach past this run's end).
                    if a > above { above = a &- 1 }
                }
                count = n
            }
        }
        guard count > 0 else { return [] }
        // One pass over the runs in raster order points every run at its root and gathers the roots' boxes and areas.
        // A run's parent never follows it (a root is its component's first run, and halving only moves a pointer to an
        // earlier run), so its parent's pointer is already final. A root is met before the rest of its component: its
        // entries start from its own run, with no initial fill; its row is the component's top row, and as rows only
        // grow along the runs, the last run's row is the bottom one.
        let boxes = UnsafeMutablePointer<Int32>.allocate(capacity: 3 * count)
        let area = UnsafeMutablePointer<Int>.allocate(capacity: count)
        // Each root's offset into the outline rows (see `rowBase` below).
        let rowBase = UnsafeMutablePointer<Int32>.allocate(capacity: count)
        // The roots in raster order, gathered by the same pass: the components are then picked from the roots alone
        // rather than from every run (a busy frame has seven or eight runs a component).
        let roots = UnsafeMutablePointer<Int32>.allocate(capacity: count)
        defer { boxes.deallocate(); area.deallocate(); rowBase.deallocate(); roots.deallocate() }
        let minX = boxes, maxX = boxes + count, maxY = boxes + 2 * count
        var rootCount = 0
        for i in 0..<count {
            let r = Int(parent[Int(parent[i])])
            parent[i] = Int32(truncatingIfNeeded: r)
            if r == i {
                minX[r] = runX0[i]; maxX[r] = runX1[i]; maxY[r] = runY[i]
                area[r] = Int(runX1[i] &- runX0[i] &+ 1)
                roots[rootCount] = Int32(truncatingIfNeeded: r)
                rootCount &+= 1
            } else {
                minX[r] = min(minX[r], runX0[i]); maxX[r] = max(maxX[r], runX1[i]); maxY[r] = runY[i]
                area[r] &+= Int(runX1[i] &- runX0[i] &+ 1)
            }
        }
        var components: [DarkComponent] = []
        // Each component's leftmost and rightmost cell per row, in two flat buffers: row y of the component whose root is
        // `r` is at `rowBase[r] + y`, its rows following those of the components before it (nested arrays cost a bounds
        // and a uniqueness test at both levels for every run). Every component has rows of its own, kept or not, so each
        // run finds its row from its root alone, without a branch or a mask on whether its component is kept (kept and
        // other components' runs interleave at random: a branch was mispredicted once in six runs, and a mask choosing
        // between a kept component's row and a throw-away row cost a slot, a base and the mask, eight instructions a
        // run). The rows of the components not kept are written and never read; as every row of a component holds one
        // of its runs, there are no more rows than runs.
        var rowCount = 0
        for root in UnsafeBufferPointer(start: roots, count: rootCount) {
            let r = Int(root)
            rowBase[r] = Int32(truncatingIfNeeded: rowCount &- Int(runY[r]))
            rowCount &+= Int(maxY[r] &- runY[r]) &+ 1
        }
        // The kept components' roots, in the order of `components`.
        var keptRoots: [Int] = []
        // The first run of the first component kept: no earlier run belongs to a kept component (a component's root is
        // its first run).
        var firstKept = count
        // The components of at least `minimumSide` met so far, kept or not.
        var counted = 0
        for root in UnsafeBufferPointer(start: roots, count: rootCount) {
            let r = Int(root)
            // A root's own row is its component's top row.
            guard maxX[r] - minX[r] + 1 >= minimumSide && maxY[r] - runY[r] + 1 >= minimumSide else { continue }
            counted += 1
            let component = DarkComponent(minX: Int(minX[r]), minY: Int(runY[r]), maxX: Int(maxX[r]), maxY: Int(maxY[r]),
                                          area: area[r], outline: [])
            if isKept(component) {
                firstKept = Swift.min(firstKept, r)
                components.append(component)
                keptRoots.append(r)
            }
            if counted >= maximumCount { break }
        }
        guard !components.isEmpty else { return [] }
        let rowMin = UnsafeMutablePointer<Int32>.allocate(capacity: rowCount), rowMax = UnsafeMutablePointer<Int32>.allocate(capacity: rowCount)
        defer { rowMin.deallocate(); rowMax.deallocate() }
        // Only the least starts are taken from what is there; a row's rightmost end is always written (every row of a
        // component holds one of its runs).
        rowMin.initialize(repeating: Int32.max, count: rowCount)
        // A row's runs come left to right: the first of a component's runs met in a row is its leftmost (the least of
        // their starts), the last its rightmost.
        for i in firstKept..<count {
            let k = Int(rowBase[Int(parent[i])]) &+ Int(runY[i])
            rowMin[k] = min(rowMin[k], runX0[i])
            rowMax[k] = runX1[i]
        }
        // A component is 4-connected, so each of its rows from the top to the bottom holds one of its runs at least: every
        // row of a kept component has its two ends.
        for s in components.indices {
            let rows = components[s].maxY - components[s].minY + 1
            let first = Int(rowBase[keptRoots[s]]) + components[s].minY
            let mins = rowMin + first, maxes = rowMax + first
            let top = components[s].minY
            // Written in place: appending tested the capacity and uniqueness twice a row.
            components[s].outline = [Point](unsafeUninitializedCapacity: rows * 2) { outline, initialized in
                let points = outline.baseAddress!
                for row in 0..<rows {
                    let y = Double(top &+ row) + 0.5
                    points[2 &* row] = Point(Double(mins[row]) + 0.5, y)
                    points[2 &* row &+ 1] = Point(Double(maxes[row]) + 0.5, y)
                }
                initialized = rows * 2
            }
        }
        return components
    }
}
