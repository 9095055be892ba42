/// Where the third finder of a QR symbol lies when only two were found: a finder lost under noise in a shadow, a glare
/// spot or a scratch leaves its symbol's other two, and no triple frames it.
///
/// Two finders of one size are two corners of a square symbol: adjacent ones (a side) or opposite ones (the diagonal
/// from top-right to bottom-left). For a side the third centre lies a side's length square to it from either end, on
/// either side; for the diagonal, half the diagonal square to it from its middle, either way. Each place is only a
/// guess: the triple it makes is looked at as any other (format information, the finders' agreement on the sampled
/// grid, Reed–Solomon), so a wrong guess costs a quick look and reads nothing.
enum QRMissingFinder {
    /// The finders that count as found: confirmed on at least this many rows (a real finder's 3-module core crosses
    /// several of the rows searched; texture's finder-like blobs mostly one).
    static let leastConfirmations = 3

    /// The third centres that two finders at `a` and `b` may lack: four as a side, then two as the diagonal.
    static func thirdCenters(_ a: Point, _ b: Point) -> [Point] {
        let side = b - a
        let square = Point(-side.y, side.x)
        let middle = (a + b) * 0.5
        return [a + square, a - square, b + square, b - square, middle + square * 0.5, middle - square * 0.5]
    }

    /// The pairs of `finders` that may be two corners of one symbol, strongest first: both confirmed `leastConfirmations`
    /// times, module sizes within `QRDetector.sizeRatio` of each other, and as far apart as a side of 21 to 177 modules (or a
    /// diagonal of that side) at their mean module. At most `limit` pairs.
    static func pairs(_ finders: [QRFinderPattern], limit: Int) -> [(Int, Int)] {
        let strong = finders.indices.filter { finders[$0].count >= leastConfirmations }
        var pairs: [(Int, Int, Int)] = []
        for (k, i) in strong.enumerated() {
            for j in strong[(k + 1)...] {
                let mi = finders[i].moduleSize, mj = finders[j].moduleSize
                guard max(mi, mj) < min(mi, mj) * QRDetector.sizeRatio else { continue }
                let modules = finders[i].center.distance(to: finders[j].center) / ((mi + mj) / 2)
                // Centres 3.5 modules in from each corner: a side spans dimension − 7 modules, a diagonal √2 times that.
                guard modules >= 14, modules <= 170 * 2.0.squareRoot() else { continue }
                pairs.append((i, j, finders[i].count + finders[j].count))
            }
        }
        // Most confirmations first; of equal counts, the lower indices (never an order that hashing could change).
        pairs.sort { ($0.2, -$0.0, -$0.1) > ($1.2, -$1.0, -$1.1) }
        return pairs.prefix(limit).map { ($0.0, $0.1) }
    }
}

extension QRMissingFinder {
    /// Of the 49 cells of a finder (7 × 7 modules: dark ring, light ring, dark 3 × 3 core), how many must match at a
    /// located centre.
    static let leastMatchingCells = 44

    /// The centre of a finder near `guess` in `frame`'s binary image, matched cell by cell against the 7 × 7 finder
    /// template along the symbol's axes `dx` and `dy` (a module each) within `radiusModules`: half-module steps, then
    /// single pixels around the best; the mean of the best places, or nil below `leastMatchingCells`. A place is given up
    /// once it has missed more cells than `leastMatchingCells` allows (on texture, within a dozen cells or so); the
    /// half-module steps, a quarter module off at most, may miss four more.
    static func located(_ frame: PreparedFrame, near guess: Point, dx: Point, dy: Point, module: Double,
                        radiusModules: Double = 2.5) -> Point? {
        let bits = frame.binary
        let width = Double(bits.width), height = Double(bits.height), rowLength = bits.width
        // The template's cells as offsets from the centre and their colour (1 dark), outer ring first: it is the one
        // texture misses soonest.
        var cells: [(offset: Point, dark: UInt8)] = []
        cells.reserveCapacity(49)
        for ring in stride(from: 3, through: 0, by: -1) {
            for v in -3...3 {
                for u in -3...3 where max(abs(u), abs(v)) == ring {
                    cells.append((dx * Double(u) + dy * Double(v), ring == 2 ? 0 : 1))
                }
            }
        }
        return bits.cells.withUnsafeBufferPointer { image -> Point? in
            cells.withUnsafeBufferPointer { cells -> Point? in
                /// The cell at `p`: 1 dark, 0 light (outside the image too).
                func colour(_ p: Point) -> UInt8 {
                    p.x >= 0 && p.y >= 0 && p.x < width && p.y < height ? image[Int(p.y) * rowLength + Int(p.x)] : 0
                }
                /// Cells matched at `c`, or fewer than `needed` once that is out of reach.
                func score(_ c: Point, needed: Int) -> Int {
                    var matched = 0, missed = 0
                    let allowed = 49 - needed
                    for cell in cells {
                        if colour(c + cell.offset) == cell.dark {
                            matched += 1
                        } else {
                            missed += 1
                            if missed > allowed { return matched }
                        }
                    }
                    return matched
                }
                /// Whether at least four of the core's centre and its four neighbours a module away are dark: true at every
                /// half-module step within a quarter module of a finder's centre (its core is three modules of dark), and at
                /// about one place in five of texture, which the full score then need not look at.
                func coreIsDark(_ c: Point) -> Bool {
                    colour(c) + colour(c + dx) + colour(c - dx) + colour(c + dy) + colour(c - dy) >= 4
                }
                let step = Swift.max(1, module / 2)
                let reach = Int((radiusModules * module / step).rounded())
                let coarseNeeded = leastMatchingCells - 4
                var best = coarseNeeded - 1, center: Point?
                for j in -reach...reach {
                    for i in -reach...reach {
                        let c = guess + Point(Double(i) * step, Double(j) * step)
                        guard coreIsDark(c) else { continue }
                        let s = score(c, needed: best + 1)
                        if s > best { best = s; center = c }
                    }
                }
                guard let center else { return nil }
                let fine = Int(step.rounded(.up))
                var top = leastMatchingCells - 1, sum = Point(0, 0), hits = 0.0
                for j in -fine...fine {
                    for i in -fine...fine {
                        let c = center + Point(Double(i), Double(j))
                        let s = score(c, needed: top)
                        if s > top { top = s; sum = c; hits = 1 } else if s == top, hits > 0 { sum = sum + c; hits += 1 }
                    }
                }
                return hits > 0 ? sum * (1 / hits) : nil
            }
        }
    }
}
