/// Reads GS1 DataBar Stacked and Stacked Omnidirectional (ISO/IEC 24724): a DataBar Omnidirectional symbol cut in two,
/// the left half (guard, outer character 1, left finder, inner character 2) over the right half (inner character 4, right
/// finder, outer character 3, guard), each half with a one-module guard bar and space at its open end, separator rows
/// between them. Rows are 5 and 7 modules tall (Stacked) or 33 (Stacked Omnidirectional).
///
/// Pixel rows are read in both directions for halves; a half counts when two pixel rows read it alike; a left half and a
/// right half that start together, lie one above the other (the left half on top, or below for a symbol upside down) and
/// hold the modulo-79 check make a symbol. The text is `01` + GTIN-14, as for the one-row symbol. Then the striped
/// regions nothing read yet, on lines at their own angle, the same way (`ParallelScanLines+Regions`): a symbol turned or
/// tilted, or blurred.
public struct DataBarStackedReader: SymbologyReader {
    public init() {}

    public var symbologies: Set<Symbology> { [.dataBar] }

    /// The fewest runs a line holds a half in: the open space before it, its 23 elements and the space after it
    /// (`halves(_:)` looks at none on fewer). Lines that cannot give them are not split into runs at all.
    static let fewestRuns = 25

    /// One half as read on pixel rows.
    struct Half {
        var isLeft: Bool
        /// Outer and inner characters (1 and 2 for the left half, 3 and 4 for the right).
        var outer: DataBarDecoder.Character
        var inner: DataBarDecoder.Character
        var finder: Int
        var reversed: Bool
        var ys: [Double]
        var x0: Double
        var x1: Double
        var y: Double { ys.reduce(0, +) / Double(ys.count) }

        func sameRead(as other: Half) -> Bool {
            isLeft == other.isLeft && reversed == other.reversed && finder == other.finder
                && outer.value == other.outer.value && inner.value == other.inner.value
        }
    }

    public func read(_ frame: PreparedFrame, options: DecoderOptions) -> [DecodedSymbol] {
        guard options.symbologies.contains(.dataBar) else { return [] }
        // Twice as often as the Expanded Stacked reader (whose rows are at least 34 modules tall): a Stacked symbol's top
        // row is 5 modules tall and gets two reads down to about 2 pixels a module at 480 px. A first pass over every
        // fourth of those rows looks for any half (the bottom row, 7 modules tall, is always crossed); only the bands
        // around the halves it finds are read at the full rate, so a frame without DataBar costs a quarter.
        let step = max(1, frame.image.height / 160)
        let found = read(ParallelScanLines.rows(of: frame, fewestRuns: Self.fewestRuns), step: step)
        // The striped regions not read yet, at their own angle (a symbol turned or tilted) and for blur.
        return found + ParallelScanLines.symbolsAlongRegions(of: frame, options: options, symbologies: symbologies, found: found,
                                                             margin: Double(4 * step), fewestRuns: Self.fewestRuns) { read($0, step: step) }
    }

    /// The symbols read on `lines`, `step` the pixel rows' spacing a frame's height asks for.
    func read(_ lines: ParallelScanLines, step: Int) -> [DecodedSymbol] {
        let frame = lines.frame, height = lines.count
        var halves: [Half] = []
        var bands: [ClosedRange<Int>] = []
        var scanned = [Bool](repeating: false, count: height)
        func scan(_ yi: Int) {
            guard !scanned[yi] else { return }
            scanned[yi] = true
            let y = Double(yi) + 0.5
            guard let (forward, start) = lines.line(yi) else { return }
            for reversed in [false, true] {
                let runs = reversed ? forward.backwardWidths : forward.widths
                for (s, half) in Self.halves(runs) {
                    let last = half.isLeft ? s + 22 : s + 23
                    let a = reversed ? forward.backwardStart(ofRun: s) : forward.starts[s]
                    let b = (reversed ? forward.backwardStart(ofRun: last) : forward.starts[last]) + runs[last]
                    let (x0, x1) = reversed ? (start + forward.total - b, start + forward.total - a) : (start + a, start + b)
                    // Half of a one-row symbol the linear reader already read: its bars run on above and below (in the
                    // lines' coordinates, where they run across the lines).
                    if frame.known.contains(where: { known in
                        guard known.symbology == .dataBar else { return false }
                        let along = known.corners.map { lines.along($0) }, across = known.corners.map { lines.across($0) }
                        return (along.min()!...along.max()!).contains((x0 + x1) / 2)
                            && abs((across.min()! + across.max()!) / 2 - y) < x1 - x0
                    }) { continue }
                    var found = half
                    found.reversed = reversed
                    found.x0 = x0
                    found.x1 = x1
                    if let k = halves.firstIndex(where: { $0.sameRead(as: found) && abs($0.x0 - x0) < 8 && $0.ys.contains { abs($0 - y) <= Double(4 * step) } }) {
                        halves[k].ys.append(y)
                    } else {
                        found.ys = [y]
                        halves.append(found)
                    }
                    // Both rows of a symbol lie within its half's width above or below.
                    let reach = Int(x1 - x0)
                    bands.append(max(0, yi - reach)...min(height - 1, yi + reach))
                }
            }
        }
        // At least 8 pixels apart: the bottom row is still crossed down to about 1.2 pixels a module.
        for yi in stride(from: 0, to: height, by: max(4 * step, 8)) { scan(yi) }
        for band in bands {
            for yi in stride(from: band.lowerBound - band.lowerBound % step, through: band.upperBound, by: step) { scan(yi) }
        }
        let rows = halves.filter { $0.ys.count >= 2 }
        var found: [DecodedSymbol] = []
        for left in rows where left.isLeft {
            for right in rows where !right.isLeft && right.reversed == left.reversed {
                let span = left.x1 - left.x0
                // The left half on top (read forwards) or below (a symbol upside down, read backwards), rows apart.
                let below = right.ys.min()! > left.ys.max()!, above = right.ys.max()! < left.ys.min()!
                guard left.reversed ? above : below, abs(right.y - left.y) < span, abs(right.x0 - left.x0) < span / 12,
                      let text = DataBarDecoder.text(left.outer, left.inner, right.outer, right.inner, leftFinder: left.finder, rightFinder: right.finder)
                else { continue }
                let x0 = min(left.x0, right.x0), x1 = max(left.x1, right.x1)
                let top = min(left.ys.min()!, right.ys.min()!), bottom = max(left.ys.max()!, right.ys.max()!)
                let center = lines.point(along: (x0 + x1) / 2, across: (top + bottom) / 2)
                guard !frame.isKnown(center, among: [.dataBar]), !found.contains(where: { $0.text == text }) else { continue }
                let corners = [Point(x0, top), Point(x1, top), Point(x1, bottom), Point(x0, bottom)].map { lines.point(along: $0.x, across: $0.y) }
                found.append(DecodedSymbol(symbology: .dataBar, text: text, bytes: Array(text.utf8), corners: corners, isGS1: true))
            }
        }
        return found
    }

    /// The halves on a line of `runs` (light first), each with the run of its leading guard bar, from the line's start.
    ///
    /// Every odd run is a guard bar to try, and on lines of texture nearly every one fails the first guards, which scale
    /// with the sum of the 21 elements between the guard bars: they are tested first against that sum's bounds from
    /// running totals (`RunSpanSums`), as `DataBarDecoder` does, so a half is read only where its in-order sums may let them
    /// pass: the same halves. On falsepositives-1/15 (two decodes) the search took 22 M of this reader's 73 M instructions,
    /// about 5 M with these tests and those `leftHalf` and `rightHalf` make before copying runs out.
    static func halves(_ runs: [Double]) -> [(guardBar: Int, half: Half)] {
        guard runs.count >= fewestRuns else { return [] }
        return RunSpanSums.with(runs) { sums in
            var found: [(guardBar: Int, half: Half)] = []
            runs.withUnsafeBufferPointer { widths in
                for s in stride(from: 1, to: runs.count - 23, by: 2) {
                    // Both tests made at every bar, with no branch inside them: on texture each of their comparisons
                    // goes either way (33 k mispredicted branches on falsepositives-1/15 when each decided on its
                    // own), while the two together nearly always fail. The same halves: a left half where one is
                    // read, else a right half.
                    guard mayStartHalf(widths, guardBar: s, sums: sums) else { continue }
                    let left = mayStartLeftHalf(widths, guardBar: s, sums: sums)
                    let right = mayStartRightHalf(widths, guardBar: s, sums: sums)
                    guard left || right else { continue }
                    if left, let half = leftHalf(runs, guardBar: s) {
                        found.append((s, half))
                    } else if right, let half = rightHalf(runs, guardBar: s) {
                        found.append((s, half))
                    }
                }
            }
            return found
        }
    }

    /// Whether either half may start at `s`, from its guard bar and the space before it alone (the tests of
    /// `mayStartLeftHalf` and `mayStartRightHalf` that do not read the finder, with the same bounds and arithmetic): where
    /// this fails both do. On texture it fails at most bars, at about a third of the instructions of the two full tests.
    @inline(__always)
    static func mayStartHalf(_ runs: UnsafeBufferPointer<Double>, guardBar s: Int, sums: RunSpanSums) -> Bool {
        let left = sums.bounds(from: s &+ 1, count: 21), right = sums.bounds(from: s &+ 2, count: 21)
        let bar = runs[s], space = runs[s &- 1], first = s == 1
        let leftFits = all(bar < 2.2 * (left.upper / 46), first || space >= 2 * (left.lower / 46))
        let rightFits = all(bar < 2.2 * (right.upper / 46), first || space >= 2 * (right.lower / 46))
        return leftFits || rightFits
    }

    /// Whether `leftHalf(_:guardBar:)`'s first guards (both guard bars under 2.2 units, open space of 2 before the first
    /// unless it starts the line) and its finder's width (15 units within 2.5) can pass at `s` for some sums of the 21
    /// elements between the guard bars and of the finder's 5 within `sums`' bounds: where they cannot, they fail on the
    /// in-order sums too (every quotient and product here is monotone in the sums), and the half is not read.
    ///
    /// Every comparison is made and the results combined as bits (`all(_:)`), not one after another: `runs` holds at
    /// least `s + 23` widths (`halves` tries `s` up to `runs.count - 24`) and `s` is at least 1, so every read is inside it.
    @inline(__always)
    static func mayStartLeftHalf(_ runs: UnsafeBufferPointer<Double>, guardBar s: Int, sums: RunSpanSums) -> Bool {
        let (lower, upper) = sums.bounds(from: s &+ 1, count: 21)
        let widest = 2.2 * (upper / 46)
        return all(runs[s] < widest, runs[s &+ 22] < widest, (s == 1) || runs[s &- 1] >= 2 * (lower / 46),
                   mayBeFinderWide(sums.bounds(from: s &+ 9, count: 5), unit: (lower / 46, upper / 46)))
    }

    /// `mayStartLeftHalf` for `rightHalf(_:guardBar:)`: its guard bar, guard space and closing guard bar under 2.2 units
    /// of the 21 elements from `s + 2`, and its finder's width (the 5 runs from `s + 10`, which `rightHalf` adds from the
    /// last: the bounds hold a sum added in any order, the rounding bound they widen by not depending on it).
    /// Its reads, as `mayStartLeftHalf`'s, reach `s + 23` at most.
    @inline(__always)
    static func mayStartRightHalf(_ runs: UnsafeBufferPointer<Double>, guardBar s: Int, sums: RunSpanSums) -> Bool {
        let (lower, upper) = sums.bounds(from: s &+ 2, count: 21)
        let widest = 2.2 * (upper / 46)
        return all(runs[s] < widest, runs[s &+ 1] < widest, runs[s &+ 23] < widest,
                   all((s == 1) || runs[s &- 1] >= 2 * (lower / 46),
                       mayBeFinderWide(sums.bounds(from: s &+ 10, count: 5), unit: (lower / 46, upper / 46))))
    }

    /// Whether `abs(width / unit - 15) <= 2.5`, the halves' test of a finder's width, can hold for some `width` and
    /// `unit` within these bounds (widths are never negative; a unit that may be 0 or less decides nothing here). The
    /// quotients are taken either way (by 0 or less they are infinite or not a number, and not looked at).
    @inline(__always)
    static func mayBeFinderWide(_ width: (lower: Double, upper: Double), unit: (lower: Double, upper: Double)) -> Bool {
        let wide = all(width.upper / unit.lower - 15 >= -2.5, width.lower / unit.upper - 15 <= 2.5)
        return !(unit.lower > 0) || wide
    }

    /// Whether all four hold, from their bits: with no branch between them, where `&&` tests each in turn.
    @inline(__always)
    static func all(_ a: Bool, _ b: Bool, _ c: Bool = true, _ d: Bool = true) -> Bool {
        (unsafeBitCast(a, to: UInt8.self) & unsafeBitCast(b, to: UInt8.self) & unsafeBitCast(c, to: UInt8.self)
            & unsafeBitCast(d, to: UInt8.self)) != 0
    }

    /// The left half whose leading guard bar is run `s`: outer character 1, left finder, inner character 2, guard bar.
    ///
    /// The spans are summed in order without a slice or an array made, and the finder's runs are copied out only once its
    /// width and its ends can pass: on texture those copies, made at every bar whose guards passed, cost more than the
    /// rest of the look at it.
    static func leftHalf(_ runs: [Double], guardBar s: Int) -> Half? {
        let unit = sum(runs, (s + 1)...(s + 21)) / 46
        guard unit > 0, runs[s] < 2.2 * unit, runs[s + 22] < 2.2 * unit, runs[s - 1] >= 2 * unit || s == 1 else { return nil }
        let finderWidth = sum(runs, (s + 9)...(s + 13))
        guard abs(finderWidth / unit - 15) <= 2.5, mayBeFinder(finderWidth, runs[s + 12], runs[s + 13]) else { return nil }
        guard let finder = DataBarDecoder.finder(Array(runs[(s + 9)...(s + 13)])),
              let outer = DataBarDecoder.characterCounts(Array(runs[(s + 1)...(s + 8)]), modules: 16, oddSumIsEven: true).flatMap(DataBarDecoder.outer),
              let inner = DataBarDecoder.characterCounts(Array(runs[(s + 14)...(s + 21)].reversed()), modules: 15, oddSumIsEven: false).flatMap(DataBarDecoder.inner)
        else { return nil }
        return Half(isLeft: true, outer: outer, inner: inner, finder: finder.value, reversed: false, ys: [], x0: 0, x1: 0)
    }

    /// The right half whose leading guard bar is run `s`: guard space, inner character 4, right finder (turned), outer
    /// character 3 (turned), guard bar. Summed and tested as `leftHalf` does.
    static func rightHalf(_ runs: [Double], guardBar s: Int) -> Half? {
        let unit = sum(runs, (s + 2)...(s + 22)) / 46
        guard unit > 0, runs[s] < 2.2 * unit, runs[s + 1] < 2.2 * unit, runs[s + 23] < 2.2 * unit,
              runs[s - 1] >= 2 * unit || s == 1 else { return nil }
        // The finder turned: its runs from s + 14 down to s + 10.
        let finderWidth = sum(runs, stride(from: s + 14, through: s + 10, by: -1))
        guard abs(finderWidth / unit - 15) <= 2.5, mayBeFinder(finderWidth, runs[s + 11], runs[s + 10]) else { return nil }
        guard let finder = DataBarDecoder.finder(Array(runs[(s + 10)...(s + 14)].reversed())),
              let inner = DataBarDecoder.characterCounts(Array(runs[(s + 2)...(s + 9)]), modules: 15, oddSumIsEven: false).flatMap(DataBarDecoder.inner),
              let outer = DataBarDecoder.characterCounts(Array(runs[(s + 15)...(s + 22)].reversed()), modules: 16, oddSumIsEven: true).flatMap(DataBarDecoder.outer)
        else { return nil }
        return Half(isLeft: false, outer: outer, inner: inner, finder: finder.value, reversed: false, ys: [], x0: 0, x1: 0)
    }

    /// The sum of `runs` at `indices`, added in their order from 0 (as `reduce(0, +)` adds a slice of them).
    @inline(__always)
    static func sum(_ runs: [Double], _ indices: some Sequence<Int>) -> Double {
        indices.reduce(0) { $0 + runs[$1] }
    }

    /// Whether `DataBarDecoder.finder` can match a finder `width` wide whose last two runs (in pattern order) are
    /// `fourth` and `fifth`: every finder pattern ends in two one-module elements (`DataBarCharacter.finders`), and
    /// `finder` takes no pattern with an element 0.6 of a module (`width` / 15) or more off it. The same quotients as
    /// `finder` makes, so where this fails `finder` finds nothing. Nine in ten finders the width test lets through on
    /// texture fail here.
    @inline(__always)
    static func mayBeFinder(_ width: Double, _ fourth: Double, _ fifth: Double) -> Bool {
        let unit = width / 15
        return abs(fourth / unit - 1) < 0.6 && abs(fifth / unit - 1) < 0.6
    }
}
