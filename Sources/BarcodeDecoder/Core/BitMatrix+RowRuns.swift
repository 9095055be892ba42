extension BitMatrix {
    /// The runs of row `y` as (start, length), alternating colours from the row's first pixel, into `runs` (emptied
    /// first, its storage kept): the finder searches of Aztec and MaxiCode see every pixel of every row they search.
    func runs(ofRow y: Int, into runs: inout [(start: Int, length: Int)]) {
        runs.removeAll(keepingCapacity: true)
        guard width > 0 else { return }
        var start = 0
        forEachColourChange(ofRow: y) { edge in
            runs.append((start, edge - start))
            start = edge
        }
        runs.append((start, width - start))
    }

    /// Calls `body` with each x of row `y` whose cell differs from the one before it, left to right.
    ///
    /// Eight cells at a time, where the row's bytes differ from themselves one byte along: walking each run cell by cell
    /// ended every run with a mispredicted branch (the QR finder's and the Aztec and MaxiCode bull's-eye rows).
    @inline(__always)
    func forEachColourChange(ofRow y: Int, _ body: (Int) -> Void) {
        guard width > 1 else { return }
        cells.withUnsafeBufferPointer { cells in
            Self.forEachColourChange(in: cells.baseAddress! + y * width, count: width, body)
        }
    }

    /// Calls `body` with each index in `1..<count` whose cell of `line` differs from the one before it, in order: a row's
    /// cells, or a column's gathered into a line of their own (MicroPDF417's first pass on a turned symbol).
    @inline(__always)
    static func forEachColourChange(in line: UnsafePointer<UInt8>, count: Int, _ body: (Int) -> Void) {
        var x = 1
        while x &+ 8 <= count {
            var changes = UnsafeRawPointer(line + x).loadUnaligned(as: UInt64.self) ^ UnsafeRawPointer(line + x - 1).loadUnaligned(as: UInt64.self)
            while changes != 0 {
                let byte = changes.trailingZeroBitCount >> 3
                body(x &+ byte)
                changes &= ~(0xFF << UInt64(byte << 3))
            }
            x &+= 8
        }
        while x < count {
            if line[x] != line[x - 1] { body(x) }
            x &+= 1
        }
    }

    /// The words `colourChangeBits(in:count:into:)` writes for a line of `count` cells: one for each 64 cells after the
    /// first (whose own cell has no cell before it).
    @inline(__always)
    static func colourChangeWords(count: Int) -> Int { count > 1 ? (count &- 1 &+ 63) >> 6 : 0 }

    /// The indices `forEachColourChange(in:count:)` gives, as bits: bit k of `words[j]` is 1 where cell 1 + 64j + k of
    /// `line` differs from the one before it (the last word's bits past the line are 0). Writes
    /// `colourChangeWords(count:)` words and returns how many changes there are.
    ///
    /// Read 64 cells at a time, each word's differing bytes gathered into eight bits of one word: the shared row table
    /// counts a row's runs from these bits before it writes them (so its buffer is made once, at its size), and then
    /// walks each word's bits in one loop (a loop a word of eight cells ended with a mispredicted branch at most words of
    /// a textured row).
    @inline(__always)
    static func colourChangeBits(in line: UnsafePointer<UInt8>, count: Int, into words: UnsafeMutablePointer<UInt64>) -> Int {
        // 1 in each byte of the eight cells from x that differs from the one before it.
        @inline(__always)
        func flags(_ x: Int) -> UInt64 {
            let d = UnsafeRawPointer(line + x).loadUnaligned(as: UInt64.self) ^ UnsafeRawPointer(line + x - 1).loadUnaligned(as: UInt64.self)
            return ByteFlags.nonzero(d)
        }
        @inline(__always)
        func changed(_ x: Int) -> UInt64 { ByteFlags.gathered(flags(x)) }
        var x = 1, j = 0, changes = 0
        while x &+ 64 <= count {
            var bits: UInt64 = 0, sums: UInt64 = 0
            for w in 0..<8 {
                let f = flags(x &+ w &* 8)
                bits |= ByteFlags.gathered(f) << UInt64(w &* 8)
                sums &+= f
            }
            words[j] = bits
            // The block's changes: its flags added byte by byte (at most 8 a byte), then the bytes (at most 64 in all).
            changes &+= ByteFlags.sum(sums)
            j &+= 1
            x &+= 64
        }
        guard x < count else { return changes }
        // The last, partial word: eight cells at a time, then one.
        var bits: UInt64 = 0, shift: UInt64 = 0
        while x &+ 8 <= count {
            bits |= changed(x) << shift
            shift &+= 8
            x &+= 8
        }
        while x < count {
            if line[x] != line[x &- 1] { bits |= 1 << shift }
            shift &+= 1
            x &+= 1
        }
        words[j] = bits
        return changes &+ bits.nonzeroBitCount
    }

    /// The runs of column `x` as (start, length), as `runs(ofRow:into:)` gives a row's: the binarized columns the linear
    /// reader reads, without a transposed copy of the whole matrix.
    func runs(ofColumn x: Int, into runs: inout [(start: Int, length: Int)]) {
        runs.removeAll(keepingCapacity: true)
        cells.withUnsafeBufferPointer { cells in
            let column = cells.baseAddress! + x
            var y = 0
            while y < height {
                let colour = column[y * width]
                let start = y
                y += 1
                while y < height && column[y * width] == colour { y += 1 }
                runs.append((start, y - start))
            }
        }
    }
}

extension BitMatrix {
    /// The run through (x, y) and `each` runs either side of it along the step (dx, dy): their widths in steps, outermost
    /// first, and the middle run's centre in steps from (x, y); nil where the image ends first. The bull's-eye checks of
    /// Aztec and MaxiCode read their rings this way along rows, columns and diagonals.
    ///
    /// The cells are walked through a pointer, one step at a time: step `t` back (or forward) is inside the matrix while
    /// `t` is at most `back` (or `ahead`), one comparison a cell rather than a subscript's bounds tests (a wrong candidate
    /// in a light area walks hundreds of cells along its long runs).
    func runs(through x: Int, _ y: Int, dx: Int, dy: Int, each: Int) -> (widths: [Int], centerOffset: Double)? {
        var widths = [Int](repeating: 0, count: 2 * each + 1)
        guard let centerOffset = widths.withUnsafeMutableBufferPointer({
            runs(through: x, y, dx: dx, dy: dy, each: each, into: $0.baseAddress!)
        }) else { return nil }
        return (widths, centerOffset)
    }

    /// `runs(through:_:dx:dy:each:)` with the `2 · each + 1` widths written to `widths` (whatever it holds when nil is
    /// returned) and the centre returned: the bull's-eye searches confirm thousands of candidates on some frames, and an
    /// array for each cost about as much as walking its runs. Steps and widths, within a side of the matrix, are counted
    /// without overflow tests.
    func runs(through x: Int, _ y: Int, dx: Int, dy: Int, each: Int, into widths: UnsafeMutablePointer<Int>) -> Double? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        func steps(_ position: Int, _ direction: Int, _ size: Int) -> Int {
            direction > 0 ? size - 1 - position : direction < 0 ? position : Int.max
        }
        let back = min(steps(x, -dx, width), steps(y, -dy, height))
        let ahead = min(steps(x, dx, width), steps(y, dy, height))
        let step = dy * width + dx
        return cells.withUnsafeBufferPointer { cells -> Double? in
            let center = cells.baseAddress! + (y * width + x)
            let middle = center[0]
            var low = 0, high = 0
            while low < back && center[(0 &- low &- 1) &* step] == middle { low &+= 1 }
            while high < ahead && center[(high &+ 1) &* step] == middle { high &+= 1 }
            widths[each] = high &+ low &+ 1
            // Backwards from the step before the middle run: each run starts inside the image or there is none.
            var a = low &+ 1
            for k in 0..<each {
                guard a <= back else { return nil }
                let colour = center[0 &- a &* step], end = a
                while a <= back && center[0 &- a &* step] == colour { a &+= 1 }
                widths[each &- 1 &- k] = a &- end
            }
            var b = high &+ 1
            for k in 0..<each {
                guard b <= ahead else { return nil }
                let colour = center[b &* step], start = b
                while b <= ahead && center[b &* step] == colour { b &+= 1 }
                widths[each &+ 1 &+ k] = b &- start
            }
            return Double(high - low) / 2
        }
    }
}

extension BitMatrix {
    /// How many times row `y` changes colour from cell to cell: one less than its runs (`runs(ofRow:into:)`), counted
    /// without making them (`colourChanges(in:count:)`: every cell is 0 or 1, as every writer of a matrix writes them).
    func colourChanges(ofRow y: Int) -> Int {
        guard width > 1 else { return 0 }
        return cells.withUnsafeBufferPointer { cells in Self.colourChanges(in: cells.baseAddress! + y &* width, count: width) }
    }

    /// How many times a line of `count` bytes, each 0 or 1 (a row's cells, the histogram look's dark pixels), changes
    /// from byte to byte: each byte xor the one before, eight at a time, the words added bytewise (a byte's sum of up to
    /// 255 words of 0 or 1 never carries into the next byte; the compiler adds two words a vector) and the eight sums
    /// added once every 255 words. The rows' count flagged each word's nonzero bytes and added them up by a product (a
    /// 64-bit product the compiler made of three 32-bit ones in its vectors): 1.3 instructions a cell, now a third.
    /// Sixteen bytes at a time first, in one vector of byte sums (added up once every 255 vectors), the words after: the
    /// compiler's two words a vector spent an instruction a vector putting them side by side (`upce-3/06`, 1 % of a decode).
    @inline(__always)
    static func colourChanges(in line: UnsafePointer<UInt8>, count: Int) -> Int {
        let raw = UnsafeRawPointer(line)
        var changes = 0, i = 1
        while i &+ 16 <= count {
            let end = Swift.min(count, i &+ 255 &* 16)
            var sums = SIMD16<UInt8>()
            while i &+ 16 <= end {
                sums &+= raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self) ^ raw.loadUnaligned(fromByteOffset: i &- 1, as: SIMD16<UInt8>.self)
                i &+= 16
            }
            let wide = SIMD16<UInt16>(truncatingIfNeeded: sums)
            changes &+= Int(wide.wrappedSum())
        }
        while i &+ 8 <= count {
            let end = Swift.min(count, i &+ 255 &* 8)
            var sums: UInt64 = 0
            while i &+ 8 <= end {
                sums &+= UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                    ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i &- 1, as: UInt64.self))
                i &+= 8
            }
            // The eight byte sums (each at most 255) as four of 16 bits, then added into the top 16 bits by one product.
            let pairs = (sums & 0x00FF_00FF_00FF_00FF) &+ ((sums >> 8) & 0x00FF_00FF_00FF_00FF)
            changes &+= Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
        }
        while i < count {
            changes &+= Int(line[i] ^ line[i &- 1])
            i &+= 1
        }
        return changes
    }

    /// How many times each column changes colour from cell to cell (one less than its runs, `runs(ofColumn:into:)`),
    /// `width` counts from one pass down the rows: a column's cells lie a row apart, and counting all columns side by
    /// side reads each row once, in a plain pass the compiler vectorizes.
    ///
    /// Counted a byte a column over up to `rowsPerByteCount` rows at a time, then added into the 32-bit counts: sixteen
    /// columns to a vector where 32-bit counts went four (a 240-pixel frame's count cost 3 instructions a cell, now under
    /// one).
    func colourChangesOfColumns() -> [Int32] {
        var changes = [Int32](repeating: 0, count: width)
        guard height > 1 else { return changes }
        cells.withUnsafeBufferPointer { cells in
            changes.withUnsafeMutableBufferPointer { changes in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: width) { recent in
                    let counts = changes.baseAddress!, recent = recent.baseAddress!
                    var y = 1
                    while y < height {
                        let end = Swift.min(height, y &+ Self.rowsPerByteCount)
                        recent.initialize(repeating: 0, count: width)
                        for y in y..<end {
                            let row = cells.baseAddress! + y &* width, above = row - width
                            for x in 0..<width { recent[x] &+= row[x] != above[x] ? 1 : 0 }
                        }
                        for x in 0..<width { counts[x] &+= Int32(recent[x]) }
                        y = end
                    }
                }
            }
        }
        return changes
    }

    /// The most rows whose changes `colourChangesOfColumns` counts in a byte: one change a row at most, so at most 255.
    static let rowsPerByteCount = 255
}
