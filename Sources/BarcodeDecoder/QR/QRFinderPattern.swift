/// A candidate QR finder pattern: its centre, module size, and how many scans confirmed it.
struct QRFinderPattern: Sendable {
    var center: Point
    var moduleSize: Double
    var count: Int
}

/// Finds the 1:1:3:1:1 finder patterns of QR symbols in a binarized image.
enum QRFinderPatternFinder {
    static func find(_ frame: PreparedFrame, effort: Int) -> [QRFinderPattern] {
        let bits = frame.binary
        let rowStep = effort >= 3 ? 1 : effort == 2 ? 2 : 3
        var found: [QRFinderPattern] = []
        // The rows' runs from the frame (`PreparedFrame.binaryRow`), kept there: the Aztec and MaxiCode bull's-eye
        // searches, which run later, read the same rows (every `rowStep`-th from `rowStep / 2`) and take them from there
        // instead of finding every row's colour changes again (a fifth of the Aztec search on a frame without a code).
        for y in stride(from: rowStep / 2, to: bits.height, by: rowStep) {
            let row = frame.binaryRow(y)
            let firstDark = bits[0, y] ? 0 : 1
            // The five runs are checked in place, with no array per dark run of every scanned row (that made this loop a
            // third of the finder search).
            row.withUnsafeBufferPointer { runs in
                var i = firstDark
                while i + 4 < runs.count {
                    if ratiosMatch(runs[i].length, runs[i + 1].length, runs[i + 2].length, runs[i + 3].length, runs[i + 4].length) {
                        let total = runs[i].length + runs[i + 1].length + runs[i + 2].length + runs[i + 3].length + runs[i + 4].length
                        if let p = confirm(bits, centerX: Double(runs[i + 2].start) + Double(runs[i + 2].length) / 2, y: y, total: total) {
                            add(p, to: &found)
                        }
                    }
                    i += 2
                }
            }
        }
        return found
    }

    static func ratiosMatch(_ c0: Int, _ c1: Int, _ c2: Int, _ c3: Int, _ c4: Int) -> Bool {
        let total = c0 + c1 + c2 + c3 + c4
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
            var c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0
            var i = 0
            while i <= back && center[-i * step] != 0 && c2 <= limit { c2 += 1; i += 1 }
            while i <= back && center[-i * step] == 0 && c1 <= limit { c1 += 1; i += 1 }
            while i <= back && center[-i * step] != 0 && c0 <= limit { c0 += 1; i += 1 }
            let backward = c2
            i = 1
            while i <= ahead && center[i * step] != 0 && c2 <= 3 * limit { c2 += 1; i += 1 }
            while i <= ahead && center[i * step] == 0 && c3 <= limit { c3 += 1; i += 1 }
            while i <= ahead && center[i * step] != 0 && c4 <= limit { c4 += 1; i += 1 }
            guard ratiosMatch(c0, c1, c2, c3, c4) else { return nil }
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
        guard let h = crossCheck(bits, cx, Int(cy.rounded()), 1, 0, limit: limit) else { return nil }
        let cx2 = Double(cx) + h.centerOffset
        guard crossCheck(bits, Int(cx2), Int(cy.rounded()), 1, 1, limit: limit) != nil
                || crossCheck(bits, Int(cx2), Int(cy.rounded()), 1, -1, limit: limit) != nil else { return nil }
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
