/// A candidate QR finder pattern: its centre, module size, and how many scans confirmed it.
struct QRFinderPattern: Sendable {
    var center: Point
    var moduleSize: Double
    var count: Int
}

/// Finds the 1:1:3:1:1 finder patterns of QR symbols in a binarized image.
enum QRFinderPatternFinder {
    static func find(_ bits: BitMatrix, effort: Int) -> [QRFinderPattern] {
        let rowStep = effort >= 3 ? 1 : effort == 2 ? 2 : 3
        var found: [QRFinderPattern] = []
        var y = rowStep / 2
        var runs: [Int] = []
        var starts: [Int] = []
        while y < bits.height {
            runs.removeAll(keepingCapacity: true)
            starts.removeAll(keepingCapacity: true)
            var previous = false
            for x in 0..<bits.width {
                let dark = bits[x, y]
                if x == 0 || dark != previous {
                    runs.append(1)
                    starts.append(x)
                    previous = dark
                } else {
                    runs[runs.count - 1] += 1
                }
            }
            let firstDark = bits[0, y] ? 0 : 1
            var i = firstDark
            while i + 4 < runs.count {
                let counts = Array(runs[i..<i + 5])
                if ratiosMatch(counts), let p = confirm(bits, centerX: Double(starts[i + 2]) + Double(runs[i + 2]) / 2, y: y, counts: counts) {
                    add(p, to: &found)
                }
                i += 2
            }
            y += rowStep
        }
        return found
    }

    static func ratiosMatch(_ c: [Int]) -> Bool {
        let total = c.reduce(0, +)
        guard total >= 7, c.allSatisfy({ $0 > 0 }) else { return false }
        let m = Double(total) / 7
        let tolerance = m * 0.7
        return abs(m - Double(c[0])) < tolerance && abs(m - Double(c[1])) < tolerance && abs(3 * m - Double(c[2])) < 3 * tolerance
            && abs(m - Double(c[3])) < tolerance && abs(m - Double(c[4])) < tolerance
    }

    /// Runs through (`x`, `y`) along (`dx`, `dy`): the five run lengths centred on the dark centre, or nil.
    static func crossCheck(_ bits: BitMatrix, _ x: Int, _ y: Int, _ dx: Int, _ dy: Int, limit: Int) -> (counts: [Int], centerOffset: Double)? {
        guard bits[x, y] else { return nil }
        var c = [0, 0, 0, 0, 0]
        var i = 0
        while bits[x - i * dx, y - i * dy] && c[2] <= limit { c[2] += 1; i += 1 }
        while inside(bits, x - i * dx, y - i * dy) && !bits[x - i * dx, y - i * dy] && c[1] <= limit { c[1] += 1; i += 1 }
        while bits[x - i * dx, y - i * dy] && c[0] <= limit { c[0] += 1; i += 1 }
        let back = c[2]
        i = 1
        while bits[x + i * dx, y + i * dy] && c[2] <= 3 * limit { c[2] += 1; i += 1 }
        while inside(bits, x + i * dx, y + i * dy) && !bits[x + i * dx, y + i * dy] && c[3] <= limit { c[3] += 1; i += 1 }
        while bits[x + i * dx, y + i * dy] && c[4] <= limit { c[4] += 1; i += 1 }
        guard ratiosMatch(c) else { return nil }
        let forward = c[2] - back
        return (c, Double(forward - back + 1) / 2)
    }

    static func inside(_ bits: BitMatrix, _ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < bits.width && y < bits.height }

    static func confirm(_ bits: BitMatrix, centerX: Double, y: Int, counts: [Int]) -> QRFinderPattern? {
        let total = counts.reduce(0, +)
        let limit = total
        let cx = Int(centerX)
        guard let v = crossCheck(bits, cx, y, 0, 1, limit: limit) else { return nil }
        let cy = Double(y) + v.centerOffset
        guard let h = crossCheck(bits, cx, Int(cy.rounded()), 1, 0, limit: limit) else { return nil }
        let cx2 = Double(cx) + h.centerOffset
        guard crossCheck(bits, Int(cx2), Int(cy.rounded()), 1, 1, limit: limit) != nil
                || crossCheck(bits, Int(cx2), Int(cy.rounded()), 1, -1, limit: limit) != nil else { return nil }
        let vt = v.counts.reduce(0, +), ht = h.counts.reduce(0, +)
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
