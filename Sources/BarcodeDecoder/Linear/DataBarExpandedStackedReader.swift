/// Reads GS1 DataBar Expanded Stacked (ISO/IEC 24724): rows of pairs, each read on pixel rows like a one-row symbol,
/// then joined top to bottom (or bottom to top, for a symbol upside down) so that the finders make the standard's
/// sequence and the check character holds.
///
/// A row counts when two pixel rows within one symbol row's height read it alike. A one-row symbol that two of the first
/// pass's pixel rows read alike is reported too (the linear reader then skips the lines it lies across); other one-row
/// symbols are the linear reader's.
/// Then the striped regions nothing read yet, on lines at their own angle, the same way (`ParallelScanLines+Regions`): a
/// symbol turned a quarter, or tilted so far that pixel rows leave its rows before a pair ends, or blurred.
public struct DataBarExpandedStackedReader: SymbologyReader {
    public init() {}

    public var symbologies: Set<Symbology> { [.dataBarExpanded] }

    /// The fewest runs a line is searched for pairs on (`symbolsAlong(_:step:)`). Lines that cannot give them are not
    /// split into runs at all.
    static let fewestRuns = 23

    /// One stacked row as read on pixel rows.
    struct Fragment {
        var finders: [Int]
        var characters: [[Int]]
        var firstSwapped: Bool
        var ys: [Double]
        var x0: Double
        var x1: Double
        /// Whether it was read right to left (the symbol is upside down).
        var isReversed: Bool
        var y: Double { ys.reduce(0, +) / Double(ys.count) }
        /// The module, from the widths: 17 a character, 15 a finder.
        var module: Double { (x1 - x0) / Double(17 * characters.count + 15 * finders.count) }
    }

    public func read(_ frame: PreparedFrame, options: DecoderOptions) -> [DecodedSymbol] {
        guard options.symbologies.contains(.dataBarExpanded) else { return [] }
        let step = max(1, frame.image.height / 80)
        let found = read(ParallelScanLines.rows(of: frame, fewestRuns: Self.fewestRuns), step: step)
        // The striped regions not read yet, at their own angle (a symbol turned or tilted) and for blur.
        return found + ParallelScanLines.symbolsAlongRegions(of: frame, options: options, symbologies: symbologies, found: found,
                                                             margin: Double(4 * step), fewestRuns: Self.fewestRuns) { read($0, step: step) }
    }

    /// The symbols read on `lines`, `step` the pixel rows' spacing a frame's height asks for (a twentieth of a symbol row
    /// on a frame the symbol fills).
    func read(_ lines: ParallelScanLines, step: Int) -> [DecodedSymbol] {
        symbolsAlong(lines, step: step).map { symbol in
            var placed = symbol
            placed.corners = symbol.corners.map { lines.point(along: $0.x, across: $0.y) }
            return placed
        }
    }

    /// `read(_:step:)` with the corners in the lines' own coordinates: x along them, y across (line `i` at `i + 0.5`).
    func symbolsAlong(_ lines: ParallelScanLines, step: Int) -> [DecodedSymbol] {
        let height = lines.count
        var fragments: [Fragment] = []
        var scanned = [Bool](repeating: false, count: height)
        func scan(_ yi: Int) {
            guard !scanned[yi] else { return }
            scanned[yi] = true
            let y = Double(yi) + 0.5
            guard let (forward, start) = lines.line(yi) else { return }
            for reversed in [false, true] {
                let runs = reversed ? forward.backwardWidths : forward.widths
                guard runs.count >= Self.fewestRuns else { continue }
                var g = 1
                while g + 12 < runs.count {
                    var advanced = false
                    let may = runs.withUnsafeBufferPointer { Self.fragmentMayStart($0, guardBar: g) }
                    for swapped in [false, true] where swapped ? may.swapped : may.plain {
                        guard let f = DataBarExpandedDecoder.fragment(runs, guardBar: g, firstSwapped: swapped), f.characters.count >= 2 else { continue }
                        let a = reversed ? forward.backwardStart(ofRun: g) : forward.starts[g]
                        let b = (reversed ? forward.backwardStart(ofRun: f.last) : forward.starts[f.last]) + runs[f.last]
                        let (x0, x1) = reversed ? (start + forward.total - b, start + forward.total - a) : (start + a, start + b)
                        // Reads within a symbol row's height (34 modules) are that row's: a scratch or crease across the
                        // bars breaks some of its lines and not others, and the whole ones may lie anywhere in it (the
                        // fine lines below are four modules apart, on a frame the symbol fills further than `4 * step`).
                        if let k = fragments.firstIndex(where: { r in r.finders == f.finders && r.characters == f.characters && r.firstSwapped == swapped
                            && abs(r.x0 - x0) < 8 && r.ys.contains { abs($0 - y) <= max(Double(4 * step), 34 * r.module) } }) {
                            fragments[k].ys.append(y)
                        } else {
                            fragments.append(Fragment(finders: f.finders, characters: f.characters, firstSwapped: swapped, ys: [y], x0: x0, x1: x1,
                                                      isReversed: reversed))
                        }
                        g = f.last
                        advanced = true
                        break
                    }
                    g += advanced ? 1 : 2
                    if g % 2 == 0 { g += 1 }
                }
            }
        }
        // A first pass over every fourth row, at least 10 pixels apart (a stacked row, 34 modules tall, is crossed at least
        // three times at a pixel per module, or once where the symbol's rows are a twentieth of the frame tall). A fragment that is a whole symbol on its own is a one-row
        // symbol, the linear reader's; only fragments that are not make it worth reading the rows around them all.
        let coarse = max(4 * step, 10)
        for yi in stride(from: 0, to: height, by: coarse) { scan(yi) }
        let texts = fragments.map { DataBarExpandedDecoder.text(finders: $0.finders, characters: $0.characters) }
        let isWhole = texts.map { $0 != nil }
        let whole = fragments.indices.filter { isWhole[$0] }.map { fragments[$0] }
        let oneRow = Self.oneRowSymbols(fragments.indices.compactMap { i in texts[i].map { (fragments[i], $0) } }, spacing: Double(coarse))
        // A part of a one-row symbol (a line where glare or a crease broke the read) lies across that symbol's bars.
        let partial = fragments.indices.filter { !isWhole[$0] }.map { fragments[$0] }.filter { f in
            !whole.contains { w in
                f.x0 < w.x1 && w.x0 < f.x1 && f.y >= w.ys.min()! - Double(coarse) && f.y <= w.ys.max()! + Double(coarse)
            }
        }
        guard let top = partial.flatMap(\.ys).min(), let bottom = partial.flatMap(\.ys).max() else { return oneRow }
        // The rows between them and a symbol row beyond (34 modules and the separator's 3), or a few coarse steps (the first
        // and last rows of the symbol may have been missed: a scratch across a row can break every coarse line through it),
        // about eight to a symbol row (34 modules tall; the module from the fragments' widths).
        let module = partial.map(\.module).sorted()[partial.count / 2]
        let fine = max(step, Int(module * 34 / 8))
        let reach = max(Double(12 * step), 37 * module)
        let band = max(0, Int(top - reach))..<min(height, Int(bottom + reach) + 1)
        for yi in stride(from: band.lowerBound, to: band.upperBound, by: fine) { scan(yi) }
        var joined = join(fragments)
        // Where those join nothing, the lines between them at the frame's spacing: a row that a scratch or crease breaks on
        // most lines may read whole only between the fine ones.
        if joined.isEmpty && fine > step {
            for yi in stride(from: band.lowerBound, to: band.upperBound, by: step) { scan(yi) }
            joined = join(fragments)
        }
        var found = oneRow
        for symbol in joined where !found.contains(where: { $0.text == symbol.text }) { found.append(symbol) }
        return found
    }

    /// Whether `DataBarExpandedDecoder.fragment(runs, guardBar: g, firstSwapped:)` (g ≥ 1) may find pairs at `g`, plain
    /// and swapped: its first tests, made once for both and inline. A fragment needs a first pair (`g + 13` runs within
    /// the line), a guard bar at `g` (`mayBeGuardBar`), and a first finder at `g + 9` whose last two widths in pattern
    /// order (reversed for a swapped pair) are a module within 0.6 of the finder's width over 15, the total added in
    /// that order, as `DataBarExpandedDecoder.finder` adds and tests it before the patterns: where these fail, `fragment`
    /// returns nil. On the frames without a code about three places in four fail them, and each of the two calls a
    /// place made cost about 110 instructions.
    @inline(__always)
    static func fragmentMayStart(_ runs: UnsafeBufferPointer<Double>, guardBar g: Int) -> (plain: Bool, swapped: Bool) {
        guard g >= 1, g + 13 < runs.count, DataBarExpandedDecoder.mayBeGuardBar(runs, at: g) else { return (false, false) }
        let r0 = runs[g + 9], r1 = runs[g + 10], r2 = runs[g + 11], r3 = runs[g + 12], r4 = runs[g + 13]
        func endsFit(_ total: Double, _ fourth: Double, _ fifth: Double) -> Bool {
            guard total > 0 else { return false }
            let unit = total / 15
            return abs(fourth / unit - 1) < 0.6 && abs(fifth / unit - 1) < 0.6
        }
        return (endsFit(r0 + r1 + r2 + r3 + r4, r3, r4), endsFit(r4 + r3 + r2 + r1 + r0, r1, r0))
    }

    /// The one-row symbols among whole-symbol `fragments` (with their texts): those read alike, not swapped, on two or
    /// more pixel rows across the same bars — the agreement the linear reader asks of its lines. Rows that read the same
    /// text no further apart than the symbol is long (or 1.5 `spacing`) are one symbol, as for the linear reader's lines;
    /// the outline spans the rows that read it.
    static func oneRowSymbols(_ fragments: [(fragment: Fragment, text: String)], spacing: Double) -> [DecodedSymbol] {
        var groups: [[(fragment: Fragment, text: String)]] = []
        for item in fragments where !item.fragment.firstSwapped {
            let f = item.fragment
            if let i = groups.firstIndex(where: { group in
                group[0].text == item.text && group[0].fragment.isReversed == f.isReversed
                    && group.contains { g in
                        g.fragment.x0 < f.x1 && f.x0 < g.fragment.x1 && abs(g.fragment.y - f.y) <= max(1.5 * spacing, f.x1 - f.x0)
                    }
            }) {
                groups[i].append(item)
            } else {
                groups.append([item])
            }
        }
        return groups.compactMap { group in
            let ys = group.flatMap(\.fragment.ys)
            let (top, bottom) = (ys.min()!, ys.max()!)
            guard bottom - top >= 1 else { return nil }
            let x0 = group.map(\.fragment.x0).min()!, x1 = group.map(\.fragment.x1).max()!
            let text = group[0].text
            // Clockwise from the symbol's own top-left, which is the image's bottom right for a symbol upside down.
            let corners = group[0].fragment.isReversed
                ? [Point(x1, bottom), Point(x0, bottom), Point(x0, top), Point(x1, top)]
                : [Point(x0, top), Point(x1, top), Point(x1, bottom), Point(x0, bottom)]
            return DecodedSymbol(symbology: .dataBarExpanded, text: text, bytes: Array(text.utf8), corners: corners, isGS1: true)
        }
    }

    /// The symbols that rows of `fragments` (each read alike on two lines) join into.
    func join(_ fragments: [Fragment]) -> [DecodedSymbol] {
        let rows = fragments.filter { $0.ys.count >= 2 }
        guard rows.count >= 2 else { return [] }
        var found: [DecodedSymbol] = []
        for first in rows where !first.firstSwapped && first.finders.first == 0 {
            for downwards in [true, false] {
                if let symbol = assemble([first], from: rows, downwards: downwards) {
                    if !found.contains(where: { $0.text == symbol.text }) { found.append(symbol) }
                }
            }
        }
        return found
    }

    /// The symbol made of `chain` and further rows below (or above) it, if one reads.
    func assemble(_ chain: [Fragment], from rows: [Fragment], downwards: Bool) -> DecodedSymbol? {
        let finders = chain.flatMap(\.finders), characters = chain.flatMap(\.characters)
        if chain.count >= 2, let text = DataBarExpandedDecoder.text(finders: finders, characters: characters) {
            let x0 = chain.map(\.x0).min()!, x1 = chain.map(\.x1).max()!
            let ys = chain.flatMap(\.ys)
            let (top, bottom) = (ys.min()!, ys.max()!)
            return DecodedSymbol(symbology: .dataBarExpanded, text: text, bytes: Array(text.utf8),
                                 corners: [Point(x0, top), Point(x1, top), Point(x1, bottom), Point(x0, bottom)], isGS1: true)
        }
        guard characters.count % 2 == 0, finders.count < 11 else { return nil }
        let last = chain.last!
        let nextSwapped = finders.count % 2 == 1
        let candidates = rows.filter { r in
            r.firstSwapped == nextSwapped && (downwards ? r.y > last.y : r.y < last.y)
                && finders.count + r.finders.count <= 11
                && DataBarExpandedCharacters.sequences.contains { $0.starts(with: finders + r.finders) }
        }.sorted { abs($0.y - last.y) < abs($1.y - last.y) }
        for next in candidates.prefix(3) {
            if let symbol = assemble(chain + [next], from: rows, downwards: downwards) { return symbol }
        }
        return nil
    }
}

