/// One threshold for a whole pixel line, from the valley of its brightness histogram, with the line sharpened first.
///
/// The last second look of the linear reader, for symbols blurred along their lines: where a narrow space between two
/// bars is blurred to a shallow bump that never rises to the midpoint of its neighbours' extremes (the gray lines'
/// threshold) nor above a local mean (the binarized rows'), it still rises above the line's one threshold once each
/// value has its neighbours' excess taken off (twice itself less the mean of its neighbours: the bump's height doubles,
/// a flat stretch keeps its value). The threshold is where the line's histogram is emptiest between its two strongest
/// peaks (bars and spaces), a global-histogram method as readers use it for rows; a line with one colour only — no
/// second peak a sixteenth of the range away — has none and is not read.
final class HistogramLineThreshold {
    /// Brightness buckets of the histogram (8 levels each).
    static let buckets = 32

    /// The lines' histograms (`lanes` of them, pixels taken in turn, then summed: consecutive pixels of a smooth line
    /// fall into the same bucket, and one histogram made each count wait for the one before it through memory — two
    /// thirds of this look's time), where its colour changes (index of the first pixel of each new run), a column's
    /// pixels gathered side by side, and which pixels are dark; reused line to line. The histograms are never emptied:
    /// each line counts on top of the lines before it, and its own counts are what it added (`lineCounts`).
    private let histogram: UnsafeMutableBufferPointer<Int32>
    /// The lanes' sums, bucket by bucket, after the last line counted (`lineCounts`).
    private let totals: UnsafeMutableBufferPointer<Int32>
    /// The last line's own counts, bucket by bucket.
    private let counts: UnsafeMutableBufferPointer<Int32>
    /// How many histograms a line is counted into. With four, a bucket counted at pixel i waited at pixel i + 4 for that
    /// count to pass through memory, and the counting was still half of `runs`' time on a frame nothing reads; eight
    /// (about a kilobyte of counts) took 5 % off the clock of such a frame (`ean13-1/36`, EAN-13 only).
    static let lanes = 8
    private let changes: UnsafeMutableBufferPointer<Int32>
    private let gathered: UnsafeMutableBufferPointer<UInt8>
    /// Each value's histogram bucket, worked out for a whole line in one plain loop the compiler vectorizes (16 values a
    /// step) before they are counted: counted straight from the line, each count's shift (and, past the fourth lane, a
    /// mask the compiler added) made four instructions a pixel of the histogram look's counting, two now.
    private let bucketOf: UnsafeMutableBufferPointer<UInt8>
    /// A line's pixels as 1 (dark) or 0 (light) after sharpening, and room for eight more (`runs(ofDarkness:minimumRuns:)`).
    private let darkness: UnsafeMutableBufferPointer<UInt8>
    /// Twice a line's sharpened values at a reach over 1 (`wideRuns`).
    private let twice: UnsafeMutableBufferPointer<Int16>
    /// A line's run widths and starts as they are worked out, then copied into the row's arrays
    /// (`runs(ofDarkness:minimumRuns:)`): room for a line of `longestLine` pixels, whose runs are at most one a pixel
    /// and a light run of no width at either end.
    private let runWidths: UnsafeMutablePointer<Double>, runStarts: UnsafeMutablePointer<Double>
    /// The arrays a line's runs are copied into, their storage kept from line to line: a row returned shares them until
    /// the next line (a row still held then keeps its own values, the next line's copied into new storage). Read and
    /// written without the runtime's exclusivity checks: only `runs(ofDarkness:minimumRuns:)` touches them, one call at
    /// a time on the reader's own thread.
    @exclusivity(unchecked) private var keptWidths: [Double] = [], keptStarts: [Double] = []

    /// Room for lines of up to `longestLine` pixels.
    init(longestLine: Int) {
        histogram = .allocate(capacity: Self.lanes * Self.buckets)
        histogram.initialize(repeating: 0)
        totals = .allocate(capacity: Self.buckets)
        totals.initialize(repeating: 0)
        counts = .allocate(capacity: Self.buckets)
        counts.initialize(repeating: 0)
        // Eight more than a line can change colour: the changes of a word of eight pixels are written eight at a time.
        changes = .allocate(capacity: max(longestLine, 1) + 8)
        gathered = .allocate(capacity: max(longestLine, 1))
        darkness = .allocate(capacity: max(longestLine, 1) + 8)
        bucketOf = .allocate(capacity: max(longestLine, 1))
        twice = .allocate(capacity: max(longestLine, 1))
        runWidths = .allocate(capacity: max(longestLine, 1) + 2)
        runStarts = .allocate(capacity: max(longestLine, 1) + 2)
    }

    deinit {
        histogram.deallocate()
        totals.deallocate()
        counts.deallocate()
        changes.deallocate()
        gathered.deallocate()
        darkness.deallocate()
        bucketOf.deallocate()
        twice.deallocate()
        runWidths.deallocate()
        runStarts.deallocate()
    }

    /// The largest count whose score as the second peak (times a squared distance under 32²) `threshold` works out in
    /// 32-bit lanes: 2^31 / 31² less a little, any line up to two million pixels.
    static let mostForLanes: Int32 = 2_000_000

    /// The largest count whose score as the second peak (times a squared distance under 32²) `threshold` works out in
    /// single-precision lanes: every whole number up to 2^24 is a `Float`, so a count of at most 2^24 / 31² and its
    /// score convert and multiply exactly, any line up to 17 458 pixels.
    static let mostForFloats: Int32 = 17_458

    /// The threshold of a line whose histogram is `histogram` (`buckets` counts), in brightness 0–255; nil when the line
    /// does not show two colours.
    ///
    /// Its arithmetic is unchecked: a bucket holds at most a line's pixels (under 2^31), a distance between buckets is
    /// under 32, so the second peak's score is under 2^41 and the valley's under 2^46, far inside an `Int` (the checks
    /// were two of each score's products' instructions, at every bucket of every line).
    static func threshold(_ histogram: UnsafeBufferPointer<Int32>) -> Int? {
        let h = histogram.baseAddress!, buckets = Self.buckets
        // The strongest peak (the first bucket that holds the most), and the second one as the bucket that is both well
        // filled and far from it (the first of the highest scores, where any is above 0).
        let raw = UnsafeRawPointer(h)
        func four(_ k: Int) -> SIMD4<Int32> { raw.loadUnaligned(fromByteOffset: 16 &* k, as: SIMD4<Int32>.self) }
        var tops = four(0)
        for k in 1..<(buckets / 4) { tops = pointwiseMax(tops, four(k)) }
        let most = tops.max()
        // The first bucket found four at a time (`firstOfFour`): one at a time, a tenth of this function's instructions.
        var first = Self.firstOfFour(equalTo: most) { four($0) }
        while h[first] != most { first &+= 1 }
        var second = first, secondScore = 0
        if most <= Self.mostForFloats {
            // Four buckets at a time as single-precision numbers, each score exact (`mostForFloats`): multiplying and
            // keeping the larger are an instruction each, where 32-bit whole lanes took seven and four on the baseline
            // x86-64 (two fifths of this function's instructions on a 240-pixel line).
            withUnsafeTemporaryAllocation(of: SIMD4<Float>.self, capacity: buckets / 4) { scores in
                var distance = SIMD4<Float>(0, 1, 2, 3) - Float(first)
                var best = SIMD4<Float>()
                for k in 0..<(buckets / 4) {
                    let score = SIMD4<Float>(four(k)) * (distance * distance)
                    distance += 4
                    scores[k] = score
                    best = best.replacing(with: score, where: score .> best)
                }
                let highest = Self.largest(best)
                guard highest > 0 else { return }
                let each = UnsafeRawPointer(scores.baseAddress!).assumingMemoryBound(to: Float.self)
                var i = Self.firstOfFour(equalTo: highest) { scores[$0] }
                while each[i] != highest { i &+= 1 }
                second = i
                secondScore = Int(highest)
            }
        } else if most <= Self.mostForLanes {
            // Four buckets at a time in 32-bit lanes (a count of at most `mostForLanes` times a squared distance under
            // 32² is under 2^31), the scores kept to find the first of the highest: the plain loop's 64-bit products
            // and its branch were two fifths of this function's instructions.
            withUnsafeTemporaryAllocation(of: SIMD4<Int32>.self, capacity: buckets / 4) { scores in
                // The distances and their squares go on four buckets a step: (d + 4)² = d² + 8d + 16.
                var distance = SIMD4<Int32>(0, 1, 2, 3) &- Int32(truncatingIfNeeded: first)
                var squared = distance &* distance
                var best = SIMD4<Int32>()
                for k in 0..<(buckets / 4) {
                    let score = four(k) &* squared
                    squared &+= distance &<< 3 &+ 16
                    distance &+= 4
                    scores[k] = score
                    best = pointwiseMax(best, score)
                }
                let highest = best.max()
                guard highest > 0 else { return }
                let each = UnsafeRawPointer(scores.baseAddress!).assumingMemoryBound(to: Int32.self)
                var i = Self.firstOfFour(equalTo: highest) { scores[$0] }
                while each[i] != highest { i &+= 1 }
                second = i
                secondScore = Int(highest)
            }
        } else {
            for i in 0..<buckets {
                let distance = i &- first
                let score = Int(h[i]) &* (distance &* distance)
                if score > secondScore {
                    second = i
                    secondScore = score
                }
            }
        }
        let (low, high) = first < second ? (first, second) : (second, first)
        // Peaks closer than a sixteenth of the range are one colour with noise.
        guard high &- low > buckets / 16 else { return nil }
        // The valley: far from the dark peak (a threshold nearer the light side keeps narrow, shallow spaces dark
        // less often than it keeps blurred bars light), near the light one, and little filled.
        var valley = high &- 1, valleyScore = -1
        var i = high &- 1
        while i > low {
            let fromLow = i &- low
            let score = (fromLow &* fromLow &* (high &- i)) &* Int(most &- h[i])
            if score > valleyScore {
                valley = i
                valleyScore = score
            }
            i &-= 1
        }
        return valley << 3
    }

    /// The largest lane of `values`, in a call of its own. Inlined (as `SIMD4.max()` was or was not, as the module's other
    /// code changed), it turned the second peak's loop into one the compiler no longer unrolled, each step's vectors
    /// split in halves and shuffled back: over a hundred instructions more a line, 0.1 M a decode of `upca-5/29` (UPC-A).
    @inline(never)
    static func largest(_ values: SIMD4<Float>) -> Float { values.max() }

    /// The first bucket of the first four `fours(k)` (buckets 4k ..< 4k + 4) that holds `value`, one of the buckets'
    /// values: the first of them that holds it is at or after the bucket returned. Each four is tested in one comparison
    /// of four lanes. (Written for each lane type: a generic comparison built its mask a lane at a time.)
    @inline(__always)
    static func firstOfFour(equalTo value: Int32, _ fours: (Int) -> SIMD4<Int32>) -> Int {
        let wanted = SIMD4<Int32>(repeating: value)
        var k = 0
        while !any(fours(k) .== wanted) { k &+= 1 }
        return k &* 4
    }

    /// `firstOfFour` for scores in single precision.
    @inline(__always)
    static func firstOfFour(equalTo value: Float, _ fours: (Int) -> SIMD4<Float>) -> Int {
        let wanted = SIMD4<Float>(repeating: value)
        var k = 0
        while !any(fours(k) .== wanted) { k &+= 1 }
        return k &* 4
    }

    /// The runs of `count` values read from `values` every `step` elements (a row: 1, a column: the stride), each value
    /// sharpened against its two neighbours and compared with the line's histogram threshold; light first and last
    /// (a dark end gets a light run of no width), as the other looks give them. Nil when the line shows one colour only
    /// or changes colour fewer than `minimumRuns` − 1 times (too few runs for any symbol searched).
    func runs(_ values: UnsafePointer<UInt8>, count: Int, step: Int, minimumRuns: Int, reach: Int = 1) -> RunRow? {
        guard count >= 2 * reach + 1, count <= changes.count else { return nil }
        // A column is gathered into a row first, so the histogram and the comparison below read it side by side.
        let line: UnsafePointer<UInt8>
        if step == 1 {
            line = values
        } else {
            var p = values
            for i in 0..<count {
                gathered[i] = p.pointee
                p += step
            }
            line = UnsafePointer(gathered.baseAddress!)
        }
        if reach > 1 { return wideRuns(line, count: count, reach: reach, minimumRuns: minimumRuns) }
        let bucket = bucketOf.baseAddress!
        for i in 0..<count { bucket[i] = line[i] >> 3 }
        guard let threshold = countedThreshold(count) else { return nil }
        // dark(i) ⇔ (4·v − left − right) / 2 < threshold, tested on bytes (`darkens`): a byte a pixel, 1 for dark, in one
        // plain loop the compiler vectorizes, 16 pixels a step in two rounding averages and a comparison, where the same
        // test in 16-bit lanes (4·v − left − right < 2·threshold) took 29 instructions a step; the pixels past the last
        // whole step are done as the last 16 in one step more, which does some of them again (to the same bytes), where
        // the compiler's loop took them one at a time (a sixth of the loop's on a 432-pixel row); then a change wherever a
        // byte differs from the one before, eight bytes at a time. The ends have one neighbour and keep their value.
        // Thresholds are multiples of 8 up to 248 (`threshold(_:)`).
        let halfLevel = UInt8(threshold / 2)
        let startsDark = Int(line[0]) < threshold
        let dark = darkness.baseAddress!
        dark[0] = startsDark ? 1 : 0
        let interior = count &- 2, whole = interior & ~15
        for i in 1..<(1 &+ whole) {
            dark[i] = Self.darkens(line[i], between: line[i &- 1], and: line[i &+ 1], halfLevel: halfLevel) ? 1 : 0
        }
        if whole < interior {
            let from = interior >= 16 ? count &- 17 : 1 &+ whole
            if interior >= 16 {
                for j in 0..<16 {
                    let i = from &+ j
                    dark[i] = Self.darkens(line[i], between: line[i &- 1], and: line[i &+ 1], halfLevel: halfLevel) ? 1 : 0
                }
            } else {
                for i in from..<(count &- 1) {
                    dark[i] = Self.darkens(line[i], between: line[i &- 1], and: line[i &+ 1], halfLevel: halfLevel) ? 1 : 0
                }
            }
        }
        dark[count - 1] = Int(line[count - 1]) < threshold ? 1 : 0
        return runs(ofDarkness: count, minimumRuns: minimumRuns)
    }

    /// Whether a pixel `value` between `left` and `right` is dark once sharpened at a threshold of twice `halfLevel`:
    /// whether (4·value − left − right) / 2 < 2·halfLevel, on bytes alone (`halfLevel` at most 127).
    ///
    /// With a = ⌈(left + right) / 2⌉ (a rounding average of two bytes), left + right is 2a or 2a − 1, and as 4·value − 2a
    /// is even, 4·value − left − right < 4·halfLevel holds in either case exactly where 2·value − a < 2·halfLevel, that
    /// is value − halfLevel < a / 2, or (value − halfLevel being whole) value < halfLevel + ⌈a / 2⌉, at most 127 + 128.
    /// Every term is a byte, so sixteen pixels go in a vector register, where the 16-bit sums took eight.
    @inline(__always)
    static func darkens(_ value: UInt8, between left: UInt8, and right: UInt8, halfLevel: UInt8) -> Bool {
        let around = UInt8(truncatingIfNeeded: (UInt16(left) &+ UInt16(right) &+ 1) &>> 1)
        return value < UInt8(truncatingIfNeeded: (UInt16(around) &+ 1) &>> 1) &+ halfLevel
    }

    /// The threshold of the line whose first `count` values' buckets `bucketOf` holds: they are counted into the lanes'
    /// histograms in turn, the line's own counts taken from the lanes' sums (`lineCounts`), and their threshold found.
    ///
    /// A pixel counted here is a byte loaded and a count added to in memory, and the lanes keep those from waiting on one
    /// another: cheaper than it looks. Lines spanning at most 16 buckets (half of `upce-3/06`'s 480) counted instead by
    /// comparisons, each bucket of the line's range matched sixteen pixels at a time in byte lanes and summed, took more
    /// (`upce-3/06` 2.880 → 3.187 M instructions, best of 400 0.190 → 0.207 ms): about three instructions per bucket and
    /// sixteen pixels, and a bucket's sum, against two a pixel here. Counts of 16 bits (lines under 2¹⁶ pixels; the lanes'
    /// sums eight to a vector) saved nothing in `lineCounts`, whose sums the compiler then widened four at a time, and
    /// cost more in all (2.880 → 2.897 M).
    private func countedThreshold(_ count: Int) -> Int? {
        let h = histogram.baseAddress!, bucket = bucketOf.baseAddress!, buckets = Self.buckets, lanes = Self.lanes
        var pixel = 0
        // Two rounds of the lanes a step: the loop's own count, test and branch were a sixth of the counting.
        while pixel &+ 2 &* lanes <= count {
            for lane in 0..<lanes { h[lane &* buckets &+ Int(bucket[pixel &+ lane])] &+= 1 }
            for lane in 0..<lanes { h[lane &* buckets &+ Int(bucket[pixel &+ lanes &+ lane])] &+= 1 }
            pixel &+= 2 &* lanes
        }
        while pixel &+ lanes <= count {
            for lane in 0..<lanes { h[lane &* buckets &+ Int(bucket[pixel &+ lane])] &+= 1 }
            pixel &+= lanes
        }
        while pixel < count {
            h[Int(bucket[pixel])] &+= 1
            pixel &+= 1
        }
        Self.lineCounts(lanes: UnsafePointer(h), totals: totals.baseAddress!, into: counts.baseAddress!)
        return Self.threshold(UnsafeBufferPointer(counts))
    }

    /// A line's counts, bucket by bucket, from the `lanes` histograms (`lanes` · `buckets` counts) that it counted into on
    /// top of the lines before it, whose sums `totals` holds: each bucket's sum over the lanes less its total, into
    /// `counts`, and the sum becomes its total. Never emptied, the lanes' sums wrap past 2³², and the difference in
    /// wrapping arithmetic is the line's count all the same (under 2³¹).
    ///
    /// Emptied as they were summed, the lanes took seven stores of zeros for every vector of sums (224 counts a line),
    /// and cleared by `memset` at the start of each line the counts' reads right after its wide stores made the counting
    /// 2 % slower on the clock: `upce-3/06` (UPC-E, 480 lines a decode) 3.127 → 3.109 M instructions without them, the
    /// clock within its noise.
    @inline(__always)
    static func lineCounts(lanes h: UnsafePointer<Int32>, totals: UnsafeMutablePointer<Int32>, into counts: UnsafeMutablePointer<Int32>) {
        for b in 0..<buckets {
            var sum = h[b]
            for lane in 1..<lanes { sum &+= h[lane &* buckets &+ b] }
            counts[b] = sum &- totals[b]
            totals[b] = sum
        }
    }

    /// `runs` for a `reach` over 1: each value less the mean of the values `reach` pixels either side, for blur wider
    /// than a pixel (`LinearReader.wideSharpenedLines`). The histogram is of the sharpened values, not the line's own: a
    /// wider reach overshoots further on either side of an edge, and the valley between the raw line's peaks no longer
    /// parts them (`ean13-1/36`, blurred over about a module of 3 px, reads at reach 3 only so). The ends, within
    /// `reach` of either end, keep their value.
    private func wideRuns(_ line: UnsafePointer<UInt8>, count: Int, reach: Int, minimumRuns: Int) -> RunRow? {
        // Twice each sharpened value, 4·v − left − right, in Int16 (−510 ... 1020), in one plain loop the compiler
        // vectorizes; the histogram counts it halved and clamped to 0 ... 255, eight levels a bucket.
        let t = twice.baseAddress!
        for i in 0..<reach {
            t[i] = 2 &* Int16(line[i])
            t[count &- 1 &- i] = 2 &* Int16(line[count &- 1 &- i])
        }
        for i in reach..<(count &- reach) {
            t[i] = 4 &* Int16(line[i]) &- Int16(line[i &- reach]) &- Int16(line[i &+ reach])
        }
        let bucket = bucketOf.baseAddress!
        for i in 0..<count { bucket[i] = UInt8(truncatingIfNeeded: min(max(t[i], 0), 511) >> 4) }
        guard let threshold = countedThreshold(count) else { return nil }
        let limit = Int16(2 * threshold)
        let dark = darkness.baseAddress!
        for i in 0..<count { dark[i] = t[i] < limit ? 1 : 0 }
        return runs(ofDarkness: count, minimumRuns: minimumRuns)
    }

    /// The runs of the line whose first `count` pixels `darkness` holds.
    private func runs(ofDarkness count: Int, minimumRuns: Int) -> RunRow? {
        let dark = darkness.baseAddress!
        let startsDark = dark[0] != 0
        let isDark = dark[count - 1] != 0
        // Runs: one more than the changes, plus a light run of no width at a dark end. Counted first, without a branch:
        // nearly every line this look reads has too few (`upca-5/27`, UPC-A: 8 of 480 a decode have enough), and finding
        // each change's place below took a branch on every word that went either way at random.
        //
        // The last pixel's colour is repeated over the next eight bytes, which changes no count, and the bytes counted
        // end with the last whole word from the second: the count's loop for bytes past its last word, a dozen
        // instructions a byte, ran on every line whose pixels less one are not a multiple of eight (seven bytes of
        // each 240-pixel line, a quarter of the count's instructions).
        UnsafeMutableRawPointer(dark + count).storeBytes(of: UInt64(dark[count - 1]) &* 0x0101_0101_0101_0101, as: UInt64.self)
        let counted = 1 &+ (count &+ 6) & ~7
        guard BitMatrix.colourChanges(in: dark, count: counted) + 1 + (startsDark ? 1 : 0) + (isDark ? 1 : 0) >= minimumRuns else { return nil }
        var changeCount = 0
        var i = 1
        let raw = UnsafeRawPointer(dark)
        while i + 8 <= count {
            // Bytes are 0 or 1, so each differing byte sets the lowest bit of its own byte only (little-endian: byte k
            // is bits 8k...8k + 7).
            var changed = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i - 1, as: UInt64.self))
            // A word's changes written four times over, each the next set bit's place (past the last one, a place the
            // count then leaves out), and counted at once: a loop over them ended after a varying number of rounds, a
            // mispredicted exit at most words of a textured line. Four more for a word with more than four changes
            // (runs under two pixels, seldom): eight written at every word cost more than the rest of this look.
            if changed != 0 {
                // Bytes of 0 or 1: their sum is the bit count; `nonzeroBitCount` is a dozen instructions on the baseline
                // x86-64, which has no `popcnt`.
                let found = ByteFlags.sum(changed)
                for slot in 0..<4 {
                    changes[changeCount &+ slot] = Int32(truncatingIfNeeded: i &+ changed.trailingZeroBitCount >> 3)
                    changed &= changed &- 1
                }
                if found > 4 {
                    for slot in 4..<8 {
                        changes[changeCount &+ slot] = Int32(truncatingIfNeeded: i &+ changed.trailingZeroBitCount >> 3)
                        changed &= changed &- 1
                    }
                }
                changeCount &+= found
            }
            i += 8
        }
        while i < count {
            if dark[i] != dark[i - 1] {
                changes[changeCount] = Int32(truncatingIfNeeded: i)
                changeCount &+= 1
            }
            i += 1
        }
        // The same count of changes as `BitMatrix.colourChanges(in:count:)` made, so at least `minimumRuns` runs.
        let runCount = changeCount + 1 + (startsDark ? 1 : 0) + (isDark ? 1 : 0)
        // Written into buffers, then copied into the kept arrays (`keptWidths`, `keptStarts`): appended one by one,
        // each run cost a uniqueness and capacity test; and two arrays made for each line, and freed once it was read,
        // cost about 600 instructions each (an allocation, the standard library's unspecialized storage and its
        // metadata looked up, the release): about 630 arrays a decode of a 640×480 frame without a code, whose rows
        // are each read and dropped before the next is made.
        let lead = startsDark ? 1 : 0
        let widths = runWidths, starts = runStarts
        if startsDark { widths[0] = 0; starts[0] = 0 }
        var runStart = 0
        for k in 0..<changeCount {
            let change = Int(changes[k])
            widths[lead &+ k] = Double(change &- runStart)
            starts[lead &+ k] = Double(runStart)
            runStart = change
        }
        widths[lead &+ changeCount] = Double(count &- runStart)
        starts[lead &+ changeCount] = Double(runStart)
        if isDark { widths[runCount &- 1] = 0; starts[runCount &- 1] = Double(count) }
        keptWidths.removeAll(keepingCapacity: true)
        keptStarts.removeAll(keepingCapacity: true)
        keptWidths.append(contentsOf: UnsafeBufferPointer(start: widths, count: runCount))
        keptStarts.append(contentsOf: UnsafeBufferPointer(start: starts, count: runCount))
        return RunRow(widths: keptWidths, starts: keptStarts)
    }
}
