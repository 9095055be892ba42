@testable import BarcodeDecoder
import Testing

/// `MidpointColourChanges.find` against its rule read sample by sample (the way `LinearReader.thresholdRuns` read it
/// before the two passes): the same runs and the same edges, bit for bit.
@Suite struct MidpointColourChangesTests {
    /// The rule in sample order: the colour the sample before left, the last strong crossing so far.
    static func runsByDefinition(_ g: [Double], low: [Double], high: [Double], wideLow: [Double], wideHigh: [Double],
                                 minimumContrast: Double) -> (widths: [Double], starts: [Double], dark: Bool, runStart: Double) {
        var widths: [Double] = [], starts: [Double] = []
        var dark = false, runStart = 0.0, previousDifference = 1.0, lastCrossing = 0.0
        for k in g.indices {
            let contrast = high[k] - low[k]
            let difference = g[k] - (high[k] + low[k]) / 2
            let strong = contrast >= minimumContrast && contrast >= (wideHigh[k] - wideLow[k]) * 0.4
            if strong, k > 0, (difference > 0) != (previousDifference > 0) {
                lastCrossing = Double(k - 1) + previousDifference / (previousDifference - difference)
            }
            previousDifference = difference
            guard strong else { continue }
            let margin = contrast * 0.05
            let nowDark = dark ? difference < margin : difference < -margin
            if nowDark != dark {
                let edge = lastCrossing > runStart && lastCrossing <= Double(k) ? lastCrossing : Double(k)
                widths.append(edge - runStart)
                starts.append(edge)
                runStart = edge
                dark = nowDark
            }
        }
        return (widths, starts, dark, runStart)
    }

    /// A scan line: bars and spaces of random widths, blurred, with noise and a slope of light; whole gray levels (pixel
    /// rows, where ties with the margin happen) or fractional ones (lines between pixel centres).
    static func line(count: Int, seed: UInt64) -> [Double] {
        var random = LinearLineBoundsTests.Seeded(state: seed)
        var values: [Double] = []
        var dark = false
        while values.count < count {
            let width = 1 + random.next(seed % 3 == 0 ? 40 : 9)
            let level = dark ? Double(20 + random.next(60)) : Double(150 + random.next(100))
            values += Array(repeating: level, count: width)
            dark.toggle()
        }
        values = Array(values.prefix(count))
        let blur = 1 + random.next(3)
        let whole = seed % 2 == 0
        return values.indices.map { k in
            let lo = max(0, k - blur), hi = min(values.count - 1, k + blur)
            let mean = values[lo...hi].reduce(0, +) / Double(hi - lo + 1)
            let v = mean * 0.8 + Double(k) * 0.05 + Double(random.next(21)) - 10
            return whole ? v.rounded() : v + Double(random.next(1000)) / 1000
        }
    }

    /// Seeded line `seed` of the tests below (most 40–740 samples, every seventh 0–4), in buffers with its window
    /// extremes (±8 samples) and, with `wide`, the wide window's (±80) as the thresholding widens them.
    static func seededLine(_ seed: UInt64, wide: Bool) -> (g: [Double], count: Int, buffers: ScanLineBuffers, low: [Double], high: [Double]) {
        let count = Int(seed % 7 == 0 ? seed % 5 : 40 + (seed * 37) % 700)
        let g = line(count: count, seed: seed)
        let buffers = ScanLineBuffers()
        buffers.reserve(max(1, count), radius: 8)
        g.withUnsafeBufferPointer { g in
            guard count > 0 else { return }
            SlidingExtremes.compute(g.baseAddress!, count: count, radius: 8, low: buffers.low, high: buffers.high, scratch: buffers.scratch)
            if wide {
                SlidingExtremes.widen(low: buffers.low, high: buffers.high, count: count, narrow: 8, to: 80,
                                      wideLow: buffers.wideLow, wideHigh: buffers.wideHigh)
            }
        }
        return (g, count, buffers, Array(UnsafeBufferPointer(start: buffers.low, count: count)), Array(UnsafeBufferPointer(start: buffers.high, count: count)))
    }

    @Test func theTwoPassesGiveTheRulesRunsAndEdges() {
        var changesSeen = 0
        for seed: UInt64 in 1...60 {
            let (g, count, buffers, low, high) = Self.seededLine(seed, wide: true)
            let wideLow = Array(UnsafeBufferPointer(start: buffers.wideLow, count: count))
            let wideHigh = Array(UnsafeBufferPointer(start: buffers.wideHigh, count: count))
            for minimumContrast in [20.0, 45.0] {
                let expected = Self.runsByDefinition(g, low: low, high: high, wideLow: wideLow, wideHigh: wideHigh, minimumContrast: minimumContrast)
                buffers.runStarts[0] = 0
                let changes = g.withUnsafeBufferPointer { g in
                    MidpointColourChanges.find(g, low: buffers.low, high: buffers.high, wideLow: buffers.wideLow, wideHigh: buffers.wideHigh,
                                               minimumContrast: minimumContrast, buffers: buffers)
                }
                let widths = Array(UnsafeBufferPointer(start: buffers.runWidths, count: changes))
                let starts = Array(UnsafeBufferPointer(start: buffers.runStarts + 1, count: changes))
                #expect(widths == expected.widths, "seed \(seed), contrast \(minimumContrast)")
                #expect(starts == expected.starts, "seed \(seed), contrast \(minimumContrast)")
                #expect((changes % 2 == 1) == expected.dark && buffers.runStarts[changes] == expected.runStart,
                        "seed \(seed), contrast \(minimumContrast)")
                changesSeen += expected.widths.count
            }
        }
        // The lines change colour often enough to test the edges.
        #expect(changesSeen > 1000)
    }

    /// `LinearReader.mayChangeColour` as it read before its colour went without a branch: a branch on the colour, the
    /// count looked at after each change.
    static func mayChangeColourByDefinition(_ g: [Double], low: [Double], high: [Double], minimumContrast: Double, times: Int) -> Bool {
        var changes = 0, dark = false
        for k in g.indices {
            let lo = low[k], hi = high[k]
            let contrast = hi - lo
            guard contrast >= minimumContrast else { continue }
            let difference = g[k] - (hi + lo) / 2, margin = contrast * 0.05
            if dark ? difference >= margin : difference < -margin {
                changes += 1
                if changes >= times { return true }
                dark.toggle()
            }
        }
        return false
    }

    @Test func mayChangeColourAnswersAsTheRule() {
        var answers = (yes: 0, no: 0)
        for seed: UInt64 in 1...60 {
            let (g, _, buffers, low, high) = Self.seededLine(seed, wide: false)
            // The exact count of changes is where the answer turns: every `times` around it, and 0 and below.
            let most = Self.changesByDefinition(g, low: low, high: high, minimumContrast: 20)
            for minimumContrast in [20.0, 45.0, 0.5] {
                for times in Array(-1...3) + [most - 1, most, most + 1, most + 5] {
                    let expected = Self.mayChangeColourByDefinition(g, low: low, high: high, minimumContrast: minimumContrast, times: times)
                    let found = g.withUnsafeBufferPointer { g in
                        LinearReader.mayChangeColour(g, low: buffers.low, high: buffers.high, minimumContrast: minimumContrast, times: times)
                    }
                    #expect(found == expected, "seed \(seed), contrast \(minimumContrast), times \(times)")
                    if expected { answers.yes += 1 } else { answers.no += 1 }
                }
            }
        }
        // Both answers are tested often.
        #expect(answers.yes > 200 && answers.no > 200)
    }

    /// `LinearReader.mayChangeColour(halves:minimumContrast:times:)`, on the whole numbers of lines of halves, answers as
    /// the rule on their doubles: whole gray levels (where samples meet the margin exactly), halves (sharpened lines), and
    /// values near the largest size it takes; at contrasts between halves and on them. Lines with a value beyond that size
    /// are refused (`boundsColourChanges`).
    @Test func mayChangeColourOnHalvesAnswersAsTheRule() {
        var answers = (yes: 0, no: 0)
        let largest = Double(LinearReader.largestWholeBoundValue) / 2
        for seed: UInt64 in 1...90 {
            let g = Self.lineOfHalves(seed: seed)
            guard let windowed = Self.windowedHalves(g) else { Issue.record("seed \(seed)"); continue }
            let (halves, low, high) = (windowed.halves, windowed.low, windowed.high)
            // The whole numbers `halves` reads live in the buffers: kept until the last read.
            defer { withExtendedLifetime(windowed.buffers) {} }
            for minimumContrast in [20.0, 20.25, 20.5, 45.0, 0.5, 0.25, 300, largest * 2, largest * 2 + 0.5, 1e9] {
                let most = Self.changesByDefinition(g, low: low, high: high, minimumContrast: minimumContrast)
                for times in Array(-1...3) + [most - 1, most, most + 1, most + 5] {
                    let expected = Self.mayChangeColourByDefinition(g, low: low, high: high, minimumContrast: minimumContrast, times: times)
                    let found = LinearReader.mayChangeColour(halves: halves, minimumContrast: minimumContrast, times: times)
                    #expect(found == expected, "seed \(seed), contrast \(minimumContrast), times \(times)")
                    if expected { answers.yes += 1 } else { answers.no += 1 }
                }
            }
        }
        #expect(answers.yes > 500 && answers.no > 500)
        // A value beyond the largest size, either way, refuses the line.
        for stray in [largest + 0.5, -largest - 0.5] {
            var g = Self.line(count: 100, seed: 4)
            g[37] = stray
            let buffers = ScanLineBuffers()
            buffers.reserve(g.count, radius: 8)
            let halves = g.withUnsafeBufferPointer {
                SlidingExtremes.computeOnHalves($0.baseAddress!, count: g.count, radius: 8, low: buffers.low, high: buffers.high, scratch: buffers.scratch)
            }
            #expect(halves.map { !LinearReader.boundsColourChanges($0) } == true, "\(stray)")
        }
    }

    /// A seeded line of halves of whole numbers, of 1 to 5 or 40 to 739 samples: whole gray levels, those sharpened
    /// (halves), or halves near the largest size `LinearReader.mayChangeColour(halves:minimumContrast:times:)` takes.
    static func lineOfHalves(seed: UInt64) -> [Double] {
        let largest = Double(LinearReader.largestWholeBoundValue) / 2
        let plain = line(count: Int(seed % 7 == 0 ? seed % 5 + 1 : 40 + (seed * 37) % 700), seed: seed * 2)
        return switch seed % 3 {
        case 0: plain
        case 1: plain.indices.map { k in 2 * plain[k] - (plain[max(0, k - 1)] + plain[min(plain.count - 1, k + 1)]) / 2 }
        default: plain.map { ($0 - 128) * (largest / 130) }.map { max(-largest, min(largest, ($0 * 2).rounded() / 2)) }
        }
    }

    /// The window extremes (radius 8) of a line of halves, as whole numbers and as doubles, where its values lie within
    /// the size the whole-number bounds take (`LinearReader.boundsColourChanges`); the buffers hold the whole numbers.
    static func windowedHalves(_ g: [Double]) -> (buffers: ScanLineBuffers, halves: SlidingExtremes.Halves, low: [Double], high: [Double])? {
        let count = g.count
        let buffers = ScanLineBuffers()
        buffers.reserve(count, radius: 8)
        let halves = g.withUnsafeBufferPointer {
            SlidingExtremes.computeOnHalves($0.baseAddress!, count: count, radius: 8, low: buffers.low, high: buffers.high, scratch: buffers.scratch)
        }
        guard let halves, LinearReader.boundsColourChanges(halves) else { return nil }
        return (buffers, halves, Array(UnsafeBufferPointer(start: buffers.low, count: count)), Array(UnsafeBufferPointer(start: buffers.high, count: count)))
    }

    /// `MidpointColourChanges.find(halves:...)`, on the whole numbers of lines of halves and their wide window widened on
    /// whole numbers (`SlidingExtremes.widen` on `Int16`), gives the rule's runs and edges on the doubles: whole gray
    /// levels (where samples meet the margin and the wide gate exactly), halves (sharpened lines), and values near the
    /// largest size; at contrasts between halves, on them, and beyond every contrast.
    @Test func findOnHalvesGivesTheRulesRunsAndEdges() {
        var changesSeen = 0
        let largest = Double(LinearReader.largestWholeBoundValue) / 2
        // Samples exactly on the margin (contrast 20: 9 and 11 lie a margin, 1, below and above the midpoint) on a light
        // line and on a dark one, between stretches of light.
        let block: [Double] = Array(repeating: 20, count: 12) + [9, 20, 20, 0, 0, 11, 0, 0, 20]
        let onTheMargin = Array([[Double]](repeating: block, count: 20).joined())
        for seed: UInt64 in 1...91 {
            let g = seed == 91 ? onTheMargin : Self.lineOfHalves(seed: seed)
            let count = g.count
            guard let windowed = Self.windowedHalves(g) else { Issue.record("seed \(seed)"); continue }
            let (buffers, halves, low, high) = (windowed.buffers, windowed.halves, windowed.low, windowed.high)
            var wideLow = [Double](repeating: 0, count: count), wideHigh = wideLow
            SlidingExtremes.widen(low: buffers.low, high: buffers.high, count: count, narrow: 8, to: 80, wideLow: &wideLow, wideHigh: &wideHigh)
            var wholeWideLow = [Int16](repeating: 0, count: count), wholeWideHigh = wholeWideLow
            SlidingExtremes.widen(low: halves.low, high: halves.high, count: count, narrow: 8, to: 80, wideLow: &wholeWideLow, wideHigh: &wholeWideHigh)
            #expect(wholeWideLow.map { Double($0) / 2 } == wideLow && wholeWideHigh.map { Double($0) / 2 } == wideHigh, "seed \(seed)")
            let events = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
            defer { events.deallocate() }
            for minimumContrast in [20.0, 20.25, 20.5, 45.0, 0.5, 0.25, largest * 2, largest * 2 + 0.5, 1e9] {
                let expected = Self.runsByDefinition(g, low: low, high: high, wideLow: wideLow, wideHigh: wideHigh, minimumContrast: minimumContrast)
                buffers.runStarts[0] = 0
                let changes = MidpointColourChanges.find(halves: halves, wideLow: wholeWideLow, wideHigh: wholeWideHigh,
                                                         minimumContrast: minimumContrast, events: events, buffers: buffers)
                let widths = Array(UnsafeBufferPointer(start: buffers.runWidths, count: changes))
                let starts = Array(UnsafeBufferPointer(start: buffers.runStarts + 1, count: changes))
                #expect(widths == expected.widths && starts == expected.starts, "seed \(seed), contrast \(minimumContrast)")
                #expect((changes % 2 == 1) == expected.dark, "seed \(seed), contrast \(minimumContrast)")
                changesSeen += expected.widths.count
            }
        }
        #expect(changesSeen > 1000)
    }

    /// The changes `mayChangeColourByDefinition` counts over the whole line.
    static func changesByDefinition(_ g: [Double], low: [Double], high: [Double], minimumContrast: Double) -> Int {
        var changes = 0
        while mayChangeColourByDefinition(g, low: low, high: high, minimumContrast: minimumContrast, times: changes + 1) { changes += 1 }
        return changes
    }
}
