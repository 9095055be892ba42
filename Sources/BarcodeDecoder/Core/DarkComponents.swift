/// Connected regions of dark cells in a binarized image, each as its outline points (leftmost and rightmost cell of every row).
struct DarkComponent {
    var minX: Int, minY: Int, maxX: Int, maxY: Int
    var area: Int
    /// Leftmost and rightmost cell centres per row.
    var outline: [Point]
}

enum DarkComponents {
    /// A component's box and area while its runs are joined (`find`), kept at its root: each run joining it widens it,
    /// and when two components join, the later root's box joins the earlier's. Kept up as the runs are joined rather
    /// than gathered in a pass over every run afterwards (which also had to find each run's root first).
    struct RootBox {
        var minX: Int32, maxX: Int32, minY: Int32, maxY: Int32
        var area: Int

        /// This box widened to hold `other` as well, the areas summed.
        @inline(__always)
        mutating func join(_ other: RootBox) {
            minX = Swift.min(minX, other.minX); maxX = Swift.max(maxX, other.maxX)
            minY = Swift.min(minY, other.minY); maxY = Swift.max(maxY, other.maxY)
            area &+= other.area
        }
    }

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

    /// The root of run `i` in the union–find forest `p`, by path halving. Most runs of the row above point straight at
    /// their root (joined to it, or roots themselves): that is tested first, with the parent's own parent loaded once
    /// (halving such a run's pointer stores what is there and loads the parent's parent again, a third of the search's
    /// instructions on a busy frame).
    @inline(__always)
    static func root(_ i: Int, _ p: UnsafeMutablePointer<Int32>) -> Int {
        let up = Int(p[i])
        let upper = Int(p[up])
        if upper == up { return up }
        p[i] = Int32(truncatingIfNeeded: upper)
        var i = upper
        while Int(p[i]) != i { p[i] = p[Int(p[i])]; i = Int(p[i]) }
        return i
    }

    /// The runs of the row above from `a` on that start by `last` (a sentinel starting after every cell ends them)
    /// joined to the component whose root is `rootHere` (`find`): the root of them all and the first run above not
    /// touched.
    @inline(never)
    static func joinFurther(from a: Int, through last: Int32, root rootHere: Int, starts: UnsafeMutablePointer<Int32>,
                            _ p: UnsafeMutablePointer<Int32>, _ box: UnsafeMutablePointer<RootBox>) -> (root: Int, next: Int) {
        var rootHere = rootHere, a = a
        while starts[a] <= last {
            let ra = root(a, p)
            // The smaller index as root: a component's root is its first run in raster order. The other root's box
            // joins the new root's.
            if ra < rootHere {
                p[rootHere] = Int32(truncatingIfNeeded: ra)
                box[ra].join(box[rootHere])
                rootHere = ra
            } else if rootHere < ra {
                p[ra] = Int32(truncatingIfNeeded: rootHere)
                box[rootHere].join(box[ra])
            }
            a &+= 1
        }
        return (rootHere, a)
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
        // Runs in raster order, first and last cell, row `y`'s from `rowStart[y]`, each row's followed by a sentinel
        // (see below). In buffers of their own, doubled when full: a busy frame has tens of thousands of runs, and
        // appending to arrays cost a uniqueness test and a capacity test for each (a fifth of the labelling).
        // Room for 96 runs a row at first: busy 640×480 frames have 20–32 thousand runs, and starting at 8 a row they
        // grew the buffers three times a labelling (2.6 M instructions over 16 labellings of copying); at 32 a row
        // most labellings of the no-code frames, the pyramid's smaller layer too, still grew them once (1 M
        // instructions of copying on a frame), and at 64 a row the busiest still did (two labellings of
        // `falsepositives-1/16`, 30.6 and 31.6 thousand runs: 1 MB of copying a decode). A row holds at most (w + 1) / 2
        // runs, and room for them and the sentinel is made before the row is scanned: a buffer grows once it has less
        // than that left. Only the runs written are touched, so the room costs no more.
        var capacity = Swift.max(1024, h * 96)
        var runX0 = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        var runX1 = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        // Each run's parent in the union–find forest (a root is its own parent).
        var parent = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        // Each root's box and area, kept up as runs join it (`RootBox`); the entries of runs that are no roots, or
        // roots no longer, are left as they were.
        var boxes = UnsafeMutablePointer<RootBox>.allocate(capacity: capacity)
        // The runs that began a component (touched no run above), in raster order: every root is one of them.
        var began = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        let rowStart = UnsafeMutablePointer<Int>.allocate(capacity: h + 1)
        defer {
            runX0.deallocate(); runX1.deallocate(); parent.deallocate(); boxes.deallocate(); began.deallocate()
            rowStart.deallocate()
        }
        // A row holds at most (w + 1) / 2 runs: the buffers are made room for once a row, before it is scanned, so the
        // scan itself stores each run through pointers held in registers with no capacity test (a test per run, and the
        // pointers reloaded from memory after it, were a sixth of the scan).
        let mostPerRow = (w + 1) / 2 + 1
        // Each row's runs are followed by a sentinel run starting and ending at `Int32.max`, after every cell: the
        // searches along the row above stop at it without a test of the row's end (two instructions a step, and a step
        // or two a run). Slot 0 is the sentinel of the row before the first, which has no runs.
        runX0[0] = Int32.max; runX1[0] = Int32.max
        parent[0] = 0
        var count = 1, beganCount = 0
        // The index of the first run of the row above.
        var aboveStart = 0
        bits.cells.withUnsafeBufferPointer { cells in
            for y in 0..<h {
                if count + mostPerRow > capacity {
                    var grown = capacity * 2
                    while count + mostPerRow > grown { grown *= 2 }
                    func moved<T>(_ old: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<T> {
                        let new = UnsafeMutablePointer<T>.allocate(capacity: grown)
                        // As bytes: a box entry of a run that never was a root was never written.
                        UnsafeMutableRawPointer(new).copyMemory(from: old, byteCount: count * MemoryLayout<T>.stride)
                        old.deallocate()
                        return new
                    }
                    (runX0, runX1, parent, boxes, began, capacity) = (moved(runX0), moved(runX1), moved(parent), moved(boxes),
                                                                     moved(began), grown)
                }
                rowStart[y] = count
                let row = cells.baseAddress! + y * w
                let x0s = runX0, x1s = runX1, p = parent, box = boxes
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
                    x0s[n] = Int32(truncatingIfNeeded: first); x1s[n] = Int32(truncatingIfNeeded: last)
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
                x0s[n] = Int32.max; x1s[n] = Int32.max
                p[n] = Int32(truncatingIfNeeded: n)
                // Each run joined to the runs of the row above that it touches (their spans overlap): the runs above
                // from `above` on have not ended left of the runs joined so far (both rows' runs come left to right).
                // The sentinel after the row above ends every search along it.
                var above = aboveStart
                aboveStart = count
                // A `while` loop rather than `for r in count..<n`: the range's iteration tested each index against the end
                // twice (its own end, and a trap for passing it), two instructions a run.
                var r = count
                while r < n {
                    defer { r &+= 1 }
                    let first = x0s[r], last = x1s[r]
                    while x1s[above] < first { above &+= 1 }
                    guard x0s[above] <= last else {
                        // Touching nothing above: a new component, this run its root.
                        p[r] = Int32(truncatingIfNeeded: r)
                        box[r] = RootBox(minX: first, maxX: last, minY: y32, maxY: y32, area: Int(last &- first) &+ 1)
                        began[beganCount] = Int32(truncatingIfNeeded: r)
                        beganCount &+= 1
                        continue
                    }
                    // The root of this run's component, kept as it is joined: it changes only by these joins while the
                    // run is being joined (the smaller root of two joined is the root of both). The first run above
                    // touched gives it: every root above comes before this run. Most runs touch one run above; the
                    // others are joined to the rest by a function of its own (`joinFurther`), which leaves this loop
                    // the registers it needs (inlined, the joins of two components' boxes made it keep four of its
                    // values in memory).
                    var rootHere = Self.root(above, p)
                    var a = above &+ 1
                    if x0s[a] <= last { (rootHere, a) = Self.joinFurther(from: a, through: last, root: rootHere, starts: x0s, p, box) }
                    // The runs above that this run touched, but the last, end before its end, so before the next run
                    // begins: the next run's search starts at the last (which may reach past this run's end).
                    above = a &- 1
                    p[r] = Int32(truncatingIfNeeded: rootHere)
                    // This run's row is the component's lowest so far.
                    box[rootHere].minX = Swift.min(box[rootHere].minX, first)
                    box[rootHere].maxX = Swift.max(box[rootHere].maxX, last)
                    box[rootHere].maxY = y32
                    box[rootHere].area &+= Int(last &- first) &+ 1
                }
                count = n &+ 1
            }
        }
        rowStart[h] = count
        guard beganCount > 0 else { return [] }
        // The roots in raster order: the runs that began a component and are roots still. The components are picked from
        // the roots alone rather than from every run (a busy frame has seven or eight runs a component).
        let roots = began
        var rootCount = 0
        for k in 0..<beganCount {
            let r = began[k]
            roots[rootCount] = r
            rootCount &+= parent[Int(r)] == r ? 1 : 0
        }
        // Each root's offset into the outline rows (see `rowBase` below).
        let rowBase = UnsafeMutablePointer<Int32>.allocate(capacity: count)
        defer { rowBase.deallocate() }
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
            rowBase[r] = Int32(truncatingIfNeeded: rowCount &- Int(boxes[r].minY))
            rowCount &+= Int(boxes[r].maxY &- boxes[r].minY) &+ 1
        }
        // The kept components' roots, in the order of `components`.
        var keptRoots: [Int] = []
        // The first run of the first component kept: no earlier run belongs to a kept component (a component's root is
        // its first run).
        var firstKept = count
        // The last row of a kept component: no later run belongs to one (a component's runs lie within its box's rows).
        var lastKeptRow = 0
        // The components of at least `minimumSide` met so far, kept or not.
        var counted = 0
        for root in UnsafeBufferPointer(start: roots, count: rootCount) {
            let r = Int(root)
            let b = boxes[r]
            guard b.maxX - b.minX + 1 >= minimumSide && b.maxY - b.minY + 1 >= minimumSide else { continue }
            counted += 1
            let component = DarkComponent(minX: Int(b.minX), minY: Int(b.minY), maxX: Int(b.maxX), maxY: Int(b.maxY),
                                          area: b.area, outline: [])
            if isKept(component) {
                firstKept = Swift.min(firstKept, r)
                lastKeptRow = Swift.max(lastKeptRow, Int(b.maxY))
                components.append(component)
                keptRoots.append(r)
            }
            if counted >= maximumCount { break }
        }
        guard !components.isEmpty else { return [] }
        // Every run pointed at its root, in raster order: a run's parent never follows it (a root is its component's
        // first run, and halving only moves a pointer to an earlier run), so its parent's pointer is already final. The
        // sentinels point at themselves. The runs before the first kept one only so; from it on, each run's row is found
        // too (below).
        for i in 0..<firstKept { parent[i] = parent[Int(parent[i])] }
        let rowMin = UnsafeMutablePointer<Int32>.allocate(capacity: rowCount), rowMax = UnsafeMutablePointer<Int32>.allocate(capacity: rowCount)
        defer { rowMin.deallocate(); rowMax.deallocate() }
        // Only the least starts are taken from what is there; a row's rightmost end is always written (every row of a
        // component holds one of its runs).
        rowMin.initialize(repeating: Int32.max, count: rowCount)
        // A row's runs come left to right: the first of a component's runs met in a row is its leftmost (the least of
        // their starts), the last its rightmost. From the first kept run's row (a root's: its box's top), the rows' runs
        // (not their sentinels) from it on, to the last kept component's last row: the runs below it belong to no kept
        // component, and their parents are not read again (0.04–0.08 M instructions a decode of `/15` and `/10`).
        for y in Int(boxes[firstKept].minY)...lastKeptRow {
            var i = Swift.max(rowStart[y], firstKept)
            let end = rowStart[y &+ 1] &- 1
            while i < end {
                let r = Int(parent[Int(parent[i])])
                parent[i] = Int32(truncatingIfNeeded: r)
                let k = Int(rowBase[r]) &+ y
                rowMin[k] = min(rowMin[k], runX0[i])
                rowMax[k] = runX1[i]
                i &+= 1
            }
        }
        // A component is 4-connected, so each of its rows from the top to the bottom holds one of its runs at least: every
        // row of a kept component has its two ends.
        //
        // Each outline is written into one buffer (room for the tallest), then copied into its array: an array made by
        // `init(unsafeUninitializedCapacity:)` is allocated by the standard library's unspecialized code, which looks up
        // the storage class's metadata at every call (about 330 instructions, a third of the array's making), where
        // one copied from a buffer pointer is allocated by code specialized here. A 640×480 frame without a code keeps
        // about 330 components a decode over its six labellings.
        var tallest = 0
        for component in components { tallest = Swift.max(tallest, component.maxY - component.minY + 1) }
        let points = UnsafeMutablePointer<Point>.allocate(capacity: 2 * tallest)
        defer { points.deallocate() }
        for s in components.indices {
            let rows = components[s].maxY - components[s].minY + 1
            let first = Int(rowBase[keptRoots[s]]) + components[s].minY
            let mins = rowMin + first, maxes = rowMax + first
            let top = components[s].minY
            // Written in place: appending tested the capacity and uniqueness twice a row.
            for row in 0..<rows {
                let y = Double(top &+ row) + 0.5
                points[2 &* row] = Point(Double(mins[row]) + 0.5, y)
                points[2 &* row &+ 1] = Point(Double(maxes[row]) + 0.5, y)
            }
            components[s].outline = Array(UnsafeBufferPointer(start: points, count: rows * 2))
        }
        return components
    }
}
