@testable import BarcodeDecoder
import RigCore
import Testing

/// The linear reader's last look: one threshold a line from its histogram's valley, the line sharpened first.
@Suite struct HistogramLineThresholdTests {
    static func histogram(_ values: [UInt8]) -> [Int32] {
        var h = [Int32](repeating: 0, count: HistogramLineThreshold.buckets)
        for v in values { h[Int(v >> 3)] += 1 }
        return h
    }

    static func threshold(_ values: [UInt8]) -> Int? {
        histogram(values).withUnsafeBufferPointer { HistogramLineThreshold.threshold($0) }
    }

    static func runs(_ values: [UInt8], step: Int = 1, minimumRuns: Int = 1, reach: Int = 1) -> RunRow? {
        let reader = HistogramLineThreshold(longestLine: values.count)
        return values.withUnsafeBufferPointer {
            reader.runs($0.baseAddress!, count: values.count / step, step: step, minimumRuns: minimumRuns, reach: reach)
        }
    }

    /// The threshold as it was written with checked arithmetic, on `Int` counts.
    static func thresholdByDefinition(_ h: [Int]) -> Int? {
        var first = 0, most = 0
        for i in 0..<h.count where h[i] > most { first = i; most = h[i] }
        var second = first, secondScore = 0
        for i in 0..<h.count where h[i] * (i - first) * (i - first) > secondScore { second = i; secondScore = h[i] * (i - first) * (i - first) }
        let (low, high) = (min(first, second), max(first, second))
        guard high - low > h.count / 16 else { return nil }
        var valley = high - 1, valleyScore = -1
        for i in stride(from: high - 1, to: low, by: -1) {
            let score = (i - low) * (i - low) * (high - i) * (most - h[i])
            if score > valleyScore { valley = i; valleyScore = score }
        }
        return valley << 3
    }

    /// The unchecked threshold against the checked one, on histograms of short and very long lines (counts up to 2^31 − 1),
    /// with ties between peaks and between valley scores.
    @Test func theThresholdMatchesItsDefinition() {
        var random = SeededGenerator(seed: 32)
        for trial in 0..<5_000 {
            let top = [3, 40, 2_000, 1 << 20, Int(Int32.max)][trial % 5]
            var h = (0..<HistogramLineThreshold.buckets).map { _ in Int.random(in: 0...top, using: &random) }
            if trial % 3 == 0 { for i in h.indices where Int.random(in: 0...2, using: &random) > 0 { h[i] = 0 } }
            if trial % 7 == 0 { h[Int.random(in: 0..<h.count, using: &random)] = h.max()! }
            let counts = h.map { Int32($0) }
            #expect(counts.withUnsafeBufferPointer { HistogramLineThreshold.threshold($0) } == Self.thresholdByDefinition(h), "\(h)")
        }
    }

    /// Second peaks whose scores differ by one above 2^24, where single precision holds every other whole number only:
    /// the higher score, the later bucket, is the second peak (a rounded product would tie them, and the first of the
    /// tied, nearer the first peak, would move the valley). Counts this large are scored in whole numbers.
    @Test func secondPeaksOneApartAbove224AreToldApart() {
        let near = 2_097_159, far = (9 * near + 1) / 16
        var h = [Int](repeating: 0, count: HistogramLineThreshold.buckets)
        h[0] = 1 << 22
        h[2] = (1 << 22) - 1
        h[3] = near
        h[4] = far
        let expected = Self.thresholdByDefinition(h)
        #expect(expected == 24)
        #expect(h.map { Int32($0) }.withUnsafeBufferPointer { HistogramLineThreshold.threshold($0) } == expected)
    }

    /// The transposed copy the histogram look reads columns from (`ByteTranspose`) holds each pixel column as a row, for sizes that fill whole blocks of 8 and sizes that do not,
    /// rows wider than the image; and a column read from it gives the runs gathered down the column gives.
    @Test func columnsAreTransposedIntoRows() {
        var random = SeededGenerator(seed: 88)
        for (width, height, stride) in [(1, 1, 1), (8, 8, 8), (9, 17, 12), (16, 8, 16), (24, 40, 31), (240, 240, 240), (61, 35, 64), (7, 9, 7)] {
            let pixels = (0..<(stride * height)).map { _ in UInt8.random(in: 0...255, using: &random) }
            var out = [UInt8](repeating: 0, count: width * height)
            pixels.withUnsafeBufferPointer { p in
                out.withUnsafeMutableBufferPointer { ByteTranspose.transpose(p.baseAddress!, sourceStride: stride, width: width, height: height, into: $0.baseAddress!, targetStride: height) }
            }
            for x in 0..<width {
                for y in 0..<height { #expect(out[x * height + y] == pixels[y * stride + x], "\(width)×\(height) at \(x), \(y)") }
            }
        }
        // Bars across a column: the runs from the copy's row are those gathered down the column.
        let (width, height) = (13, 90)
        let pixels = (0..<(width * height)).map { i in UInt8((i / width) % 7 < 3 ? 40 : 210) &+ UInt8(i % 5) }
        var out = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { ByteTranspose.transpose(p.baseAddress!, sourceStride: width, width: width, height: height, into: $0.baseAddress!, targetStride: height) }
        }
        let reader = HistogramLineThreshold(longestLine: height)
        for x in 0..<width {
            let gathered = pixels.withUnsafeBufferPointer { reader.runs($0.baseAddress! + x, count: height, step: width, minimumRuns: 2) }
            let copied = out.withUnsafeBufferPointer { reader.runs($0.baseAddress! + x * height, count: height, step: 1, minimumRuns: 2) }
            #expect(gathered != nil)
            #expect(gathered?.widths == copied?.widths && gathered?.starts == copied?.starts)
        }
    }

    @Test func theThresholdLiesInTheValleyBetweenBarsAndSpaces() throws {
        // Bars about 40, spaces about 200, in equal numbers: the threshold falls between them, nearer the light peak.
        let values: [UInt8] = (0..<200).map { (i: Int) -> UInt8 in
            let wobble = UInt8(i % 8)
            return i % 2 == 0 ? 36 + wobble : 196 + wobble
        }
        let t = try #require(Self.threshold(values))
        #expect(t > 48 && t < 196, "threshold \(t)")
        #expect(t > (40 + 200) / 2 - 8, "the valley's score favours the light side: \(t)")
    }

    @Test func aLineOfOneColourHasNoThreshold() {
        #expect(Self.threshold([UInt8](repeating: 128, count: 300)) == nil)
        // Noise of a few levels around one colour: peaks a bucket or two apart.
        #expect(Self.threshold((0..<300).map { UInt8(120 + $0 % 12) }) == nil)
        #expect(Self.runs([UInt8](repeating: 200, count: 100)) == nil)
    }

    @Test func aShallowSpaceBetweenTwoBlurredBarsIsSplitBySharpening() throws {
        // Quiet zone, a bar 4 px, a narrow space that blur left as a bump to 150 (below any midpoint of 40 and 220),
        // another bar, quiet zone. Unsharpened, 150 is below the histogram threshold; sharpened, 4·150 − 60 − 60 = 480,
        // over twice any threshold under 240.
        let line: [UInt8] = [UInt8](repeating: 220, count: 20) + [40, 40, 40, 60] + [150] + [60, 40, 40, 40] + [UInt8](repeating: 220, count: 20)
        let row = try #require(Self.runs(line))
        #expect(row.widths == [20, 4, 1, 4, 20], "light, bar, the narrow space, bar, light")
        #expect(row.starts == [0, 20, 24, 25, 29])
        #expect(row.total == Double(line.count))
    }

    @Test func darkEndsGetALightRunOfNoWidthAndColumnsReadWithTheirStride() throws {
        let line: [UInt8] = [30, 30, 30, 220, 220, 220, 220, 30, 30]
        let row = try #require(Self.runs(line))
        #expect(row.widths == [0, 3, 4, 2, 0])
        #expect(row.starts == [0, 0, 3, 7, 9])
        // The same line as a column of a two-pixel-wide image: every second byte, the others noise.
        let interleaved: [UInt8] = line.flatMap { (v: UInt8) -> [UInt8] in [v, 128] }
        let column = try #require(Self.runs(interleaved, step: 2))
        #expect(column.widths == row.widths && column.starts == row.starts)
    }

    /// The runs by the definition, one pixel at a time: what `runs` computes sixteen pixels at a time.
    static func runsByDefinition(_ line: [UInt8]) -> RunRow? {
        guard let t = threshold(line) else { return nil }
        let n = line.count
        var dark: [Bool] = []
        for i in 0..<n {
            let v = Int(line[i])
            if i == 0 || i == n - 1 {
                dark.append(v < t)
            } else {
                let sharpened: Int = 4 * v - Int(line[i - 1]) - Int(line[i + 1])
                dark.append(sharpened < 2 * t)
            }
        }
        return runs(ofDark: dark)
    }

    /// The byte test of a sharpened pixel against every threshold a histogram gives (multiples of 8 up to 248) and every
    /// value and pair of neighbours (the test reads the neighbours only through their sum's rounding average).
    @Test func theByteDarknessTestIsTheSharpenedComparison() {
        var wrong = 0
        for valley in 1..<HistogramLineThreshold.buckets {
            let threshold = valley << 3
            for sum in 0...510 {
                let left = min(sum, 255), right = sum - left
                for value in 0...255 {
                    let dark = HistogramLineThreshold.darkens(UInt8(value), between: UInt8(left), and: UInt8(right),
                                                              halfLevel: UInt8(threshold / 2))
                    if dark != (4 * value - left - right < 2 * threshold) { wrong += 1 }
                }
            }
        }
        #expect(wrong == 0)
    }

    @Test func runsMatchTheirDefinitionOnSeededLinesOfEveryLength() throws {
        var random = SeededGenerator(seed: 7)
        for count in [3, 4, 15, 16, 17, 18, 19, 33, 34, 35, 100, 257] {
            for trial in 0..<20 {
                // Bars and spaces of random widths with noise, and now and then pure noise.
                var line: [UInt8] = []
                var light = Bool.random(using: &random)
                while line.count < count {
                    let width = Int.random(in: 1...5, using: &random)
                    let level: Int = trial % 5 == 4 ? Int.random(in: 0...255, using: &random) : (light ? 200 : 50)
                    for _ in 0..<width {
                        let noise = Int.random(in: -30...30, using: &random)
                        line.append(UInt8(clamping: level + noise))
                    }
                    light.toggle()
                }
                line = Array(line.prefix(count))
                let expected = Self.runsByDefinition(line)
                let row = Self.runs(line)
                #expect(row?.widths == expected?.widths && row?.starts == expected?.starts, "length \(count), trial \(trial)")
                // The same line as a column (every third byte).
                let column = Self.runs(line.flatMap { (v: UInt8) -> [UInt8] in [v, 0, 255] }, step: 3)
                #expect(column?.widths == expected?.widths && column?.starts == expected?.starts, "column, length \(count), trial \(trial)")
            }
        }
    }

    /// The runs at a reach over 1 by the definition: each value less the mean of the values `reach` away either side
    /// (the ends, within `reach` of either end, as they are), its histogram clamped to 0 ... 255, dark under the threshold.
    static func wideRunsByDefinition(_ line: [UInt8], reach: Int) -> RunRow? {
        let n = line.count
        let sharpened: [Double] = (0..<n).map { i in
            let v = Double(line[i])
            guard i >= reach && i < n - reach else { return v }
            return 2 * v - (Double(line[i - reach]) + Double(line[i + reach])) / 2
        }
        var h = [Int32](repeating: 0, count: HistogramLineThreshold.buckets)
        for s in sharpened { h[Int(min(max(s, 0), 255.5)) >> 3] += 1 }
        guard let t = h.withUnsafeBufferPointer({ HistogramLineThreshold.threshold($0) }) else { return nil }
        return runs(ofDark: sharpened.map { $0 < Double(t) })
    }

    /// The runs of a line whose pixels are dark where `dark` says: light first and last, a dark end given a light run
    /// of no width.
    static func runs(ofDark dark: [Bool]) -> RunRow {
        let n = dark.count
        var widths: [Double] = [], starts: [Double] = []
        if dark[0] { widths.append(0); starts.append(0) }
        var start = 0
        for i in 1..<n where dark[i] != dark[i - 1] {
            widths.append(Double(i - start)); starts.append(Double(start)); start = i
        }
        widths.append(Double(n - start)); starts.append(Double(start))
        if dark[n - 1] { widths.append(0); starts.append(Double(n)) }
        return RunRow(widths: widths, starts: starts)
    }

    @Test func wideRunsMatchTheirDefinitionOnSeededLines() throws {
        var random = SeededGenerator(seed: 11)
        for reach in [2, 3, 4] {
            for count in [2 * reach + 1, 16, 17, 33, 100, 257] {
                for trial in 0..<20 {
                    // Bars and spaces of random widths, blurred (each value the mean of three), with noise.
                    var line: [Int] = []
                    var light = Bool.random(using: &random)
                    while line.count < count + 2 {
                        let width = Int.random(in: 1...8, using: &random)
                        line += Array(repeating: light ? 200 : 50, count: width)
                        light.toggle()
                    }
                    let blurred: [UInt8] = (1...count).map { i in
                        let noise = trial % 4 == 3 ? Int.random(in: -60...60, using: &random) : Int.random(in: -8...8, using: &random)
                        return UInt8(clamping: (line[i - 1] + line[i] + line[i + 1]) / 3 + noise)
                    }
                    let expected = Self.wideRunsByDefinition(blurred, reach: reach)
                    let row = Self.runs(blurred, reach: reach)
                    #expect(row?.widths == expected?.widths && row?.starts == expected?.starts, "reach \(reach), length \(count), trial \(trial)")
                    let column = Self.runs(blurred.flatMap { (v: UInt8) -> [UInt8] in [v, 255] }, step: 2, reach: reach)
                    #expect(column?.widths == expected?.widths && column?.starts == expected?.starts, "column, reach \(reach), length \(count)")
                }
            }
        }
    }

    @Test func aNarrowSpaceBlurredAcrossThreePixelsIsSplitOnlyAtTheWideReach() throws {
        // Bars 9 px, a 3-px space between them blurred to a bump of 120 (bars 40, spaces 220): sharpened against the
        // pixels beside it, the bump stays under the threshold; against those three away (the bars' middles), it clears it.
        let bump: [UInt8] = [60, 90, 120, 90, 60]
        let line: [UInt8] = [UInt8](repeating: 220, count: 30) + [UInt8](repeating: 40, count: 8) + bump + [UInt8](repeating: 40, count: 8)
            + [UInt8](repeating: 220, count: 30)
        let plain = try #require(Self.runs(line))
        #expect(plain.widths.count == 3, "one dark run at reach 1: \(plain.widths)")
        let wide = try #require(Self.runs(line, reach: 3))
        #expect(wide.widths.count == 5, "bar, space, bar at reach 3: \(wide.widths)")
    }

    @Test func colourChangesCountEveryByteThatDiffersFromTheOneBefore() {
        var random = SeededGenerator(seed: 23)
        // Lengths around the word and the vector of 16, and around the 255 words or vectors after which the bytewise sums
        // are added up; all changing (every byte a change: a sum of 255 in every byte of the word) and at random.
        for count in [1, 2, 8, 9, 10, 16, 17, 18, 25, 33, 255 * 8, 255 * 8 + 1, 255 * 8 + 2, 255 * 8 + 9, 3 * 255 * 8 + 5,
                      255 * 16, 255 * 16 + 1, 255 * 16 + 2, 255 * 16 + 17, 256 * 16 + 1, 2 * 255 * 16 + 9, 5000] {
            for pattern in 0..<3 {
                let dark: [UInt8] = (0..<count).map { i in
                    pattern == 0 ? UInt8(i % 2) : pattern == 1 ? UInt8(Int.random(in: 0...1, using: &random)) : (i / 3) % 2 == 0 ? 1 : 0
                }
                let expected = (1..<max(1, count)).filter { dark[$0] != dark[$0 - 1] }.count
                let counted = dark.withUnsafeBufferPointer { BitMatrix.colourChanges(in: $0.baseAddress!, count: count) }
                #expect(counted == expected, "length \(count), pattern \(pattern)")
            }
        }
    }

    @Test func aLineIsReturnedExactlyWhenItHasTheRunsAsked() throws {
        // The changes are counted before their places are found: at the fewest runs asked, one more and one less, a line
        // is returned as its definition gives it, or not at all. Lines longer than 255 words of eight pixels too.
        var random = SeededGenerator(seed: 29)
        for count in [17, 100, 257, 2100, 4200] {
            for trial in 0..<6 {
                var line: [UInt8] = []
                var light = Bool.random(using: &random)
                while line.count < count {
                    let width = Int.random(in: 1...(trial % 2 == 0 ? 3 : 9), using: &random)
                    for _ in 0..<width { line.append(UInt8(clamping: (light ? 200 : 50) + Int.random(in: -30...30, using: &random))) }
                    light.toggle()
                }
                line = Array(line.prefix(count))
                let expected = try #require(Self.runsByDefinition(line))
                let runs = expected.widths.count
                for minimumRuns in [runs - 1, runs, runs + 1] {
                    let row = Self.runs(line, minimumRuns: minimumRuns)
                    if minimumRuns <= runs {
                        #expect(row?.widths == expected.widths && row?.starts == expected.starts, "length \(count), at least \(minimumRuns)")
                    } else {
                        #expect(row == nil, "length \(count): \(runs) runs, at least \(minimumRuns) asked")
                    }
                }
            }
        }
    }

    /// The runs are counted past a line's last pixel up to a whole word (the last colour repeated there): one reader's
    /// lines of every length from 9 to 40 pixels, each after a longer line that changes colour at every pixel, ending
    /// dark and light, are returned at their own runs and not at one more, whatever the longer line left behind them.
    @Test func whatFollowsALineInItsReaderChangesNoCount() throws {
        let reader = HistogramLineThreshold(longestLine: 64)
        let striped = (0..<64).map { (i: Int) -> UInt8 in i % 2 == 0 ? 40 : 210 }
        func runs(_ line: [UInt8], _ minimumRuns: Int) -> RunRow? {
            _ = striped.withUnsafeBufferPointer { reader.runs($0.baseAddress!, count: striped.count, step: 1, minimumRuns: 1) }
            return line.withUnsafeBufferPointer { reader.runs($0.baseAddress!, count: line.count, step: 1, minimumRuns: minimumRuns) }
        }
        for count in 9...40 {
            for endsDark in [false, true] {
                // Bars and spaces three pixels wide, the last one dark or light.
                let line = (0..<count).map { (i: Int) -> UInt8 in ((count - 1 - i) / 3 % 2 == 0) == endsDark ? 40 : 210 }
                let expected = try #require(Self.runsByDefinition(line))
                let row = runs(line, expected.widths.count)
                #expect(row?.widths == expected.widths && row?.starts == expected.starts, "length \(count), dark end \(endsDark)")
                #expect(runs(line, expected.widths.count + 1) == nil, "length \(count), dark end \(endsDark)")
            }
        }
    }

    /// One reader reads line after line (lengths, levels and both reaches in turn), each as its definition gives it on its
    /// own: nothing a line counts is left in the histograms for the next.
    @Test func aReaderReadsEachLineAsItWouldAlone() throws {
        var random = SeededGenerator(seed: 41)
        let reader = HistogramLineThreshold(longestLine: 300)
        for trial in 0..<80 {
            let count = Int.random(in: 20...300, using: &random)
            let dark = Int.random(in: 0...110, using: &random), light = Int.random(in: 140...255, using: &random)
            var line: [UInt8] = []
            var isLight = Bool.random(using: &random)
            while line.count < count {
                let width = Int.random(in: 1...6, using: &random)
                for _ in 0..<width { line.append(UInt8(clamping: (isLight ? light : dark) + Int.random(in: -20...20, using: &random))) }
                isLight.toggle()
            }
            line = Array(line.prefix(count))
            let reach = trial % 3 == 2 ? 3 : 1
            let expected = reach == 1 ? Self.runsByDefinition(line) : Self.wideRunsByDefinition(line, reach: reach)
            let row = line.withUnsafeBufferPointer { reader.runs($0.baseAddress!, count: count, step: 1, minimumRuns: 1, reach: reach) }
            #expect(row?.widths == expected?.widths && row?.starts == expected?.starts, "trial \(trial), length \(count), reach \(reach)")
        }
    }

    /// The rows share the reader's kept arrays until the next line: rows held while later lines are read (longer and
    /// shorter ones, some returning nil) keep their own runs, each as its definition gives it.
    @Test func rowsHeldWhileLaterLinesAreReadKeepTheirRuns() throws {
        var random = SeededGenerator(seed: 40)
        let reader = HistogramLineThreshold(longestLine: 300)
        var held: [(row: RunRow, expected: RunRow)] = []
        for trial in 0..<60 {
            let count = Int.random(in: 20...300, using: &random)
            var line: [UInt8] = []
            var isLight = Bool.random(using: &random)
            while line.count < count {
                let width = Int.random(in: 1...8, using: &random)
                for _ in 0..<width { line.append(UInt8(clamping: (isLight ? 210 : 40) + Int.random(in: -25...25, using: &random))) }
                isLight.toggle()
            }
            line = Array(line.prefix(count))
            let row = line.withUnsafeBufferPointer { reader.runs($0.baseAddress!, count: count, step: 1, minimumRuns: 1) }
            let expected = Self.runsByDefinition(line)
            #expect(row?.widths == expected?.widths && row?.starts == expected?.starts, "trial \(trial), length \(count)")
            // Every other row held to the end.
            if trial % 2 == 0, let row, let expected { held.append((row, expected)) }
        }
        #expect(held.count >= 25)
        for (k, h) in held.enumerated() {
            #expect(h.row.widths == h.expected.widths && h.row.starts == h.expected.starts, "held row \(k)")
        }
    }

    /// A line's counts are what it added to the lanes' sums (`lineCounts`), also where those sums pass 2³¹ and wrap past
    /// 2³² (a reader left reading for long enough: the lanes are never emptied).
    @Test func aLinesCountsAreWhatItAddedToTheLanesEvenWhereTheSumsWrap() {
        var random = SeededGenerator(seed: 53)
        let buckets = HistogramLineThreshold.buckets, lanes = HistogramLineThreshold.lanes
        let starts: [Int32] = [0, .max - 40, -41, .min, 12_345]
        for start in starts {
            // Every lane and bucket starts from one count, the totals their sums, as a reader's lines leave them.
            var h: [Int32] = (0..<(lanes * buckets)).map { _ in start &+ Int32.random(in: 0...50, using: &random) }
            func sum(_ counts: [Int32], _ b: Int) -> Int32 {
                var total: Int32 = 0
                for lane in 0..<lanes { total &+= counts[lane * buckets + b] }
                return total
            }
            var totals: [Int32] = (0..<buckets).map { sum(h, $0) }
            for _ in 0..<4 {
                let added: [Int32] = (0..<(lanes * buckets)).map { _ in Int32.random(in: 0...90, using: &random) }
                for i in h.indices { h[i] &+= added[i] }
                let expected: [Int32] = (0..<buckets).map { sum(added, $0) }
                var counts = [Int32](repeating: -1, count: buckets)
                h.withUnsafeBufferPointer { lanesCounts in
                    totals.withUnsafeMutableBufferPointer { totals in
                        counts.withUnsafeMutableBufferPointer {
                            HistogramLineThreshold.lineCounts(lanes: lanesCounts.baseAddress!, totals: totals.baseAddress!, into: $0.baseAddress!)
                        }
                    }
                }
                #expect(counts == expected, "from \(start)")
            }
        }
    }

    @Test func aLineWithTooFewRunsForAnySymbolIsNotReturned() {
        let line: [UInt8] = [UInt8](repeating: 220, count: 10) + [UInt8](repeating: 30, count: 10) + [UInt8](repeating: 220, count: 10)
        #expect(Self.runs(line, minimumRuns: 3) != nil)
        #expect(Self.runs(line, minimumRuns: 4) == nil)
    }
}
