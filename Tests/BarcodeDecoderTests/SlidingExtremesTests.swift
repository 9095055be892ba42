@testable import BarcodeDecoder
import RigCore
import Testing

/// The running window extremes every scan line is thresholded with, against the plain definition.
@Suite struct SlidingExtremesTests {
    /// The minimum and maximum of each clipped window, one window at a time.
    static func plain(_ values: [Double], radius: Int) -> (low: [Double], high: [Double]) {
        let windows = values.indices.map { k in values[max(0, k - radius)...min(values.count - 1, k + radius)] }
        return (windows.map { $0.min()! }, windows.map { $0.max()! })
    }

    /// Radius 3 is the least whose first two rounds are one pass (`firstTwoRounds`: three positions at each end read the
    /// padding); the lengths 4 to 11 give that pass's four-a-step loop every remainder, and none.
    @Test(arguments: [0, 1, 2, 3, 7, 8, 16, 24, 48, 80])
    func windowsMatchTheirDefinition(_ radius: Int) {
        var random = SeededGenerator(seed: UInt64(radius) + 1)
        for length in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 33, 100, 641] {
            let values = (0..<length).map { _ in Double(Int.random(in: 0...255, using: &random)) + (Double.random(in: 0..<1, using: &random) * 4).rounded() / 4 }
            let fast = SlidingExtremes.compute(values, radius: radius)
            let expected = Self.plain(values, radius: radius)
            #expect(fast.low == expected.low, "length \(length)")
            #expect(fast.high == expected.high, "length \(length)")
            #expect(SlidingExtremes.maximum(values, radius: radius) == expected.high, "length \(length)")
        }
    }

    /// `computeOnHalves` writes what `compute` writes on lines of halves of whole numbers (pixel rows, their sharpened
    /// values, values near the 16-bit limit), at every radius and at lengths around its blocks of 64, and refuses a
    /// line with any other value, wherever it lies (a fraction, −0, a half of 8,192 or more, infinity, NaN).
    @Test(arguments: [0, 1, 2, 7, 8, 16])
    func halvesGiveTheSameExtremes(_ radius: Int) {
        var random = SeededGenerator(seed: UInt64(radius) + 100)
        for length in [1, 2, 3, 16, 17, 63, 64, 65, 128, 129, 240, 641] {
            for kind in 0..<4 {
                let values: [Double] = (0..<length).map { _ in
                    switch kind {
                    case 0: Double(Int.random(in: 0...255, using: &random))
                    case 1: Double(Int.random(in: -510...1_275, using: &random)) / 2
                    case 2: Double(Int.random(in: -16_383...16_383, using: &random)) / 2
                    default: [-8_191.5, 8_191.5, 0, -0.5, 0.5][Int.random(in: 0...4, using: &random)]
                    }
                }
                let expected = SlidingExtremes.compute(values, radius: radius)
                let count = SlidingExtremes.scratchCount(length, radius: radius)
                let scratch = UnsafeMutablePointer<Double>.allocate(capacity: count)
                let low = UnsafeMutablePointer<Double>.allocate(capacity: length), high = UnsafeMutablePointer<Double>.allocate(capacity: length)
                defer { scratch.deallocate(); low.deallocate(); high.deallocate() }
                let done = values.withUnsafeBufferPointer {
                    SlidingExtremes.computeOnHalves($0.baseAddress!, count: length, radius: radius, low: low, high: high, scratch: scratch) != nil
                }
                #expect(done, "length \(length) kind \(kind)")
                let lows = Array(UnsafeBufferPointer(start: low, count: length)), highs = Array(UnsafeBufferPointer(start: high, count: length))
                #expect(lows.map(\.bitPattern) == expected.low.map(\.bitPattern), "length \(length) kind \(kind)")
                #expect(highs.map(\.bitPattern) == expected.high.map(\.bitPattern), "length \(length) kind \(kind)")
                // One value of another kind anywhere refuses the line.
                for stray in [0.25, 100.125, -0.0, 8_192, -8_192.5, 1e300, .infinity, -.infinity, .nan, 0.1] {
                    var spoiled = values
                    spoiled[Int.random(in: 0..<length, using: &random)] = stray
                    let refused = spoiled.withUnsafeBufferPointer {
                        SlidingExtremes.computeOnHalves($0.baseAddress!, count: length, radius: radius, low: low, high: high, scratch: scratch) == nil
                    }
                    #expect(refused, "length \(length) stray \(stray)")
                }
            }
        }
    }

    /// `twiceAsWhole` against its definition, one value at a time: a line is taken where every value is a half of a whole
    /// number (not −0) whose double lies in −16,384 ... 16,383, and then gives those doubles; any other value refuses it.
    /// The values near the rounding's edges (around ±2^49, ±2^50, ±2^51 and ±2^52, where the shifted sum leaves its
    /// binade), the least magnitudes and the limits themselves, each alone and among valid ones at every place of a block.
    @Test func twiceAsWholeMatchesItsDefinition() {
        func definition(_ value: Double) -> Int16? {
            let doubled = value * 2
            guard doubled.isFinite, doubled == doubled.rounded(), !(doubled == 0 && doubled.sign == .minus),
                  doubled >= -16_384, doubled <= 16_383 else { return nil }
            return Int16(doubled)
        }
        var edges: [Double] = [0, -0.0, 0.5, -0.5, 0.25, 1e-300, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 8_191.5, 8_192, -8_192,
                               -8_192.5, 8_191.25, 1e300, -1e300, .infinity, -.infinity, .nan, .greatestFiniteMagnitude]
        for exponent in [49, 50, 51, 52, 53] {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            for base in [power, power * 1.5, power * 3] {
                for value in [base, base.nextUp, base.nextDown, base - 8_192, base + 8_192] { edges += [value, -value] }
            }
        }
        var random = SeededGenerator(seed: 2_024)
        edges += (0..<4_000).map { _ in Double(Int.random(in: -17_000...17_000, using: &random)) / 2 }
        edges += (0..<1_000).map { _ in Double.random(in: -9_000...9_000, using: &random) }
        let out = UnsafeMutablePointer<Int16>.allocate(capacity: 130)
        defer { out.deallocate() }
        for value in edges {
            // Alone, then at each place of a line of 130 valid values (three blocks).
            let alone = [value].withUnsafeBufferPointer { SlidingExtremes.twiceAsWhole($0.baseAddress!, count: 1, into: out) }
            #expect(alone == (definition(value) != nil), "\(value)")
            if alone { #expect(out[0] == definition(value), "\(value)") }
            for place in [0, 1, 63, 64, 100, 129] {
                var line = (0..<130).map { Double($0 % 50) - 20.5 }
                line[place] = value
                let taken = line.withUnsafeBufferPointer { SlidingExtremes.twiceAsWhole($0.baseAddress!, count: 130, into: out) }
                #expect(taken == (definition(value) != nil), "\(value) at \(place)")
                if taken { #expect((0..<130).allSatisfy { out[$0] == definition(line[$0]) }, "\(value) at \(place)") }
            }
        }
    }

    /// `twiceOfHalves` writes what `twiceAsWhole` writes for every value it takes: halves of whole numbers from one
    /// limit to the other, each alone and in lines of every length around a vector's, and `wholeExtremes` with
    /// `knownHalves` gives the same whole numbers and window extremes as without.
    @Test func twiceOfHalvesIsTwiceAsWholeWhereItTakesTheLine() {
        var random = SeededGenerator(seed: 17)
        let all = (-16_384...16_383).map { Double($0) / 2 }
        let out = UnsafeMutablePointer<Int16>.allocate(capacity: all.count), expected = UnsafeMutablePointer<Int16>.allocate(capacity: all.count)
        defer { out.deallocate(); expected.deallocate() }
        all.withUnsafeBufferPointer {
            #expect(SlidingExtremes.twiceAsWhole($0.baseAddress!, count: all.count, into: expected))
            SlidingExtremes.twiceOfHalves($0.baseAddress!, count: all.count, into: out)
        }
        #expect((0..<all.count).allSatisfy { out[$0] == expected[$0] })
        for length in [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 64, 65, 240] {
            // Pixel rows and their sharpened values.
            let values = (0..<length).map { _ in Double(Int.random(in: -510...1_020, using: &random)) / 2 }
            let radius = 8, count = SlidingExtremes.scratchCount(length, radius: radius)
            let scratch = UnsafeMutablePointer<Double>.allocate(capacity: count), known = UnsafeMutablePointer<Double>.allocate(capacity: count)
            let twice = UnsafeMutablePointer<Int16>.allocate(capacity: length), knownTwice = UnsafeMutablePointer<Int16>.allocate(capacity: length)
            defer { scratch.deallocate(); known.deallocate(); twice.deallocate(); knownTwice.deallocate() }
            values.withUnsafeBufferPointer { v in
                let tested = SlidingExtremes.wholeExtremes(v.baseAddress!, count: length, radius: radius, scratch: scratch, twice: twice)
                let taken = SlidingExtremes.wholeExtremes(v.baseAddress!, count: length, radius: radius, scratch: known, twice: knownTwice,
                                                          knownHalves: true)
                #expect(tested != nil && taken != nil, "length \(length)")
                guard let tested, let taken else { return }
                for k in 0..<length {
                    #expect(taken.twice[k] == tested.twice[k] && taken.low[k] == tested.low[k] && taken.high[k] == tested.high[k],
                            "length \(length) at \(k)")
                }
            }
        }
    }

    /// The noise level's first histogram counts `min(256, quarters(value))`, taken without converting a value of 64 or more.
    @Test func quartersBelow64AreTheClampedQuarters() {
        var random = SeededGenerator(seed: 64)
        let edges: [Double] = [-1e300, -300, -1, -0.125, -0.0, 0, 0.124, 0.125, 0.126, 0.375, 63.625, 63.75, 63.875, 63.874999, 64, 64.01,
                               254.875, 255, 255.5, 300, 1e300, .infinity, -.infinity, .leastNonzeroMagnitude]
        let values = edges + (0..<20_000).map { _ in Double.random(in: -10...300, using: &random) }
            + (0..<2_000).map { k in Double(k) / 8 - 10 }
        for value in values {
            #expect(SlidingExtremes.quartersBelow64(value) == min(256, SlidingExtremes.quarters(value)), "\(value)")
        }
    }

    /// Two values' `quartersBelow64` at once are each value's own: on the bins' edges and halfway between them (where the
    /// nearest whole number of the scaled value is a tie, or above its whole part), beyond either end, NaN and infinities.
    @Test func pairedQuartersBelow64AreEachValuesOwn() {
        var random = SeededGenerator(seed: 52)
        let edges: [Double] = [-1e300, -300, -1, -0.125, -0.0, 0, 0.124, 0.125, 0.126, 0.25, 0.375, 0.625, 0.6249999, 63.625,
                               63.75, 63.875, 63.874999, 64, 64.01, 255, 300, 1e300, .infinity, -.infinity, .nan,
                               .leastNonzeroMagnitude, 0.5.nextDown, 0.125.nextDown, 0.375.nextUp]
        let values = edges + (0..<20_000).map { _ in Double.random(in: -10...80, using: &random) }
            + (0..<4_000).map { k in Double(k) / 16 - 10 }
        for (a, b) in zip(values, values.dropFirst(7) + values.prefix(7)) {
            let pair = SlidingExtremes.quartersBelow64(SIMD2(a, b))
            #expect(Int(pair[0]) == SlidingExtremes.quartersBelow64(a), "\(a)")
            #expect(Int(pair[1]) == SlidingExtremes.quartersBelow64(b), "\(b)")
        }
    }

    /// The median the histograms find, counting two values a step, is its definition: the middle one (the higher of two)
    /// of the values' bins (`quarters`) in order, in quarters. Odd and even counts, medians below 64 and above (the
    /// second histogram), values on the bins' edges and beyond 0…255; stored or taken one by one.
    @Test func medianIsTheMiddleBin() {
        var random = SeededGenerator(seed: 27)
        for trial in 0..<300 {
            let count = trial % 50 == 0 ? trial / 50 : Int.random(in: 1...301, using: &random)
            let scale = [3.0, 20.0, 140.0, 300.0][trial % 4]
            let values: [Double] = (0..<count).map { k in
                k % 3 == 0 ? Double(Int.random(in: -8...2_100, using: &random)) / 8 : Double.random(in: 0...scale, using: &random)
            }
            let middle = count == 0 ? 0 : Double(values.map(SlidingExtremes.quarters).sorted()[count / 2]) / 4
            #expect(SlidingExtremes.median(count: count) { values[$0] } == middle, "trial \(trial)")
            #expect(values.withUnsafeBufferPointer { SlidingExtremes.median(byteRange: $0) } == middle, "trial \(trial)")
        }
    }

    /// The test of a median against a bound, by counting the values below it, agrees with the median the histograms find:
    /// for bounds around the values' bins and past the first histogram's, on values at and between the bins' edges.
    @Test func medianAtLeastABinMatchesTheMedian() {
        var random = SeededGenerator(seed: 13)
        for trial in 0..<400 {
            let count = trial % 50 == 0 ? trial / 50 : Int.random(in: 1...300, using: &random)
            // Steps of a quiet line, of a busy one, of a sharpened one (past 255), and values on the bins' edges (an
            // eighth apart: on and halfway between them).
            let scale = [2.0, 6.0, 40.0, 300.0][trial % 4]
            let values: [Double] = (0..<count).map { k in
                k % 3 == 0 ? Double(Int.random(in: 0...2_100, using: &random)) / 8 : Double.random(in: 0...scale, using: &random)
            }
            let median = SlidingExtremes.median(count: count) { values[$0] }
            let bins = [0, 1, 5, 12, 13, 14, 30, 63, 64, 200, 255, 256, 257, 700, 1_020, 1_021]
            for (low, high) in zip(bins, bins.reversed()) {
                let atLeast = SlidingExtremes.median(count: count, isAtLeastQuarters: low, high) { values[$0] }
                #expect(atLeast.low == (median >= Double(low) / 4), "trial \(trial) bin \(low)")
                #expect(atLeast.high == (median >= Double(high) / 4), "trial \(trial) bin \(high)")
            }
        }
    }

    /// Medians that lie on a bound: most values on a bin's lower edge (`x` is the bin itself, which is not below it), the
    /// others either side.
    @Test func medianOnABinsEdgeIsAtLeastThatBin() {
        for bin in [1, 2, 13, 14, 63, 64, 255, 256, 700, 1_020] {
            let edge = (Double(bin) - 0.5) / 4
            for count in [1, 2, 5, 8] {
                let values = (0..<count).map { k in k < count / 2 + 1 ? edge : k % 2 == 0 ? edge / 2 : edge * 2 }
                let median = SlidingExtremes.median(count: count) { values[$0] }
                #expect(median == Double(bin) / 4 || median > 255, "bin \(bin) count \(count)")
                for other in [bin - 1, bin, bin + 1] {
                    let atLeast = SlidingExtremes.median(count: count, isAtLeastQuarters: other, bin) { values[$0] }
                    #expect(atLeast.low == (median >= Double(other) / 4) && atLeast.high, "bin \(bin) count \(count)")
                }
            }
        }
    }

    /// The thresholding's least contrast, the median found only where it decides it, against its formula with the median
    /// always found: on lines of every kind of noise, with their own range and with ranges where six times a median
    /// meets a quarter of the range exactly or just misses it.
    @Test func minimumContrastMatchesItsFormula() {
        var random = SeededGenerator(seed: 20)
        var decidedByTheCount = 0
        for trial in 0..<1_200 {
            let count = Int.random(in: 1...200, using: &random)
            let amplitude = [1.0, 3.0, 5.0, 8.0, 30.0, 120.0][trial % 6]
            var level = Double.random(in: 0...255, using: &random)
            let g: [Double] = (0..<count).map { _ in
                level = max(0, min(255, level + Double.random(in: -amplitude...amplitude, using: &random)))
                return trial % 2 == 0 ? level.rounded() : level
            }
            let noise = SlidingExtremes.median(count: count - 1) { abs(g[$0 + 1] - g[$0]) }
            let ownRange = g.max()! - g.min()!
            // Ranges whose quarter is six times the median, a step either side of it, and the line's own.
            let meeting = noise * 6 * 4
            for range in [ownRange, meeting, meeting.nextUp, meeting.nextDown, meeting + 1, meeting - 1, 80, 80.5, 0] {
                let expected = max(LinearReader.leastContrast, min(noise * 6, range * 0.25))
                let fast = g.withUnsafeBufferPointer { LinearReader.minimumContrast($0, range: range) }
                #expect(fast == expected, "trial \(trial) range \(range) noise \(noise)")
                if range * 0.25 > LinearReader.leastContrast && noise * 6 >= range * 0.25 { decidedByTheCount += 1 }
            }
        }
        #expect(decidedByTheCount > 1_000)
        #expect(LinearReader.quietNoiseQuarters == 14)
    }

    /// `minimumContrast(halves:range:)` gives what `minimumContrast` gives on the doubles, for lines of halves of whole
    /// numbers (whole gray levels, halves, steps beyond 255) of every kind of noise, at their own range and ranges where
    /// the median decides, meets a quarter of the range or just misses it.
    @Test func minimumContrastOnHalvesMatchesTheDoubles() {
        var random = SeededGenerator(seed: 21)
        var decidedByTheMedian = 0
        let largest = LinearReader.largestWholeBoundValue
        for trial in 0..<1_200 {
            let count = Int.random(in: 1...300, using: &random)
            let amplitude = [1, 3, 5, 8, 12, 30, 120, 600][trial % 8]
            var level = Int.random(in: 0...510, using: &random)
            // Twice the values: whole gray levels on even trials, halves on odd ones.
            let twice: [Int] = (0..<count).map { _ in
                level = max(-largest, min(largest, level + Int.random(in: -amplitude...amplitude, using: &random)))
                return trial % 2 == 0 ? level / 2 * 2 : level
            }
            let g = twice.map { Double($0) / 2 }
            let noise = SlidingExtremes.median(count: count - 1) { abs(g[$0 + 1] - g[$0]) }
            let scratch = UnsafeMutablePointer<Double>.allocate(capacity: SlidingExtremes.scratchCount(count, radius: 8))
            let low = UnsafeMutablePointer<Double>.allocate(capacity: count), high = UnsafeMutablePointer<Double>.allocate(capacity: count)
            defer { scratch.deallocate(); low.deallocate(); high.deallocate() }
            guard let halves = g.withUnsafeBufferPointer({
                SlidingExtremes.computeOnHalves($0.baseAddress!, count: count, radius: 8, low: low, high: high, scratch: scratch)
            }), LinearReader.boundsColourChanges(halves) else { Issue.record("trial \(trial)"); continue }
            let meeting = noise * 6 * 4
            for range in [g.max()! - g.min()!, meeting, meeting.nextUp, meeting.nextDown, meeting + 1, meeting - 1, meeting * 2, 80, 80.5, 200, 1_000, 0] {
                let expected = g.withUnsafeBufferPointer { LinearReader.minimumContrast($0, range: range) }
                #expect(LinearReader.minimumContrast(halves: halves, range: range) == expected, "trial \(trial) range \(range) noise \(noise)")
                if range * 0.25 > LinearReader.leastContrast && noise * 6 > LinearReader.leastContrast && noise * 6 < range * 0.25 {
                    decidedByTheMedian += 1
                }
            }
        }
        #expect(decidedByTheMedian > 500)
    }

    /// The fewest quarters whose noise level, six times, reaches a bound: reached there and not one quarter below.
    @Test func quartersReachingIsTheFewest() {
        var random = SeededGenerator(seed: 24)
        var bounds: [Double] = (0..<4_000).map { _ in Double.random(in: 0.001...400, using: &random) }
        for m in 1..<700 {
            let reached: Double = Double(m) / 4 * 6
            bounds += [reached, reached.nextUp, reached.nextDown]
        }
        for capped in bounds {
            guard let m = LinearReader.quartersReaching(capped) else { Issue.record("\(capped)"); continue }
            #expect(Double(m) / 4 * 6 >= capped, "\(capped)")
            #expect(m == 0 || Double(m - 1) / 4 * 6 < capped, "\(capped)")
        }
    }

    /// `widen` from a line's narrow window extremes (`compute`), both ways it takes (from the centres' extremes with room
    /// in its scratch, by joining narrow windows without), against the definition: at index i, the extremes of the line
    /// over ±`radius` of the centre (a multiple of `narrow`) whose span, from narrow / 2 before it to narrow − narrow / 2
    /// after, holds i, clipped to the line; 0 where no centre's span reaches. On doubles and on 16-bit whole numbers, at
    /// lengths around the centres' spacing, and radii no multiple of `narrow` (only the joining way).
    @Test(arguments: [(8, 80), (16, 160), (1, 2), (1, 3), (2, 4), (3, 9), (3, 6), (4, 12), (2, 5), (8, 20)])
    func widenedWindowsMatchTheirDefinition(_ narrow: Int, _ radius: Int) {
        var random = SeededGenerator(seed: UInt64(narrow * 1_000 + radius))
        for length in [1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 40, 79, 80, 81, 88, 100, 161, 162, 163, 240, 333, 641, 1_280] {
            let values = (0..<length).map { _ in Double(Int.random(in: -400...400, using: &random)) / 2 }
            let (low, high) = SlidingExtremes.compute(values, radius: narrow)
            var expectedLow = [Double](repeating: 0, count: length), expectedHigh = expectedLow
            for i in 0..<length {
                let centre = (i + narrow / 2) / narrow * narrow
                guard centre < length else { continue }
                let span = values[max(0, centre - radius)...min(length - 1, centre + radius)]
                (expectedLow[i], expectedHigh[i]) = (span.min()!, span.max()!)
            }
            let room = SlidingExtremes.wideningScratchCount(length, narrow: narrow, radius: radius)
            #expect((room != nil) == (radius % narrow == 0))
            for scratchCount in [0, (room ?? 1) - 1, room ?? 0, 2 * (room ?? 0)] {
                var scratch = [Double](repeating: .nan, count: scratchCount)
                var wideLow = [Double](repeating: .nan, count: length), wideHigh = wideLow
                scratch.withUnsafeMutableBufferPointer { scratch in
                    SlidingExtremes.widen(low: low, high: high, count: length, narrow: narrow, to: radius, wideLow: &wideLow, wideHigh: &wideHigh,
                                          scratch: scratch)
                }
                #expect(wideLow.map(\.bitPattern) == expectedLow.map(\.bitPattern), "length \(length) scratch \(scratchCount)")
                #expect(wideHigh.map(\.bitPattern) == expectedHigh.map(\.bitPattern), "length \(length) scratch \(scratchCount)")
                // On twice the values as whole numbers: twice the same extremes.
                let twice = { (values: [Double]) in values.map { Int16($0 * 2) } }
                var wholeScratch = [Int16](repeating: .min, count: scratchCount)
                var wholeLow = [Int16](repeating: .min, count: length), wholeHigh = wholeLow
                wholeScratch.withUnsafeMutableBufferPointer { scratch in
                    SlidingExtremes.widen(low: twice(low), high: twice(high), count: length, narrow: narrow, to: radius,
                                          wideLow: &wholeLow, wideHigh: &wholeHigh, scratch: scratch)
                }
                #expect(wholeLow == twice(expectedLow), "length \(length) scratch \(scratchCount)")
                #expect(wholeHigh == twice(expectedHigh), "length \(length) scratch \(scratchCount)")
            }
        }
    }

    @Test func anEmptyLineHasNoWindows() {
        #expect(SlidingExtremes.compute([], radius: 8).low.isEmpty)
        #expect(SlidingExtremes.maximum([], radius: 8).isEmpty)
    }
}
