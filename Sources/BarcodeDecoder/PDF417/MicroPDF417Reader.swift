import Foundation

/// Finds and decodes MicroPDF417 symbols (ISO/IEC 24728) on pixel rows.
///
/// A symbol row is a left row address pattern (RAP: 10 modules, three bars and three spaces), one to four codewords of
/// 17 modules with a centre RAP among them in the 3- and 4-column sizes, a right RAP and a one-module stop bar. Each pixel
/// row (forwards and backwards; the image's columns too, for symbols turned a quarter) is read as such a row; its RAPs
/// name the symbol size and the row within it (a size's RAPs run on by one a row from its own starting ones), the
/// codewords' cluster must be the row's. Codewords are voted per row and column over all pixel rows; cells nobody read
/// are erasures for Reed–Solomon over GF(929), and the data codewords are read with PDF417's compaction modes. A first
/// pass looks at every fourth row of the local-mean binarization (cheap runs, where thresholding a gray row costs about
/// sixty thousand instructions); only the bands around rows it read are read in full, on the gray rows. A tilted
/// symbol's rows do not lie along pixel rows, but its left RAPs still read on many of them: a line through where most of
/// them start is its left edge, and lines square to it follow its rows (up to about 15° from level or plumb).
public struct MicroPDF417Reader: SymbologyReader {
    public let symbologies: Set<Symbology> = [.microPDF417]
    /// Symbol rows are read on the gray image; the first pass takes the frame's local-mean binarization as it is (or
    /// makes it, when no 2D reader runs), and makes no second looks on other binarizations.
    public var usesBinaryImage: Bool { false }
    public init() {}

    /// One symbol row as read on a pixel row.
    struct RowRead {
        var left: Int
        var center: Int?
        var right: Int
        var codewords: [PDF417Codeword]
        var x0: Double
        var x1: Double
    }

    public func read(_ frame: PreparedFrame, options: DecoderOptions) -> [DecodedSymbol] {
        guard options.symbologies.contains(.microPDF417) else { return [] }
        // The first pass's binarization: the 2D readers' own when they run.
        let binary = frame.localMeanBinary()
        let found = Self.read(width: frame.image.width, height: frame.image.height, binary: binary, turned: false) { frame }
        if !found.isEmpty { return found }
        // A symbol turned a quarter: its rows are the image's columns (the binarization's columns as they are). The gray
        // image is transposed only when its rows are read: on most frames without a code the first pass reads no row and
        // finds no edge, and the transposes were 1.1 M instructions a decode of a 640×480 frame (both pyramid layers).
        let turnedFrame = { PreparedFrame(frame.image.transposed(), binarization: .none) }
        return Self.read(width: frame.image.height, height: frame.image.width, binary: binary, turned: true, frame: turnedFrame).map { symbol in
            var s = symbol
            s.corners = s.corners.map { Point($0.y, $0.x) }
            return s
        }
    }

    /// A symbol row read on a line: where its left RAP starts and its stop bar ends in the image.
    struct LineRead {
        var start: Point
        var end: Point
        var row: RowRead
    }

    /// The symbols on the rows of the frame `makeFrame` makes (`width` × `height` pixels; called once, when its gray rows
    /// are first read); `binary` is its binarization, or with `turned` the binarization of the image the frame's image is
    /// the transpose of (its columns are the frame's rows).
    static func read(width: Int, height: Int, binary: BitMatrix, turned: Bool,
                     frame makeFrame: () -> PreparedFrame) -> [DecodedSymbol] {
        var madeFrame: PreparedFrame?
        func frame() -> PreparedFrame {
            if let madeFrame { return madeFrame }
            let made = makeFrame()
            madeFrame = made
            return made
        }
        var reads: [LineRead] = []
        // Where left RAPs start on lines read forwards and backwards (a symbol upside down), whole rows read or not.
        var hits: [[(point: Point, module: Double, rap: Int)]] = [[], []]
        var bands: [ClosedRange<Int>] = []
        // The backwards line's runs (`RunRow.reversed`), in arrays kept from line to line instead of two new ones a line.
        var backWidths: [Double] = [], backStarts: [Double] = []
        /// Reads a line's runs and, backwards, the same line from its other end: a symbol upside down reads in its own order.
        func record(_ forward: RunRow, origin: Point, direction: Point) -> Int {
            var found = 0
            func take(_ line: RunRow, backwards: Bool) {
                let o = backwards ? origin + direction * forward.total : origin, d = backwards ? direction * -1 : direction
                let (rows, leftRAP) = scan(line)
                for row in rows where isPlausible(row) {
                    reads.append(LineRead(start: o + d * row.x0, end: o + d * row.x1, row: row))
                    found += 1
                }
                if let (x, module, rap) = leftRAP { hits[backwards ? 1 : 0].append((o + d * x, module, rap)) }
            }
            take(forward, backwards: false)
            // Sized first and written through pointers: appended one by one, each run cost a uniqueness and capacity
            // test (about 1,300 instructions a line, 1.2 M of a frame without a code).
            let count = forward.widths.count
            backWidths.removeAll(keepingCapacity: true)
            backStarts.removeAll(keepingCapacity: true)
            backWidths.append(contentsOf: repeatElement(0, count: count))
            backStarts.append(contentsOf: repeatElement(0, count: count))
            forward.widths.withUnsafeBufferPointer { widths in
                backWidths.withUnsafeMutableBufferPointer { backWidths in
                    backStarts.withUnsafeMutableBufferPointer { backStarts in
                        var position = 0.0
                        for i in 0..<count {
                            let width = widths[count - 1 - i]
                            backStarts[i] = position
                            backWidths[i] = width
                            position += width
                        }
                    }
                }
            }
            take(RunRow(widths: backWidths, starts: backStarts), backwards: true)
            return found
        }
        // Every fourth row of the binarization finds the bands around the rows it reads (its reads themselves are not
        // kept) and left RAPs; the gray rows of those bands are read, each once.
        let binaryLines = BinaryLineRunBuffers(for: binary, byWords: true)
        for yi in stride(from: 0, to: height, by: 4) {
            let before = reads.count
            if record(binaryLines.runs(of: binary, line: yi, isColumn: turned), origin: Point(0.5, Double(yi) + 0.5), direction: Point(1, 0)) > 0 {
                let reach = Int(reads[before...].map { $0.start.distance(to: $0.end) }.max()!)
                bands.append(max(0, yi - reach)...min(height - 1, yi + reach))
            }
            reads.removeSubrange(before...)
        }
        var scanned = [Bool](repeating: false, count: height)
        for band in bands {
            for yi in band where !scanned[yi] {
                scanned[yi] = true
                _ = record(frame().pixelRow(yi), origin: Point(0.5, Double(yi) + 0.5), direction: Point(1, 0))
            }
        }
        var symbols = decodeReads(reads)
        guard symbols.isEmpty else { return symbols }
        // A tilted symbol: pixel rows cross its rows, but its left RAPs, 10 modules wide, still read on many of them.
        // Their starts lie on the symbol's left edge; lines square to that edge follow its rows. (A level symbol too: the
        // first pass read binarized rows, and its gray rows may read where those did not.)
        for (group, groupHits) in hits.enumerated() where groupHits.count >= 6 {
            let module = groupHits.map(\.module).sorted()[groupHits.count / 2]
            guard let (a, b) = strongestEdge(groupHits.map(\.point), tolerance: 1.5 * module), abs(b) < 0.4 else { continue }
            // The starts on that line (within a module and a half): a symbol's edge has several, texture rarely.
            let edge = groupHits.filter { abs($0.point.x - (a + b * $0.point.y)) <= 1.5 * module }.sorted { $0.point.y < $1.point.y }
            let ys = edge.map(\.point.y)
            guard ys.count >= 6, ys.max()! - ys.min()! >= 4 * module else { continue }
            // Along a symbol's edge the RAPs stay or run on by one row, up or down the image (a symbol upside down or
            // mirrored); texture's do not. Most neighbours must, over 3 rows.
            let steps = zip(edge, edge.dropFirst()).map { ($1.rap - $0.rap + 52) % 52 }
            let down = steps.filter { $0 <= 1 }.count, up = steps.filter { $0 == 0 || $0 == 51 }.count
            guard max(down, up) * 5 >= steps.count * 4, steps.filter({ $0 == 1 }).count >= 2 || steps.filter({ $0 == 51 }).count >= 2 else { continue }
            // A row is at most 111 modules long with its quiet zones.
            let length = min(Double(max(width, height)), 115 * module)
            // The fitted angle, then a degree either side (stray hits pull the fit).
            for delta in [0.0, 1, -1, 2, -2] {
                let angle = -atan(b) + delta * .pi / 180
                var direction = Point(cos(angle), sin(angle))
                if group == 1 { direction = direction * -1 }
                reads.removeAll()
                for y in stride(from: ys.min()! - 4 * module, through: ys.max()! + 4 * module, by: 1) {
                    let origin = Point(a + b * y, y) - direction * (3 * module)
                    _ = record(frame().scanLine(origin: origin, direction: direction, length: length), origin: origin, direction: direction)
                }
                let found = decodeReads(reads).filter { s in !symbols.contains { $0.text == s.text } }
                symbols += found
                if !found.isEmpty { break }
            }
        }
        return symbols
    }

    /// The line x = a + b·y through the most of `points`, fitted by `fitEdge` to those within `tolerance` of it: the
    /// slope (0.02 steps up to 0.4 either way, level first) and intercept where most points fall, counting intercepts
    /// `x − b·y` in bins a tolerance wide, two neighbouring bins at a time. The starts a binarized row finds in texture or
    /// noise may far outnumber a symbol's edge (a median fit of them all follows them), but only the edge lines them up.
    static func strongestEdge(_ points: [Point], tolerance: Double) -> (Double, Double)? {
        guard points.count >= 2, tolerance > 0 else { return nil }
        var lowest = Double.infinity, highest = -Double.infinity
        for p in points {
            lowest = min(lowest, p.x - 0.4 * abs(p.y))
            highest = max(highest, p.x + 0.4 * abs(p.y))
        }
        let binCount = Int((highest - lowest) / tolerance) + 2
        var counts = [Int](repeating: 0, count: binCount)
        var best = (count: 0, slope: 0.0, intercept: 0.0)
        // Through pointers, each pair's right count carried to the next pair as its left one: the bins were tested for
        // their index twice and loaded twice a pair (186,000 instructions a call, 41 slopes, 8 calls a decode of a 640×480
        // frame without a code). The same counts, pairs tested in the same order.
        //
        // Only the pairs from the one ending at the lowest filled bin to the one starting at the highest are tested, and
        // only those bins emptied for the next slope: every other pair counts 0, which never beats a best (0 or more),
        // and every other bin is still 0. A slope's intercepts fill about half the bins the 41 slopes span (110 points
        // against 150–400 bins, so the pairs cost more than the points); the same best, found at the same pair.
        counts.withUnsafeMutableBufferPointer { counts in
            // The bins the last slope filled (none before the first: the array starts at 0).
            var filled = 0..<0
            for step in edgeSlopeSteps {
                let b = Double(step) * 0.02
                for k in filled { counts[k] = 0 }
                var first = binCount, last = -1
                for p in points {
                    let k = Int((p.x - b * p.y - lowest) / tolerance)
                    precondition(k >= 0 && k < binCount, "a start outside the intercepts' bins")
                    counts[k] &+= 1
                    first = min(first, k)
                    last = max(last, k)
                }
                filled = first..<(last + 1)
                // Pairs `max(first − 1, 0)` to `min(last, binCount − 2)`, each pair k being bins k and k + 1.
                let from = max(first - 1, 0), to = min(last, binCount - 2)
                var left = counts[from]
                for k in from..<(to + 1) {
                    let right = counts[k + 1], pair = left &+ right
                    if pair > best.count { best = (pair, b, lowest + Double(k + 1) * tolerance) }
                    left = right
                }
            }
        }
        let near = points.filter { abs($0.x - (best.intercept + best.slope * $0.y)) <= tolerance }
        return fitEdge(near)
    }

    /// The slopes `strongestEdge` tries, in 0.02 steps, level first: made once, not in 21 small arrays a call.
    static let edgeSlopeSteps = [0] + (1...20).flatMap { [$0, -$0] }

    /// The line x = a + b·y through `points`, by the median of pairwise slopes (Theil–Sen), which stray points do not move.
    /// The medians are the middle values (`count / 2`) in sorted order, selected without sorting the up to 1,770 slopes.
    static func fitEdge(_ points: [Point]) -> (Double, Double)? {
        let sample = Array(points.prefix(60))
        var slopes: [Double] = []
        for i in sample.indices {
            for j in (i + 1)..<sample.count where abs(sample[j].y - sample[i].y) >= 2 {
                slopes.append((sample[j].x - sample[i].x) / (sample[j].y - sample[i].y))
            }
        }
        guard slopes.count >= 3 else { return nil }
        let b = LinearReader.quickMedian(&slopes)
        var intercepts = sample.map { $0.x - b * $0.y }
        return (LinearReader.quickMedian(&intercepts), b)
    }

    /// The symbols the row reads make: for each size, the reads it explains (row number from the left RAP, checked against
    /// the right and centre RAPs and the codewords' cluster) voted per cell, erasures for cells nobody read.
    static func decodeReads(_ reads: [LineRead]) -> [DecodedSymbol] {
        // No read, no size with a first row (and no vote tables to set up for the 34 sizes).
        guard !reads.isEmpty else { return [] }
        var symbols: [DecodedSymbol] = []
        for variant in MicroPDF417Variant.all {
            var votes: [[Int: Int]] = Array(repeating: [:], count: variant.codewordCount)
            var first: (row: Int, read: LineRead)?, last: (row: Int, read: LineRead)?
            for read in reads where read.row.codewords.count == variant.columns && (read.row.center != nil) == (variant.centerRAP >= 0) {
                let r = (read.row.left - variant.leftRAP + 52) % 52
                guard r < variant.rows, (variant.rightRAP + r) % 52 == read.row.right,
                      variant.centerRAP < 0 || (variant.centerRAP + r) % 52 == read.row.center,
                      read.row.codewords.allSatisfy({ $0.cluster == (variant.firstCluster + r) % 3 * 3 }) else { continue }
                for (c, codeword) in read.row.codewords.enumerated() { votes[r * variant.columns + c][codeword.value, default: 0] += 1 }
                if first.map({ r < $0.row }) ?? true { first = (r, read) }
                if last.map({ r >= $0.row }) ?? true { last = (r, read) }
            }
            let erasures = votes.indices.filter { votes[$0].isEmpty }
            guard let first, let last, erasures.count < variant.checkCount else { continue }
            var codewords = votes.map { cell in cell.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key ?? 0 }
            guard let corrected = try? PDF417ReedSolomon.correct(&codewords, checkCount: variant.checkCount, erasures: erasures),
                  let data = try? PDF417Compaction.decode(codewords[0..<variant.dataCount]), !data.bytes.isEmpty,
                  !symbols.contains(where: { $0.text == data.text }) else { continue }
            let corners = [first.read.start, first.read.end, last.read.end, last.read.start]
            symbols.append(DecodedSymbol(symbology: .microPDF417, text: data.text, bytes: data.bytes, corners: corners,
                                         correctedErrors: corrected))
        }
        return symbols
    }

    /// Whether some size has a row with these RAPs, this many columns and this cluster (random bars rarely do).
    static func isPlausible(_ row: RowRead) -> Bool {
        MicroPDF417Variant.all.contains { variant in
            guard variant.columns == row.codewords.count, (row.center != nil) == (variant.centerRAP >= 0) else { return false }
            let r = (row.left - variant.leftRAP + 52) % 52
            return r < variant.rows && (variant.rightRAP + r) % 52 == row.right
                && (variant.centerRAP < 0 || (variant.centerRAP + r) % 52 == row.center)
                && row.codewords[0].cluster == (variant.firstCluster + r) % 3 * 3
        }
    }

    /// What a line of runs shows: the symbol rows it crosses, and where the first left RAP after a quiet zone of two
    /// modules starts along it, with its module width and which RAP it is (codewords hold RAP-like stretches, so only the
    /// first after open space counts).
    ///
    /// Rows: at each left RAP after a quiet zone of one module, the row `rowRead` reads there; the search goes on after
    /// its stop bar. Both searches test for a RAP at every bar from the first: each bar's RAP is found once for both
    /// (`rap` at every bar of every line was a tenth of the reader's instructions, half of them for the second search).
    static func scan(_ line: RunRow) -> (rows: [RowRead], leftRAP: (x: Double, module: Double, rap: Int)?) {
        line.widths.withUnsafeBufferPointer { scan(line, runs: $0, side: sideRAPWidths, center: centerRAPWidths) }
    }

    private static func scan(_ line: RunRow, runs: UnsafeBufferPointer<Double>, side sideRAPWidths: MicroPDF417RAPTable,
                             center centerRAPWidths: MicroPDF417RAPTable)
        -> (rows: [RowRead], leftRAP: (x: Double, module: Double, rap: Int)?) {
        var found: [RowRead] = []
        var leftRAP: (x: Double, module: Double, rap: Int)?
        // The left RAP is looked for at bars before `leftEnd` until found; rows at bar `next` while 21 runs follow it.
        let count = runs.count, leftEnd = max(1, count - 6)
        var next = 1
        var s = 1
        while true {
            let forLeft = leftRAP == nil && s < leftEnd, forRow = s == next && s + 21 < count
            guard forLeft || forRow else {
                // Past a row read, the left RAP is known or out of reach: on at the bar after the row.
                guard next > s, next + 21 < count else { break }
                s = next
                continue
            }
            defer { s += 2 }
            // Both searches take a RAP here only after a quiet zone of at least 0.8 of its module (`rap` makes the module a
            // tenth of the six widths' total, added in the same order here), except a row at the first bar: on texture
            // about two fifths of the bars have less, and their RAP tests (160 instructions each) were thrown away.
            var found0: (Int, Double)?
            if s + 6 <= count {
                var total = 0.0
                for i in s..<(s &+ 6) { total += runs[i] }
                if s == 1 || runs[s - 1] >= 0.8 * (total / 10) { found0 = rap(runs, at: s, total: total, table: sideRAPWidths) }
            }
            if forLeft, let (index, module) = found0, runs[s - 1] >= 2 * module { leftRAP = (line.starts[s], module, index) }
            guard forRow else { continue }
            next = s + 2
            // MicroPDF417 asks for a quiet zone of one module only.
            guard let (left, module) = found0, runs[s - 1] >= 0.8 * module || s == 1 else { continue }
            guard let (row, after) = rowRead(line, runs: runs, at: s, left: left, module: module, side: sideRAPWidths, center: centerRAPWidths)
            else { continue }
            found.append(row)
            next = after
        }
        return (found, leftRAP)
    }

    /// The symbol row whose left RAP (`left`, modules of `module`) starts at bar `s`, and the bar after its stop bar's
    /// quiet zone, where the search goes on: each of the four layouts (1–4 columns, a centre RAP after the first or second
    /// codeword of the 3- and 4-column sizes) tried at its own run positions, widest first (a codeword's elements can pass
    /// for a narrower layout's right RAP), and the first whose codewords, RAPs and stop bar all read taken.
    static func rowRead(_ line: RunRow, runs: UnsafeBufferPointer<Double>, at s: Int, left: Int, module: Double,
                        side sideRAPWidths: MicroPDF417RAPTable, center centerRAPWidths: MicroPDF417RAPTable) -> (row: RowRead, next: Int)? {
        // Every layout's first codeword follows the left RAP: read once (on random bars a RAP fits often, a codeword
        // after it rarely).
        guard let first = codeword(runs, at: s + 6, module: module) else { return nil }
        // One array for the four layouts' codewords (each its own was 1,900 allocations a decode of a 640×480 frame
        // without a code, about 300 instructions each with its release).
        var codewords = [first]
        codewords.reserveCapacity(4)
        layouts: for columns in (1...4).reversed() {
            var at = s + 14
            codewords.removeLast(codewords.count - 1)
            var center: Int?
            for column in 1..<columns {
                if columns >= 3 && column == columns - 2 {
                    guard let (value, _) = rap(runs, at: at, table: centerRAPWidths) else { continue layouts }
                    center = value
                    at += 6
                }
                guard let codeword = codeword(runs, at: at, module: module), codeword.cluster == first.cluster else { continue layouts }
                codewords.append(codeword)
                at += 8
            }
            // The right RAP, the one-module stop bar and the quiet zone after it.
            guard at + 7 <= runs.count, let (right, m) = rap(runs, at: at, table: sideRAPWidths), runs[at + 6] < 2.2 * m,
                  at + 7 == runs.count || runs[at + 7] >= 0.8 * m else { continue }
            return (RowRead(left: left, center: center, right: right, codewords: codewords, x0: line.starts[s],
                            x1: line.starts[at + 6] + runs[at + 6]), at + 8)
        }
        return nil
    }

    /// The codeword whose eight element widths start at run `at`, if they are about 17 modules of `module` and read.
    static func codeword(_ runs: UnsafeBufferPointer<Double>, at: Int, module: Double) -> PDF417Codeword? {
        guard at + 8 <= runs.count else { return nil }
        var total = 0.0
        for i in at..<(at + 8) { total += runs[i] }
        guard abs(total / module - 17) < 3 else { return nil }
        return PDF417Codeword.from(elementWidths: runs, at: at, total: total)
    }

    /// The RAP whose six element widths start at run `s` (a bar), and the module width, if one of `table` fits. Called at
    /// every bar of every line read, so it allocates nothing: the widths are rounded to modules (nudged to a total of 10
    /// where rounding was least sure) and looked up packed, 3 bits an element.
    static func rap(_ runs: UnsafeBufferPointer<Double>, at s: Int, table: MicroPDF417RAPTable) -> (Int, Double)? {
        guard s + 6 <= runs.count else { return nil }
        var total = 0.0
        for i in s..<(s &+ 6) { total += runs[i] }
        return rap(runs, at: s, total: total, table: table)
    }

    /// `rap(_:at:table:)` given the six widths' `total`, added in order from 0 (`scan` needs it first).
    @inline(__always)
    static func rap(_ runs: UnsafeBufferPointer<Double>, at s: Int, total: Double, table: MicroPDF417RAPTable) -> (Int, Double)? {
        var widest = 0.0, narrowest = Double.infinity
        for i in s..<(s &+ 6) {
            let width = runs[i]
            // One `maxsd`, where `max(widest, width)` (`width >= widest ? width : widest`, which `maxsd` is not for a
            // NaN) was a compare and three masks: the same value for every width, a NaN making the total fail below.
            widest = width > widest ? width : widest
            narrowest = min(narrowest, width)
        }
        // No RAP element is under 1 or over 5 of its 10 modules.
        guard total > 0, widest <= 0.55 * total, narrowest >= 0.05 * total else { return nil }
        let unit = total / 10
        var key = 0, sum = 0
        // Wrapping arithmetic: an index within the runs and six counts of at most 6 cannot overflow, and the overflow
        // tests were a sixth of this loop's instructions.
        for i in 0..<6 {
            // Rounded half up: for a width of at least half a module that is `rounded()` (a libm call here), below it
            // both give 0, which counts as 1.
            let count = max(1, Int(runs[s &+ i] / unit + 0.5))
            sum &+= count
            key |= count &<< (3 &* i)
        }
        // A total of 9 or 11 modules is nudged to 10 where rounding went furthest the wrong way. Looked for only then:
        // its comparisons, taken either way at random on texture, cost a mispredicted branch at most bars.
        if sum == 9 || sum == 11 {
            var best = (index: -1, margin: -Double.infinity)
            for i in 0..<6 {
                let scaled = runs[s + i] / unit, count = max(1, Int(scaled + 0.5))
                let margin = sum == 9 ? scaled - Double(count) : Double(count) - scaled
                if (sum == 9 || count > 1) && margin > best.margin { best = (i, margin) }
            }
            guard best.index >= 0 else { return nil }
            key += (sum == 9 ? 1 : -1) << (3 * best.index)
        } else if sum != 10 {
            return nil
        }
        guard let index = table[key] else { return nil }
        return (index, unit)
    }

    static let sideRAPWidths = MicroPDF417RAPTable(MicroPDF417Variant.sideRAPs)
    static let centerRAPWidths = MicroPDF417RAPTable(MicroPDF417Variant.centerRAPs)

    /// The six element widths of a 10-module RAP pattern, bar first.
    static func widths(_ pattern: Int) -> [Int] {
        var widths: [Int] = [], run = 0, previous = true
        for bit in stride(from: 9, through: 0, by: -1) {
            let dark = pattern >> bit & 1 == 1
            if dark != previous { widths.append(run); run = 0; previous = dark }
            run += 1
        }
        widths.append(run)
        return widths
    }
}
