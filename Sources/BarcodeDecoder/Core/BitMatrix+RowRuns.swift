extension BitMatrix {
    /// The runs of row `y` as (start, length), alternating colours from the row's first pixel, into `runs` (emptied
    /// first, its storage kept), read straight from the cells: the finder searches of Aztec and MaxiCode see every pixel
    /// of every row they search.
    func runs(ofRow y: Int, into runs: inout [(start: Int, length: Int)]) {
        runs.removeAll(keepingCapacity: true)
        cells.withUnsafeBufferPointer { cells in
            let row = cells.baseAddress! + y * width
            var x = 0
            while x < width {
                let colour = row[x]
                let start = x
                x += 1
                while x < width && row[x] == colour { x += 1 }
                runs.append((start, x - start))
            }
        }
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
    func runs(through x: Int, _ y: Int, dx: Int, dy: Int, each: Int) -> (widths: [Int], centerOffset: Double)? {
        func dark(_ t: Int) -> Bool? {
            let px = x + t * dx, py = y + t * dy
            guard px >= 0, py >= 0, px < width, py < height else { return nil }
            return self[px, py]
        }
        guard let middle = dark(0) else { return nil }
        var low = 0, high = 0
        while dark(low - 1) == middle { low -= 1 }
        while dark(high + 1) == middle { high += 1 }
        var widths = [high - low + 1]
        var a = low - 1, b = high + 1
        for _ in 0..<each {
            guard let colour = dark(a) else { return nil }
            let end = a
            while dark(a) == colour { a -= 1 }
            widths.insert(end - a, at: 0)
        }
        for _ in 0..<each {
            guard let colour = dark(b) else { return nil }
            let start = b
            while dark(b) == colour { b += 1 }
            widths.append(b - start)
        }
        return (widths, Double(low + high) / 2)
    }
}

extension BitMatrix {
    /// How many times row `y` changes colour from cell to cell: one less than its runs (`runs(ofRow:into:)`), counted
    /// without making them, eight cells at a time.
    func colourChanges(ofRow y: Int) -> Int {
        guard width > 1 else { return 0 }
        return cells.withUnsafeBufferPointer { cells in
            let row = UnsafeRawPointer(cells.baseAddress! + y * width)
            var changes = 0, x = 1
            // Cells x ..< x + 8 against the ones a cell before: a byte of their exclusive or is not zero where the colour
            // changes. Its low seven bits plus 0x7F, or'd with the byte, set its top bit exactly then; the top bits
            // shifted down to one a byte and multiplied by 0x0101…01 add up in the top byte (at most 8).
            let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, top: UInt64 = 0x8080_8080_8080_8080, ones: UInt64 = 0x0101_0101_0101_0101
            while x &+ 8 <= width {
                let differ = row.loadUnaligned(fromByteOffset: x, as: UInt64.self) ^ row.loadUnaligned(fromByteOffset: x &- 1, as: UInt64.self)
                let marked = (((differ & low7) &+ low7) | differ) & top
                changes &+= Int(truncatingIfNeeded: ((marked >> 7) &* ones) >> 56)
                x &+= 8
            }
            while x < width {
                changes &+= row.load(fromByteOffset: x, as: UInt8.self) != row.load(fromByteOffset: x &- 1, as: UInt8.self) ? 1 : 0
                x &+= 1
            }
            return changes
        }
    }

    /// How many times each column changes colour from cell to cell (one less than its runs, `runs(ofColumn:into:)`),
    /// `width` counts from one pass down the rows: a column's cells lie a row apart, and counting all columns side by
    /// side reads each row once, in a plain pass the compiler vectorizes.
    func colourChangesOfColumns() -> [Int32] {
        var changes = [Int32](repeating: 0, count: width)
        guard height > 1 else { return changes }
        cells.withUnsafeBufferPointer { cells in
            changes.withUnsafeMutableBufferPointer { changes in
                let counts = changes.baseAddress!
                for y in 1..<height {
                    let row = cells.baseAddress! + y &* width, above = row - width
                    for x in 0..<width { counts[x] &+= row[x] != above[x] ? 1 : 0 }
                }
            }
        }
        return changes
    }
}
