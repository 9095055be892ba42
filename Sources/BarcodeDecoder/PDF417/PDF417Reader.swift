/// Reads PDF417 symbols (ISO/IEC 15438): start and stop edges found on image rows (and columns, for symbols turned
/// about 90°), scan lines across the symbol between them, codewords voted per row and column, Reed–Solomon over GF(929).
///
/// Rows are numbered by the row indicators at both ends of each scan line (and, where those are unread, by where the line
/// lies between the symbol's top and bottom), then each codeword is put in the nearest row of its cluster; so turned,
/// mirrored and upside-down symbols read alike.
public struct PDF417Reader: SymbologyReader {
    public init() {}

    public var symbologies: Set<Symbology> { [.pdf417] }

    public func read(_ frame: PreparedFrame, options: DecoderOptions) -> [DecodedSymbol] {
        guard options.symbologies.contains(.pdf417), frame.binary.width > 0 else { return [] }
        // Symbols a smaller pyramid layer read are not read again.
        let known = frame.known.filter { $0.symbology == .pdf417 }.map(\.corners)
        let (found, sawBothEdges) = readRowsAndColumns(frame.binary, image: frame.image, known: known)
        guard found.isEmpty, sawBothEdges else { return found }
        // Start and stop patterns were seen but nothing read: a symbol turned about 45° shows its patterns whole on too
        // few rows and columns to place its corners. Read the image turned by 45° (only then, so frames without both
        // patterns cost nothing more).
        let turned = frame.image.rotated45()
        let turnedFrame = PreparedFrame(turned.image, binarization: .localMean)
        let turnedKnown = known.map { $0.map(turned.toTurned) }
        return readRowsAndColumns(turnedFrame.binary, image: turned.image, known: turnedKnown).symbols.map { symbol in
            var s = symbol
            s.corners = s.corners.map(turned.fromTurned)
            return s
        }
    }

    /// The symbols found from the start edges on the rows of `binary` and, when the rows read nothing, on its columns;
    /// and whether both a start and a stop edge were seen.
    ///
    /// A first look takes every other row (and column) of those the full look takes: a symbol's edges run its full
    /// height, so they are found on half the rows as well (their ends carried through the rows between), and most
    /// symbols read from them. Only when that look reads nothing yet saw an edge too short to try (one or two hits,
    /// outside the known symbols) with an edge of the other kind beside it (`hasShortPair`) does the full look run, for
    /// a symbol a few rows tall; it tries only the edge pairs the first look did not (those it did try end where the
    /// first look's do, and would fail again).
    func readRowsAndColumns(_ binary: BitMatrix, image: GrayImage, known: [[Point]]) -> (symbols: [DecodedSymbol], sawBothEdges: Bool) {
        var tried = TriedPairs()
        let first = readRowsAndColumns(binary, image: image, known: known, spread: 2, tried: &tried)
        guard first.symbols.isEmpty, first.sawShortPair else { return (first.symbols, first.sawBothEdges) }
        let full = readRowsAndColumns(binary, image: image, known: known, spread: 1, tried: &tried)
        return (full.symbols, first.sawBothEdges || full.sawBothEdges)
    }

    /// The start and stop edges already decoded between, on the rows and on the columns.
    struct TriedPairs {
        var rows: [Pair] = []
        var columns: [Pair] = []

        struct Pair {
            var start: PDF417EdgeFinder.Edge
            var stop: PDF417EdgeFinder.Edge?

            /// Whether `other` joins edges that end where these do (within a module, at least 2 pixels).
            func isLike(_ other: Pair) -> Bool {
                let tolerance = max(2, start.module)
                func near(_ a: PDF417EdgeFinder.Edge, _ b: PDF417EdgeFinder.Edge) -> Bool {
                    a.isStart == b.isStart && a.isReversed == b.isReversed
                        && a.top.distance(to: b.top) <= tolerance && a.bottom.distance(to: b.bottom) <= tolerance
                }
                guard near(start, other.start) else { return false }
                if let stop, let otherStop = other.stop { return near(stop, otherStop) }
                return stop == nil && other.stop == nil
            }
        }
    }

    /// The symbols found from the edges on every `spread`-th of the rows (columns) the full look takes; whether both a
    /// start and a stop edge were seen, and whether an edge of one or two hits was, outside `known`.
    func readRowsAndColumns(_ binary: BitMatrix, image: GrayImage, known: [[Point]], spread: Int, tried: inout TriedPairs)
        -> (symbols: [DecodedSymbol], sawBothEdges: Bool, sawShortPair: Bool) {
        let transposedKnown = known.map { $0.map { Point($0.y, $0.x) } }
        let rowStep = spread * (binary.height >= 240 ? 2 : 1), columnStep = spread * (binary.width >= 240 ? 2 : 1)
        let allRowEdges = PDF417EdgeFinder.edges(in: binary, step: rowStep, minimumHits: 1)
        let rowEdges = PDF417EdgeFinder.extended(allRowEdges.filter { $0.hits.count >= 3 }, in: binary, step: rowStep)
        let found = read(rowEdges, image: image, known: known, tried: &tried.rows)
        if !found.isEmpty { return (found, true, false) }
        // Symbols turned about 90°: the columns, read as rows of the transposed image.
        let allEdges = PDF417EdgeFinder.edges(in: binary, step: columnStep, transposed: true, minimumHits: 1)
        let edges = PDF417EdgeFinder.extended(allEdges.filter { $0.hits.count >= 3 }, in: binary, step: columnStep, transposed: true)
        let sawShortPair = Self.hasShortPair(allRowEdges, known: known, reach: Double(2 * rowStep))
            || Self.hasShortPair(allEdges, known: transposedKnown, reach: Double(2 * columnStep))
        // Edges of symbols already read (on a smaller layer) do not count: they would send an image whose only symbol is
        // read to the costly 45° look.
        let all = rowEdges.filter { !Self.isKnown($0, known) } + edges.filter { !Self.isKnown($0, transposedKnown) }
        let sawBothEdges = all.contains(where: \.isStart) && all.contains { !$0.isStart }
        guard edges.contains(where: \.isStart) else { return ([], sawBothEdges, sawShortPair) }
        let symbols = read(edges, image: image.transposed(), known: transposedKnown, tried: &tried.columns).map { symbol in
            var s = symbol
            s.corners = s.corners.map { Point($0.y, $0.x) }
            return s
        }
        return (symbols, sawBothEdges, sawShortPair)
    }

    /// The symbols read between the start and stop `edges`; pairs like those in `tried` are skipped, and those decoded
    /// are added to it.
    func read(_ edges: [PDF417EdgeFinder.Edge], image: GrayImage, known: [[Point]], tried: inout [TriedPairs.Pair]) -> [DecodedSymbol] {
        let starts = edges.filter(\.isStart), stops = edges.filter { !$0.isStart }
        var found: [DecodedSymbol] = []
        for start in starts.sorted(by: { $0.hits.count > $1.hits.count }) {
            let candidates = stops.filter { stop in
                stop.isReversed == start.isReversed
                    && (start.isReversed ? stop.meanOuter < start.meanOuter : stop.meanOuter > start.meanOuter)
                    && stop.module / start.module > Self.fewestStopModules && stop.module / start.module < 1 / Self.fewestStopModules
                    && Self.couldBeOneSymbol(start, stop)
            }.sorted { abs($0.meanOuter - start.meanOuter) < abs($1.meanOuter - start.meanOuter) }
            if found.contains(where: { LinearReader.contains($0.corners, start.inside) }) || Self.isKnown(start, known) { continue }
            // With its stop edge; else from the start edge alone (compact PDF417, or a symbol cut by the image border).
            // Only when no pair reads as sampled are the pairs whose lines read some codeword read sharpened.
            var worthSharpening: [PDF417EdgeFinder.Edge?] = [], worthNearest: [PDF417EdgeFinder.Edge?] = []
            var symbol: DecodedSymbol?
            for stop in Array(candidates.prefix(2)) + [nil] {
                let pair = TriedPairs.Pair(start: start, stop: stop)
                if tried.contains(where: { $0.isLike(pair) }) { continue }
                tried.append(pair)
                let attempt = decode(image, start: start, stop: stop, sharpened: false)
                symbol = attempt.symbol
                if symbol != nil { break }
                if attempt.readCodewords { worthSharpening.append(stop) }
                if attempt.mostLinesReadCodewords { worthNearest.append(stop) }
            }
            for stop in worthSharpening where symbol == nil {
                symbol = decode(image, start: start, stop: stop, sharpened: true).symbol
            }
            // Last, the pairs most of whose plain lines read a codeword (a symbol's rows do; on texture, a pair whose lines
            // read any codeword read one on a line in three or four, `falsepositives-1/10`), as sampled, with codewords
            // whose edges round to no pattern read as the nearest valid one (`readLine`'s `nearest`).
            for stop in worthNearest where symbol == nil {
                symbol = decode(image, start: start, stop: stop, sharpened: false, nearest: true).symbol
            }
            if let symbol, !found.contains(where: { $0.text == symbol.text }) { found.append(symbol) }
        }
        return found
    }

    /// Whether `edge` lies inside one of the `known` symbol outlines.
    /// Whether, outside the `known` symbols, an edge of one or two hits has an edge of the other kind and direction beside
    /// it: on its lines or within `reach` of them, on the side a start or stop pattern read that way lies (the start left
    /// of the stop, or right of it read right to left).
    ///
    /// A symbol a few rows tall shows both its patterns on the same few lines. A short edge alone does not send a frame
    /// to the full look: texture matches the start or stop pattern on a line or two of most textured frames, so every
    /// look of every no-code frame paid it (a third of the PDF417 reader's instructions, `falsepositives-1/13` 8 % of its
    /// decode). Asking for the pair kept every PDF417 read of the dev photos and their ten transformed copies. A compact
    /// symbol has no stop pattern: one whose start edge the first look crosses under three times is no longer read (a
    /// three-row compact symbol squashed to 8 px, where 10 px still reads; see Limits).
    static func hasShortPair(_ edges: [PDF417EdgeFinder.Edge], known: [[Point]], reach: Double) -> Bool {
        let unknown = edges.filter { !isKnown($0, known) }
        return unknown.contains { short in
            short.hits.count < 3 && unknown.contains { other in
                guard other.isStart != short.isStart, other.isReversed == short.isReversed else { return false }
                let (start, stop) = short.isStart ? (short, other) : (other, short)
                guard (start.meanOuter < stop.meanOuter) != start.isReversed else { return false }
                return short.top.y - reach <= other.bottom.y && other.top.y - reach <= short.bottom.y
            }
        }
    }

    static func isKnown(_ edge: PDF417EdgeFinder.Edge, _ known: [[Point]]) -> Bool {
        let inside = edge.inside
        return known.contains { LinearReader.contains($0, inside) }
    }

    /// How far from `point` (inside `image`) along the unit vector `direction` the image extends.
    static func reachInside(_ image: GrayImage, from point: Point, along direction: Point) -> Double {
        func reach(_ p: Double, _ d: Double, _ extent: Int) -> Double {
            d > 0 ? (Double(extent) - p) / d : d < 0 ? -p / d : .infinity
        }
        return max(0, min(reach(point.x, direction.x, image.width), reach(point.y, direction.y, image.height)))
    }

    /// The least a stop edge's module may be of the start edge's (and the most its reciprocal) for the two to be tried as
    /// one symbol. A label turned away from the camera shrinks its modules along the rows as the square of its height:
    /// at 70 % of the height, to half (until the twenty-sixth session 0.6 was asked).
    static let fewestStopModules = 0.4

    /// Whether a stop edge could end the rows a start edge begins: of similar length, and no further above or below it
    /// than the symbol is wide (a symbol turned by up to 45°).
    static func couldBeOneSymbol(_ start: PDF417EdgeFinder.Edge, _ stop: PDF417EdgeFinder.Edge) -> Bool {
        let startLength = start.top.distance(to: start.bottom), stopLength = stop.top.distance(to: stop.bottom)
        guard startLength < 2.5 * stopLength + 4 * start.module, stopLength < 2.5 * startLength + 4 * start.module else { return false }
        let startMiddle = (start.top + start.bottom) * 0.5, stopMiddle = (stop.top + stop.bottom) * 0.5
        return abs(startMiddle.y - stopMiddle.y) < abs(startMiddle.x - stopMiddle.x) + (startLength + stopLength) / 4
    }

    /// One codeword read on a scan line: its column (0 = left row indicator, columns + 1 = right row indicator).
    struct LineCodeword {
        var column: Int
        var codeword: PDF417Codeword
    }

    struct ScanLine {
        /// Where the line lies between the symbol's top (0) and bottom (1) edge hits.
        var t: Double
        var codewords: [LineCodeword]
    }

    /// The symbol between a start edge and a stop edge (or, without one, as far as the left row indicator says it
    /// reaches), if it decodes; whether its scan lines read any codeword, and whether most of those read did.
    ///
    /// With `sharpened`, the lines are sharpened before they are thresholded (`readLine`): blur that spreads each edge
    /// over most of a module narrows or closes the one-module bars and spaces, so element widths round to the wrong
    /// modules and few codewords read. `read` asks for it only for pairs whose plain lines read some codeword but did not
    /// decode (not for a start edge found in texture, whose lines read none), once no pair of the start edge decoded
    /// plain: a symbol that reads as sampled costs nothing more. `nearest` is passed to `readLine`.
    func decode(_ image: GrayImage, start: PDF417EdgeFinder.Edge, stop: PDF417EdgeFinder.Edge?, sharpened: Bool, nearest: Bool = false)
        -> (symbol: DecodedSymbol?, readCodewords: Bool, mostLinesReadCodewords: Bool) {
        // The symbol's own corners: for a reversed pair, its top is at the image's bottom.
        let (topLeft, bottomLeft) = start.isReversed ? (start.bottom, start.top) : (start.top, start.bottom)
        let height = topLeft.distance(to: bottomLeft)
        guard height >= 2 else { return (nil, false, false) }
        // Without a stop edge, rows run square to the start edge, `reach` modules from it.
        let along = (bottomLeft - topLeft) * (1 / height)
        let across = Point(along.y, -along.x)
        let module = stop.map { (start.module + $0.module) / 2 } ?? start.module
        func rightCorners(columns: Int) -> (Point, Point) {
            if let stop { return start.isReversed ? (stop.bottom, stop.top) : (stop.top, stop.bottom) }
            let reach = Double(17 * columns + 69) * module
            return (topLeft + across * reach, bottomLeft + across * reach)
        }
        let (topRight0, bottomRight0) = rightCorners(columns: 30)
        let width = (topLeft.distance(to: topRight0) + bottomLeft.distance(to: bottomRight0)) / 2
        let estimatedColumns = stop == nil ? 30 : max(1, Int(((width / module - 69) / 17).rounded()))

        // Scan lines on a grid of two to a module: a first pass over some of them (three in eight, at least eight lines;
        // most symbols read on those), all of them where Reed–Solomon fails on the first (symbols whose rows are a
        // module or two tall, or damaged). Before the first pass, every other of its lines (one every 2.7 modules, so
        // about one a row of a symbol whose rows are three modules tall): where they read every row, or Reed–Solomon
        // restores the rows they miss, the other half is not read. A line read in one pass is not read again.
        let lineCount = max(8, min(Int(height / module * 2), 600))
        let firstCount = max(8, min(Int(height / module * 0.75), 600))
        var readLines = [(columns: Int, reach: Double, codewords: [LineCodeword])?](repeating: nil, count: lineCount)
        let buffers = ScanLineBuffers(capacity: 1)

        func read(lines indices: [Int]) -> DecodedSymbol? {
            var columns = estimatedColumns
            var (topRight, bottomRight) = (topRight0, bottomRight0)

            func scan(columns: Int, reach: Double = .infinity) -> [ScanLine] {
                indices.map { i in
                    let t = (Double(i) + 0.5) / Double(lineCount)
                    if let done = readLines[i], done.columns == columns, done.reach == reach { return ScanLine(t: t, codewords: done.codewords) }
                    let a = topLeft + (bottomLeft - topLeft) * t, b = topRight + (bottomRight - topRight) * t
                    let codewords = readLine(image, from: a, to: b, module: module, columns: columns, hasStop: stop != nil, reach: reach,
                                             sharpened: sharpened, nearest: nearest, buffers: buffers)
                    readLines[i] = (columns, reach, codewords)
                    return ScanLine(t: t, codewords: codewords)
                }
            }
            // Without a stop edge the lines run as far as the widest symbol would (30 columns), yet only the left row
            // indicators tell the shape: a first scan reads just the start pattern and the left indicator (90 modules
            // hold them at the largest module width readLine accepts), and only a shape that reads costs full lines.
            var lines = scan(columns: columns, reach: stop == nil ? 90 * module : .infinity)
            guard var shape = PDF417Shape(lines: lines, columns: columns) else { return nil }
            if shape.columns != columns || stop == nil {
                columns = shape.columns
                (topRight, bottomRight) = rightCorners(columns: columns)
                lines = scan(columns: columns)
                guard let refined = PDF417Shape(lines: lines, columns: columns) else { return nil }
                shape = refined
            }
            guard shape.columns == columns else { return nil }
            let rows = shape.rows
            // Votes per codeword position, each a position and a value in one number (`voteKey`), sorted: a position's
            // votes then lie together, each value's in a run, values rising. (A dictionary a position cost its
            // allocations and a hash a vote, about a tenth of a symbol's decode.)
            var votes: [Int] = []
            votes.reserveCapacity(lines.count * (columns + 2))
            let rowOfT = shape.rowFit(lines)
            for line in lines {
                let left = line.codewords.first { $0.column == 0 }.flatMap { shape.row(leftIndicator: $0.codeword) }
                let right = line.codewords.first { $0.column == columns + 1 }.flatMap { shape.row(rightIndicator: $0.codeword) }
                for cw in line.codewords where cw.column >= 1 && cw.column <= columns {
                    let estimate: Double
                    if let left, let right {
                        estimate = Double(left) + Double(right - left) * Double(cw.column) / Double(columns + 1)
                    } else if let row = left ?? right {
                        estimate = Double(row)
                    } else if let rowOfT {
                        estimate = rowOfT.a + rowOfT.b * line.t
                    } else {
                        continue
                    }
                    // The nearest row whose cluster is this codeword's.
                    let residue = cw.codeword.cluster / 3
                    let base = Self.rounded(estimate)
                    // The first of base − 1, base, base + 1 in the symbol and of that cluster (without an array of them a vote).
                    var row = -1
                    for r in (base - 1)...(base + 1) where r >= 0 && r < rows && r % 3 == residue { row = r; break }
                    guard row >= 0, abs(Double(row) - estimate) <= 1.2 else { continue }
                    votes.append(Self.voteKey(position: row * columns + cw.column - 1, value: cw.codeword.value))
                }
            }
            let winners = Self.winners(ofVotes: &votes, positions: rows * columns)
            var codewords = winners.codewords
            let erasures = winners.erasures
            let checkCount = 1 << (shape.errorCorrectionLevel + 1)
            guard codewords.count > checkCount else { return nil }
            guard let corrected = try? PDF417ReedSolomon.correct(&codewords, checkCount: checkCount, erasures: erasures) else { return nil }
            let length = codewords[0]
            guard length >= 1, length <= codewords.count - checkCount else { return nil }
            guard let data = try? PDF417Compaction.decode(codewords[1..<length]) else { return nil }
            // Without a stop edge the right corners lie where the columns reach at the start edge's module, but the
            // outline ends at the image: where the modules shrink along the rows (a symbol in perspective whose stop
            // edge did not pair) that reach runs far outside it.
            if stop == nil {
                let reach = min(topLeft.distance(to: topRight), Self.reachInside(image, from: topLeft, along: across),
                                Self.reachInside(image, from: bottomLeft, along: across))
                (topRight, bottomRight) = (topLeft + across * reach, bottomLeft + across * reach)
            }
            var symbol = DecodedSymbol(symbology: .pdf417, text: data.text, bytes: data.bytes,
                                       corners: [topLeft, topRight, bottomRight, bottomLeft], correctedErrors: corrected)
            symbol.macroPDF417 = data.macro
            return symbol
        }

        func readPasses() -> DecodedSymbol? {
            guard firstCount < lineCount else { return read(lines: Array(0..<lineCount)) }
            let first = (0..<firstCount).map { j in Int((Double(j) + 0.5) * Double(lineCount) / Double(firstCount)) }
            if first.count >= 16, let symbol = read(lines: stride(from: 0, to: first.count, by: 2).map { first[$0] }) { return symbol }
            return read(lines: first) ?? read(lines: Array(0..<lineCount))
        }
        let symbol = readPasses()
        var linesRead = 0, linesWithCodewords = 0
        for case let line? in readLines {
            linesRead += 1
            if !line.codewords.isEmpty { linesWithCodewords += 1 }
        }
        return (symbol, symbol != nil || linesWithCodewords > 0, symbol != nil || 2 * linesWithCodewords > linesRead)
    }

    /// A vote for codeword `value` (0…928) at `position`, as one number: sorted, a position's votes lie together, and
    /// its votes for one value in a run, values rising.
    @inline(__always)
    static func voteKey(position: Int, value: Int) -> Int { position << 10 | value }

    /// For each of `positions` codeword positions, the value with the most `votes` (`voteKey`s; sorts them), of those
    /// with as many the smallest, or 0; and the positions without a vote (the erasures), in order. The same winners as
    /// counting each position's votes in a dictionary and taking its maximum by count, then the smaller value: that order
    /// is total, so its maximum does not depend on the dictionary's order; here the runs of a position's values come
    /// rising, and a later one wins only with more votes.
    static func winners(ofVotes votes: inout [Int], positions: Int) -> (codewords: [Int], erasures: [Int]) {
        votes.sort()
        var codewords = [Int](repeating: 0, count: positions)
        var erasures: [Int] = []
        var next = 0, k = 0
        while k < votes.count {
            let position = votes[k] >> 10
            while next < position { erasures.append(next); next += 1 }
            var best = 0, bestCount = 0
            while k < votes.count && votes[k] >> 10 == position {
                let key = votes[k]
                var count = 0
                while k < votes.count && votes[k] == key { count += 1; k += 1 }
                if count > bestCount { (best, bestCount) = (key & 1023, count) }
            }
            codewords[position] = best
            next = position + 1
        }
        while next < positions { erasures.append(next); next += 1 }
        return (codewords, erasures)
    }

    /// How far either side, in modules, `readLine` takes the neighbours a sharpened line's values are set against. On
    /// the blurred copies of the dev photos (Gaussian blur of 1.2 px, 1–3 px modules) the reads were 13 of 33 at half a
    /// module, 22 at ¾ and 14 at a whole module: about the reach over which blur spreads an edge.
    static let sharpeningReach = 0.75

    /// `Int(x.rounded())`, without the call to the C library's `round` (baseline x86-64 has no rounding instruction) for
    /// the values of at least 0 a line's element edges give: `PreparedFrame.wholeAndFraction` gives the whole part and
    /// the exact fraction `x − ⌊x⌋` (below 2⁵¹), and `rounded()` (to nearest, halves away from zero) adds one to the whole
    /// part exactly when that fraction is at least one half. Others (negative, larger, or not finite) take `rounded()`
    /// itself.
    @inline(__always)
    static func rounded(_ x: Double) -> Int {
        guard x >= 0, x < 0x1p51 else { return Int(x.rounded()) }
        let (whole, fraction) = PreparedFrame.wholeAndFraction(x)
        return whole &+ (fraction >= 0.5 ? 1 : 0)
    }

    /// The dark runs (every other run from the first, dark where `firstIsDark`) from run `first` on that begin at most
    /// `reach` past `expected`, nearest to it first (of runs as near, the earlier first), into `candidates`; how many.
    ///
    /// Each run inserted where it belongs as it is found, after those as near or nearer: the order a stable sort by
    /// distance gives (Swift's `sort` is stable), without an array emptied and sorted for every column
    /// (`PDF417NearestRunsTests` compares with the sort). The array's `removeAll(keepingCapacity:)` and the sort cost
    /// `pdf417-3/10` 30 k instructions of 2.81 M, and about 2 % of its time (best of 400 from 0.190 to 0.186 ms).
    @inline(__always)
    static func darkRunsNearestFirst(begins: UnsafePointer<Double>, runCount: Int, from first: Int, firstIsDark: Bool, expected: Double,
                                     reach: Double, into candidates: UnsafeMutablePointer<Int>) -> Int {
        var count = 0
        var i = first
        while i < runCount && begins[i] <= expected + reach {
            if (i & 1 == 0) == firstIsDark {
                let distance = abs(begins[i] - expected)
                var k = count
                while k > 0 && distance < abs(begins[candidates[k - 1]] - expected) {
                    candidates[k] = candidates[k - 1]
                    k -= 1
                }
                candidates[k] = i
                count += 1
            }
            i += 1
        }
        return count
    }

    /// A strong sample of `thresholdChanges` below its window's midpoint (one that makes a light line dark).
    static let darkening: UInt8 = 1
    /// A strong sample at or above its window's midpoint (one that makes a dark line light).
    static let lightening: UInt8 = 2

    /// Where `readLine`'s midpoint thresholding changes the colour of the `count` gray values `gray` (window extremes
    /// `low` and `high`; sample i at `from + i · step`): the rule, sample by sample, is that a sample whose window's
    /// contrast is at least 24 takes the colour of its side of the midpoint (dark below it), a weaker one keeps the colour
    /// before it (light before the first sample); each change begins a run at the midpoint's crossing, linear between
    /// the sample and the one before (whatever their contrast). Writes run k's beginning to `begins[k]` for k ≥ 1 (the
    /// caller sets `begins[0]`), returns how many runs and whether the first is dark. Overwrites `gray` with each
    /// sample's difference from its midpoint and uses `events` (`count` bytes).
    ///
    /// Read in that order, each sample waited on the colour the one before left and took a branch on it that went
    /// either way at random (a few thousand mispredictions a PDF417 symbol's lines). Here, as in
    /// `MidpointColourChanges`, in two passes: every sample on its own first, without a branch (its difference, and
    /// whether it is strong and on which side, as a byte: `darkening`, `lightening` or 0); then from one change to the
    /// next, the next sample that can change the colour looked for eight bytes at a time. The same changes at the same
    /// places, bit for bit: a sample changes the colour exactly when it is strong and on the side other than the
    /// colour's, and each crossing is the same expression of the same two differences (`PDF417ReadLineTests` compares
    /// with the rule read sample by sample).
    static func thresholdChanges(_ gray: UnsafeMutablePointer<Double>, low: UnsafePointer<Double>, high: UnsafePointer<Double>,
                                 count: Int, from: Double, step: Double, begins: UnsafeMutablePointer<Double>,
                                 events: UnsafeMutablePointer<UInt8>) -> (runCount: Int, firstIsDark: Bool) {
        guard count > 0 else { return (1, false) }
        for k in 0..<count {
            let lo = low[k], hi = high[k]
            let offset = gray[k] - (lo + hi) / 2
            gray[k] = offset
            // Both tests made, in words as wide as the values (narrowed to a byte once), so the loop has no branch.
            let strong: UInt64 = hi - lo < 24 ? 0 : 3
            let side: UInt64 = offset < 0 ? UInt64(darkening) : UInt64(lightening)
            events[k] = UInt8(truncatingIfNeeded: side & strong)
        }
        let offsets = UnsafePointer(gray)
        let firstIsDark = events[0] == darkening
        var isDark = firstIsDark
        var runCount = 1
        var k = 1
        while true {
            k = EventBytes.next(isDark ? lightening : darkening, in: events, from: k, count: count)
            guard k < count else { break }
            let previousOffset = offsets[k &- 1], offset = offsets[k]
            let fraction = previousOffset == offset ? 0.5 : previousOffset / (previousOffset - offset)
            begins[runCount] = from + (Double(k - 1) + min(1, max(0, fraction))) * step
            runCount += 1
            isDark.toggle()
            k &+= 1
        }
        return (runCount, firstIsDark)
    }

    /// The codewords on the line from `a` (the start pattern's outer edge) to `b` (the stop pattern's outer edge).
    /// Only the first `reach` of the line is read (its codewords beyond are left unread) when that is shorter. With
    /// `sharpened`, the gray values are sharpened before they are thresholded (`LinearReader.sharpened`, neighbours
    /// `sharpeningReach` modules away), so a one-module space or bar that blur left as a shallow bump crosses the
    /// midpoint again at nearly its width. With `nearest`, a column where no candidate's edges round to a codeword takes
    /// the nearest valid one (`PDF417Codeword.nearestValid`): more codewords, but some of them wrong, where an unread one
    /// would have been an erasure, which costs Reed–Solomon half what an error does; `read` asks for it last. Works in
    /// `buffers`.
    func readLine(_ image: GrayImage, from a: Point, to b: Point, module: Double, columns: Int, hasStop: Bool,
                  reach: Double = .infinity, sharpened: Bool = false, nearest: Bool = false, buffers: ScanLineBuffers) -> [LineCodeword] {
        let length = a.distance(to: b)
        guard length > 1 else { return [] }
        let direction = (b - a) * (1 / length)
        let step = max(0.3, min(1, module / 2.5))
        let from = -3 * module, to = min(length + 3 * module, reach)
        // Gray values along the line, thresholded at the midpoint of the local (±4 modules) extremes; edges placed
        // between samples by linear interpolation. Where the local contrast is weak the colour holds.
        let count = Int((to - from) / step) + 1
        // Fewer samples than 21 hold fewer runs than a start pattern and a codeword.
        guard count > 20 else { return [] }
        let radius = max(2, Int(4 * module / step))
        buffers.reserve(count, radius: radius)
        let gray = buffers.gray, low = buffers.low, high = buffers.high, begins = buffers.runStarts
        if sharpened {
            let sampled = buffers.second
            image.bilinearLine(origin: a, direction: direction, from: from, step: step, count: count, into: sampled)
            let neighbour = max(1, Int((module * Self.sharpeningReach / step).rounded()))
            LinearReader.sharpened(UnsafeBufferPointer(start: sampled, count: count), reach: neighbour, into: gray)
        } else {
            image.bilinearLine(origin: a, direction: direction, from: from, step: step, count: count, into: gray)
        }
        SlidingExtremes.compute(gray, count: count, radius: radius, low: low, high: high, scratch: buffers.scratch)
        // At most one run per sample: room for all of them at once, filled through a pointer (no capacity check a
        // sample). Runs alternate, so only the first one's colour is kept. The scratch is free once the extremes are
        // made: its `scratchCount(count, radius:)` ≥ 4 · count values hold the `count` event bytes many times over.
        begins[0] = from
        let (runCount, firstIsDark) = Self.thresholdChanges(gray, low: low, high: high, count: count, from: from, step: step,
                                                            begins: begins,
                                                            events: UnsafeMutableRawPointer(buffers.scratch).assumingMemoryBound(to: UInt8.self))
        begins[runCount] = to
        guard runCount > 20 else { return [] }
        func isDark(_ i: Int) -> Bool { (i & 1 == 0) == firstIsDark }
        func end(_ i: Int) -> Double { begins[i + 1] }

        // The start pattern near `a` and the stop pattern near `b` fix the line's module width.
        var startOuter = 0.0, startInner = 17 * module, stopInner = length - 18 * module
        var bestStart = Double.infinity, bestStop = Double.infinity
        let w = buffers.runWidths
        for i in 0..<runCount { w[i] = begins[i + 1] - begins[i] }
        do {
            let widths = UnsafeBufferPointer(start: w, count: runCount)
            for i in 0..<runCount where isDark(i) {
                if abs(begins[i]) < 4 * module, i + 7 < runCount,
                   let d = PDF417EdgeFinder.deviation(widths, from: i, reversed: false, pattern: PDF417EdgeFinder.startPattern), d < bestStart {
                    bestStart = d
                    startOuter = begins[i]
                    startInner = end(i + 7)
                }
                if i + 8 < runCount, abs(end(i + 8) - length) < 4 * module,
                   let d = PDF417EdgeFinder.deviation(widths, from: i, reversed: false, pattern: PDF417EdgeFinder.stopPattern), d < bestStop {
                    bestStop = d
                    stopInner = begins[i]
                }
            }
        }
        let lineModule = hasStop || bestStart == .infinity ? (stopInner - startInner) / Double(17 * (columns + 2)) : (startInner - startOuter) / 17
        guard lineModule > module * 0.6, lineModule < module * 1.6 else { return [] }
        // A codeword's width must be within a quarter of the line's mean codeword or of the width followed along the line
        // (the start pattern's, also 17 modules, at first, moved halfway to each codeword read): in perspective the modules
        // shrink along the line, and a label turned away from the camera holds codewords at either end well over a
        // quarter off the mean (until the twenty-sixth session the one bound). Unread columns are still stepped over at
        // the mean width: stepped at the followed one, `jpeg25/pdf417-3/19` no longer read (and started from the mean,
        // the perspective copy of `pdf417-3/06`). The codewords it admits cost `pdf417-3/05`, seen square on, 31 % more
        // instructions in passes that read the same (PDF417's p95 stays a third of zxing-cpp's); following only lines
        // whose start pattern is off the mean, or whose start and stop patterns differ, lost half the perspective reads.
        let meanCodewordWidth = 17 * lineModule
        let startWidth = startInner - startOuter
        var codewordWidth = bestStart < .infinity && startWidth > meanCodewordWidth * 0.5 && startWidth < meanCodewordWidth * 1.5
            ? startWidth : meanCodewordWidth

        var result: [LineCodeword] = []
        // One column at most a codeword: one allocation, not one each time the array doubles.
        result.reserveCapacity(columns + 2)
        // A column's candidates: at most one a run.
        let candidates = UnsafeMutablePointer<Int>.allocate(capacity: runCount)
        defer { candidates.deallocate() }
        var first = 0
        // Each codeword is looked for where the one before it ended (so a symbol stretched unevenly along the line is
        // followed), or a codeword's width further on where that one was not read.
        var expected = startInner
        for column in 0..<(columns + 2) {
            defer { expected += meanCodewordWidth }
            if expected + meanCodewordWidth > to { break }
            while first < runCount && begins[first] < expected - 2 * lineModule { first += 1 }
            // Dark runs beginning near the expected place, nearest first.
            let candidateCount = Self.darkRunsNearestFirst(begins: begins, runCount: runCount, from: first, firstIsDark: firstIsDark,
                                                           expected: expected, reach: 2 * lineModule, into: candidates)
            // Each candidate with its edges rounded to the nearest module first; with `nearest`, where none of them reads
            // so, the nearest valid codeword to each.
            var found: (run: Int, codeword: PDF417Codeword, total: Double)?
            passes: for pass in 0..<(nearest ? 2 : 1) {
                for c in 0..<candidateCount where candidates[c] + 7 < runCount {
                    let i = candidates[c]
                    let total = end(i + 7) - begins[i]
                    guard total > codewordWidth * 0.75 && total < codewordWidth * 1.25
                        || total > meanCodewordWidth * 0.75 && total < meanCodewordWidth * 1.25 else { continue }
                    let read: PDF417Codeword?
                    if pass == 0 {
                        // The element edges rounded to modules.
                        read = PDF417Codeword.from(edgePlaces: { Self.rounded((end(i + $0) - begins[i]) / total * 17) })
                    } else {
                        read = withUnsafeTemporaryAllocation(of: Double.self, capacity: 7) { edges in
                            for j in 0..<7 { edges[j] = (end(i + j) - begins[i]) / total * 17 }
                            return PDF417Codeword.nearestValid(edges: UnsafeBufferPointer(edges))
                        }
                    }
                    guard let read else { continue }
                    found = (i, read, total)
                    break passes
                }
            }
            if let found {
                result.append(LineCodeword(column: column, codeword: found.codeword))
                codewordWidth = (codewordWidth + found.total) / 2
                expected = end(found.run + 7) - meanCodewordWidth
            }
        }
        return result
    }
}
