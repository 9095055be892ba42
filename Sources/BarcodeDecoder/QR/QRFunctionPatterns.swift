/// The function patterns of a QR symbol (finders, separators, timing, alignment, format and version areas).
public enum QRFunctionPatterns {
    /// Cells that hold function patterns or format/version information, not data.
    public static func reserved(_ version: QRVersion) -> BitMatrix {
        let n = version.dimension
        var m = BitMatrix(width: n, height: n)
        func fill(_ x0: Int, _ y0: Int, _ w: Int, _ h: Int) {
            for y in y0..<(y0 + h) { for x in x0..<(x0 + w) { m[x, y] = true } }
        }
        fill(0, 0, 9, 9)
        fill(n - 8, 0, 8, 9)
        fill(0, n - 8, 9, 8)
        fill(6, 0, 1, n)
        fill(0, 6, n, 1)
        let centers = version.alignmentCenters
        for cy in centers {
            for cx in centers where !isFinderCorner(cx, cy, n) { fill(cx - 2, cy - 2, 5, 5) }
        }
        if version.number >= 7 {
            fill(n - 11, 0, 3, 6)
            fill(0, n - 11, 6, 3)
        }
        return m
    }

    /// The fraction of the three finders' cells (7×7 each) and of their light separators in the grid (64 cells a finder)
    /// that are as a symbol draws them. A triple of finder-like blobs that frames no symbol samples to noise there (on
    /// the dev photos without a code at most 0.63), a real symbol to its finders (at least 0.81 on the photos read, with
    /// blur and strong perspective); the finders sit at the transform's anchors, so the size estimate barely moves them.
    ///
    /// Each finder's cells inside the grid are the 8×8 square from its outer corner (7 cells and the separator on the
    /// two inner sides), so the total is always 3 × 64; the cells are compared row by row in place (every QR quick look
    /// asks this, and the subscript's bounds tests were most of it).
    static func finderAgreement(_ grid: BitMatrix) -> Double {
        let n = grid.width
        guard n >= 21, grid.height == n else { return 0 }
        var matching = 0
        grid.cells.withUnsafeBufferPointer { cells in
            // Each square's first cell, and the finder offsets (x, y from the finder's own corner) of its first row and
            // column: the top-left finder's square starts at its corner, the others' one cell before it on the inner side.
            for (x0, y0, fx, fy) in [(0, 0, 0, 0), (n - 8, 0, -1, 0), (0, n - 8, 0, -1)] {
                for row in 0..<8 {
                    let line = cells.baseAddress! + (y0 + row) * n + x0
                    let dy = abs(fy + row - 3)
                    for column in 0..<8 {
                        let d = max(abs(fx + column - 3), dy)
                        let dark = d != 2 && d != 4
                        matching &+= (line[column] != 0) == dark ? 1 : 0
                    }
                }
            }
        }
        return Double(matching) / Double(3 * 64)
    }

    static func isFinderCorner(_ cx: Int, _ cy: Int, _ n: Int) -> Bool {
        (cx == 6 && cy == 6) || (cx == 6 && cy == n - 7) || (cx == n - 7 && cy == 6)
    }

    /// Draws finders, timing and alignment patterns and the dark module (format and version are drawn separately).
    public static func draw(_ version: QRVersion, into m: inout BitMatrix) {
        let n = version.dimension
        for (ox, oy) in [(0, 0), (n - 7, 0), (0, n - 7)] {
            for y in -1...7 {
                for x in -1...7 {
                    let d = max(abs(x - 3), abs(y - 3))
                    m[ox + x, oy + y] = d != 2 && d != 4
                }
            }
        }
        for i in 8..<(n - 8) {
            m[i, 6] = i % 2 == 0
            m[6, i] = i % 2 == 0
        }
        let centers = version.alignmentCenters
        for cy in centers {
            for cx in centers where !isFinderCorner(cx, cy, n) {
                for y in -2...2 { for x in -2...2 { m[cx + x, cy + y] = max(abs(x), abs(y)) != 1 } }
            }
        }
        m[8, n - 8] = true
    }

    /// The data module positions in placement order: two-column zigzag from the bottom right, skipping column 6.
    public static func dataPositions(_ version: QRVersion) -> [(Int, Int)] {
        let n = version.dimension
        let reserved = reserved(version)
        var out: [(Int, Int)] = []
        out.reserveCapacity(n * n)
        var upward = true
        var right = n - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for i in 0..<n {
                let y = upward ? n - 1 - i : i
                for dx in 0..<2 {
                    let x = right - dx
                    if !reserved[x, y] { out.append((x, y)) }
                }
            }
            upward.toggle()
            right -= 2
        }
        return out
    }

    /// Whether data mask `pattern` (0–7) inverts the module at column `x`, row `y`.
    @inline(__always)
    public static func masked(_ pattern: Int, x: Int, y: Int) -> Bool {
        switch pattern {
        case 0: (y + x) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (y + x) % 3 == 0
        case 4: (y / 2 + x / 3) % 2 == 0
        case 5: (y * x) % 2 + (y * x) % 3 == 0
        case 6: ((y * x) % 2 + (y * x) % 3) % 2 == 0
        default: ((y + x) % 2 + (y * x) % 3) % 2 == 0
        }
    }
}
