@testable import BarcodeDecoder
import Testing

/// `PDF417Reader`'s fast paths against their plain definitions: the two-pass thresholding against the rule read sample
/// by sample, the rounding against `Int(x.rounded())`, the sorted votes against counting them in dictionaries.
@Suite struct PDF417ReadLineTests {
    /// `readLine`'s thresholding as it read the samples in order before the two passes: run beginnings (after the
    /// first) and whether the first run is dark.
    static func changesByDefinition(_ gray: [Double], low: [Double], high: [Double], from: Double, step: Double)
        -> (begins: [Double], firstIsDark: Bool) {
        var previousOffset = gray[0] - (low[0] + high[0]) / 2
        var previous = high[0] - low[0] < 24 ? false : previousOffset < 0
        let firstIsDark = previous
        var begins: [Double] = []
        for i in 1..<gray.count {
            let threshold = (low[i] + high[i]) / 2
            let offset = gray[i] - threshold
            let isDark = high[i] - low[i] < 24 ? previous : offset < 0
            if previous != isDark {
                let fraction = previousOffset == offset ? 0.5 : previousOffset / (previousOffset - offset)
                begins.append(from + (Double(i - 1) + min(1, max(0, fraction))) * step)
                previous = isDark
            }
            previousOffset = offset
        }
        return (begins, firstIsDark)
    }

    @Test func theTwoPassesGiveTheRulesRuns() {
        var changesSeen = 0, darkFirst = 0
        for seed: UInt64 in 1...80 {
            let count = Int(seed % 9 == 0 ? 1 + seed % 12 : 30 + (seed * 37) % 900)
            // Lines of whole and fractional gray levels (`MidpointColourChangesTests.line`); some made flat in stretches
            // (weak samples, ties of a sample with its midpoint) or dark from the start.
            var gray = MidpointColourChangesTests.line(count: count, seed: seed)
            if seed % 4 == 1 { for k in stride(from: 0, to: count, by: 3) where (k / 40) % 2 == 0 { gray[k] = gray[max(0, k - 1)] } }
            if seed % 3 == 2, count > 2 { gray[0] = 0; gray[1] = 250; gray[2] = 250 }
            let radius = 2 + Int(seed % 9)
            let buffers = ScanLineBuffers(capacity: 1)
            buffers.reserve(count, radius: radius)
            gray.withUnsafeBufferPointer { g in
                SlidingExtremes.compute(g.baseAddress!, count: count, radius: radius, low: buffers.low, high: buffers.high, scratch: buffers.scratch)
            }
            let low = Array(UnsafeBufferPointer(start: buffers.low, count: count))
            let high = Array(UnsafeBufferPointer(start: buffers.high, count: count))
            let from = -3.5 + Double(seed % 5), step = 0.3 + Double(seed % 7) / 10
            let expected = Self.changesByDefinition(gray, low: low, high: high, from: from, step: step)
            buffers.gray.update(from: gray, count: count)
            let (runCount, firstIsDark) = PDF417Reader.thresholdChanges(
                buffers.gray, low: buffers.low, high: buffers.high, count: count, from: from, step: step, begins: buffers.runStarts,
                events: UnsafeMutableRawPointer(buffers.scratch).assumingMemoryBound(to: UInt8.self))
            let begins = Array(UnsafeBufferPointer(start: buffers.runStarts + 1, count: runCount - 1))
            #expect(begins == expected.begins, "seed \(seed)")
            #expect(firstIsDark == expected.firstIsDark, "seed \(seed)")
            changesSeen += expected.begins.count
            darkFirst += expected.firstIsDark ? 1 : 0
        }
        // The lines change colour often, and some begin dark.
        #expect(changesSeen > 2000)
        #expect(darkFirst > 10)
    }

    @Test func roundingIsRoundedsOwn() {
        var random = LinearLineBoundsTests.Seeded(state: 417)
        var values: [Double] = [0, 0.5, 1.5, 2.5, 0.49999999999999994, 0.5000000000000001, 16.5, 17, -0.5, -1.5, -2.4, -0.0,
                                0x1p52, 0x1p52 + 1, 0x1p53, 0x1p60 + 2048, -0x1p60, 4503599627370495.5, 2251799813685247.5]
        for k in 1...200 {
            values.append(Double(k) / 4)
            values.append(Double(k) / 2 - 0.5.nextDown)
            values.append(Double(k) + 0.5.nextUp)
            values.append(Double(random.next(1_000_000)) / 1000 * 17 / 13)
            values.append(-Double(random.next(1_000_000)) / 997)
        }
        for x in values { #expect(PDF417Reader.rounded(x) == Int(x.rounded()), "\(x)") }
    }

    @Test func sortedVotesElectTheDictionariesWinners() {
        var random = LinearLineBoundsTests.Seeded(state: 929)
        for round in 0..<300 {
            let positions = 1 + random.next(40)
            // Few values a position, so ties between them are common; now and then large values and empty positions.
            var counts = [[Int: Int]](repeating: [:], count: positions)
            var votes: [Int] = []
            for _ in 0..<random.next(5 * positions + 1) {
                let position = random.next(positions)
                let value = round % 3 == 0 ? 900 + random.next(29) : random.next(4) * (1 + random.next(300))
                counts[position][value, default: 0] += 1
                votes.append(PDF417Reader.voteKey(position: position, value: value))
            }
            var expectedCodewords = [Int](repeating: 0, count: positions), expectedErasures: [Int] = []
            for (i, v) in counts.enumerated() {
                if let best = v.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }) {
                    expectedCodewords[i] = best.key
                } else {
                    expectedErasures.append(i)
                }
            }
            let winners = PDF417Reader.winners(ofVotes: &votes, positions: positions)
            #expect(winners.codewords == expectedCodewords, "round \(round)")
            #expect(winners.erasures == expectedErasures, "round \(round)")
        }
    }
}
