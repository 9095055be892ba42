/// Minimum and maximum of every window of a sequence, in linear time (monotonic queues).
enum SlidingExtremes {
    /// For each index k, the minimum and maximum of `values[k - radius ... k + radius]` (clipped to the sequence).
    static func compute(_ values: [Double], radius: Int) -> (low: [Double], high: [Double]) {
        let n = values.count
        guard n > 0 else { return ([], []) }
        var low = [Double](repeating: 0, count: n), high = [Double](repeating: 0, count: n)
        let scratch = UnsafeMutablePointer<Double>.allocate(capacity: scratchCount(n, radius: radius))
        defer { scratch.deallocate() }
        values.withUnsafeBufferPointer { v in
            low.withUnsafeMutableBufferPointer { lo in
                high.withUnsafeMutableBufferPointer { hi in
                    compute(v.baseAddress!, count: n, radius: radius, low: lo.baseAddress!, high: hi.baseAddress!, scratch: scratch)
                }
            }
        }
        return (low, high)
    }

    // `a < b ? a : b` and `a > b ? a : b` are single SSE instructions (minsd/maxsd, minpd/maxpd when vectorized);
    // `Swift.max` is `b >= a ? b : a`, a compare and a blend. The same for values that are never NaN.
    // The same for the 16-bit whole numbers of `computeOnHalves` (pminsw/pmaxsw).
    @inline(__always) static func smaller<T: Comparable>(_ a: T, _ b: T) -> T { a < b ? a : b }
    @inline(__always) static func larger<T: Comparable>(_ a: T, _ b: T) -> T { a > b ? a : b }
    /// `smaller` and `larger` lane by lane, for the passes on doubles that take two positions a vector.
    @inline(__always) static func smaller(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> { b.replacing(with: a, where: a .< b) }
    @inline(__always) static func larger(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> { b.replacing(with: a, where: a .> b) }

    /// For each index k, the maximum of `values[k - radius ... k + radius]` (clipped to the sequence).
    static func maximum(_ values: [Double], radius: Int) -> [Double] {
        let n = values.count
        guard n > 0 else { return [] }
        var high = [Double](repeating: 0, count: n)
        let scratch = UnsafeMutablePointer<Double>.allocate(capacity: scratchCount(n, radius: radius))
        defer { scratch.deallocate() }
        values.withUnsafeBufferPointer { v in
            high.withUnsafeMutableBufferPointer { hi in
                maximum(v.baseAddress!, count: n, radius: radius, into: hi.baseAddress!, scratch: scratch)
            }
        }
        return high
    }

    /// The scratch `compute` and `maximum` on buffers need for `count` values: the sequence padded by the radius at both
    /// ends, twice for the rounds to alternate between, for the minimum and the maximum.
    static func scratchCount(_ count: Int, radius: Int) -> Int { 4 * (count + 2 * max(0, radius)) }

    /// `compute` on buffers: the windows' minimum into `low`, maximum into `high` (`count` values each), with
    /// `scratchCount(count, radius:)` values of `scratch`.
    ///
    /// By doubling: after round j every position holds the extreme of the 2^j values from it on, so a window of w values
    /// is the extreme of two overlapping spans of the largest 2^j ≤ w, or of three spans of half that where three cover
    /// it (`lastSpan`: one round fewer; a scan line's ±8 window of 17 values is three spans of 8). Each round is a plain
    /// pass without a chain from one value to the next (the compiler vectorizes it): about log2(w) + 1 passes. A scan line's minima and maxima are found in
    /// the same passes: the first round reads the padded values once for both, and each later round runs both in one loop.
    static func compute(_ values: UnsafePointer<Double>, count n: Int, radius: Int, low: UnsafeMutablePointer<Double>,
                        high: UnsafeMutablePointer<Double>, scratch: UnsafeMutablePointer<Double>) {
        doubling(values, count: n, radius: radius, low: low, high: high, scratch: scratch, firstTwoRounds: firstTwoRounds,
                 threeSpanExtremes: threeSpanExtremes)
    }

    /// `compute` for values of any type ordered as Doubles are (Doubles and the whole numbers of `computeOnHalves`),
    /// `scratch` holding `scratchCount(count, radius:)` of them. `firstTwoRounds`, where given, writes the first two
    /// rounds at once (as `firstTwoRounds(_:count:radius:low:high:)` does), for windows that take both;
    /// `threeSpanExtremes`, where given, writes the extremes of three spans (as `threeSpanExtremes(_:count:low:high:)`).
    @inline(__always)
    private static func doubling<T: Comparable>(_ values: UnsafePointer<T>, count n: Int, radius: Int, low: UnsafeMutablePointer<T>,
                                                high: UnsafeMutablePointer<T>, scratch: UnsafeMutablePointer<T>,
                                                firstTwoRounds: ((UnsafePointer<T>, Int, Int, UnsafeMutablePointer<T>, UnsafeMutablePointer<T>) -> Void)? = nil,
                                                threeSpanExtremes: ((ThreeSpans<T>, Int, UnsafeMutablePointer<T>, UnsafeMutablePointer<T>) -> Void)? = nil) {
        guard n > 0 else { return }
        let r = max(0, radius), window = 2 * r + 1
        // The sequence padded by `r` on each side with copies of its end values: a window that reaches past an end then
        // holds only values its clipped window holds already.
        let padded = n + 2 * r
        var lowSource: UnsafeMutablePointer<T>, lowTarget = scratch + padded
        var highSource: UnsafeMutablePointer<T>, highTarget = scratch + 2 * padded
        // After the first round the minima and maxima each need a buffer of their own to alternate with.
        let spare = (low: scratch + 3 * padded, high: scratch)
        let (last, threeSpans) = lastSpan(window: window)
        var span = 1
        if last > 2, let firstTwoRounds {
            // The first two rounds in one pass from `values`: spans of four without the pairs' pass.
            firstTwoRounds(values, n, r, lowTarget, highTarget)
            (lowSource, highSource) = (lowTarget, highTarget)
            (lowTarget, highTarget) = (spare.low, spare.high)
            span = 4
        } else if last > 1 {
            // The first round read from `values` itself, not from a padded copy (a pass that copied every value): the same
            // extremes at every position (`firstRound`). The padded copy's buffer then serves as the maxima's spare.
            firstRound(values, count: n, radius: r, low: lowTarget, high: highTarget)
            (lowSource, highSource) = (lowTarget, highTarget)
            (lowTarget, highTarget) = (spare.low, spare.high)
            span = 2
        } else {
            lowSource = pad(values, count: n, radius: r, into: scratch)
            highSource = lowSource
        }
        while span < last {
            // Valid positions shrink by `span` each round: position i covers source[i ..< i + 2 · span].
            let lowAhead = lowSource + span, highAhead = highSource + span
            for i in 0..<(padded - 2 * span + 1) {
                lowTarget[i] = smaller(lowSource[i], lowAhead[i])
                highTarget[i] = larger(highSource[i], highAhead[i])
            }
            if span == 1 {
                // The padded values are no longer needed: their buffer becomes the maxima's spare.
                (lowSource, highSource) = (lowTarget, highTarget)
                (lowTarget, highTarget) = (spare.low, spare.high)
            } else {
                swap(&lowSource, &lowTarget)
                swap(&highSource, &highTarget)
            }
            span *= 2
        }
        // The window of value k covers padded positions k ..< k + window.
        let lowShifted = lowSource + (window - span), highShifted = highSource + (window - span)
        if threeSpans, let threeSpanExtremes {
            threeSpanExtremes(ThreeSpans(low: (lowSource, lowSource + span, lowShifted), high: (highSource, highSource + span, highShifted)),
                              n, low, high)
        } else if threeSpans {
            let lowNext = lowSource + span, highNext = highSource + span
            for k in 0..<n {
                low[k] = smaller(smaller(lowSource[k], lowNext[k]), lowShifted[k])
                high[k] = larger(larger(highSource[k], highNext[k]), highShifted[k])
            }
        } else {
            for k in 0..<n {
                low[k] = smaller(lowSource[k], lowShifted[k])
                high[k] = larger(highSource[k], highShifted[k])
            }
        }
    }

    /// `compute` for a line whose values are all halves of whole numbers under 8,192 in size (pixel rows and
    /// columns, at whole-pixel steps, and those lines sharpened: `LinearReader.sharpened` of whole values is a half),
    /// on twice the values as 16-bit integers: eight to a vector register where the doubles went two, and the extremes
    /// of whole numbers are the same numbers, so `low` and `high` hold what `compute` writes, bit for bit (the values
    /// are never −0, as no gray value is). Nil, with `low` and `high` not written, where a value is not such a half
    /// (a line sampled between pixel centres): the test runs 64 values at a time and stops at the first block that
    /// holds one, so such a line pays for a block at most. Uses `scratch` as `compute` does, and leaves the whole
    /// numbers there (`Halves`).
    static func computeOnHalves(_ values: UnsafePointer<Double>, count n: Int, radius: Int, low: UnsafeMutablePointer<Double>,
                                high: UnsafeMutablePointer<Double>, scratch: UnsafeMutablePointer<Double>) -> Halves? {
        guard let halves = wholeExtremes(values, count: n, radius: radius, scratch: scratch) else { return nil }
        halves.writeExtremes(low: low, high: high)
        return halves
    }

    /// `computeOnHalves` without `low` and `high`: the windows' extremes as whole numbers only, in `scratch`, for a
    /// caller that may not need them as doubles (`Halves.writeExtremes` writes them, as `computeOnHalves` does). The
    /// thresholding's bounds read the whole numbers and refuse most lines of a frame without a code, whose extremes as
    /// doubles were a third of this function's instructions. Twice the values go into `twice` where given (room for
    /// `count`), else into `scratch` too.
    ///
    /// With `knownHalves` the caller knows every value to be a half of a whole number under 8,192 in size (a pixel row or
    /// column read as it is, or sharpened: `LinearReader.readsPixels`), and they are doubled without the tests
    /// (`twiceOfHalves`): the same whole numbers, and never nil for a line of values. With `twiceReady` as well, the
    /// caller has written them into `twice` already (`LinearReader.grays`).
    static func wholeExtremes(_ values: UnsafePointer<Double>, count n: Int, radius: Int, scratch: UnsafeMutablePointer<Double>,
                              twice given: UnsafeMutablePointer<Int16>? = nil, knownHalves: Bool = false, twiceReady: Bool = false) -> Halves? {
        guard n > 0 else { return nil }
        // Twice the values (unless given a place), the doubling's scratch (`scratchCount` 16-bit numbers) and the
        // windows' extremes as whole numbers, all in `scratch` (its `scratchCount` Doubles hold 16 · padded 16-bit numbers).
        let start = UnsafeMutableRawPointer(scratch).assumingMemoryBound(to: Int16.self)
        let twice = given ?? start
        if knownHalves {
            if !(twiceReady && given != nil) { Self.twiceOfHalves(values, count: n, into: twice) }
        } else {
            guard Self.twiceAsWhole(values, count: n, into: twice) else { return nil }
        }
        let rounds = given == nil ? start + n : start, lowWhole = rounds + scratchCount(n, radius: radius), highWhole = lowWhole + n
        doubling(UnsafePointer(twice), count: n, radius: radius, low: lowWhole, high: highWhole, scratch: rounds)
        return Halves(twice: twice, low: lowWhole, high: highWhole, count: n)
    }

    /// The whole numbers `computeOnHalves` worked on, where it left them (in its scratch, valid until the scratch is
    /// written again, or twice the values where `wholeExtremes` was given a place for them): twice each value and twice its window's minimum and maximum, `count` of each. The thresholding's
    /// bounds read them eight to a vector register (`LinearReader.mayChangeColour(halves:minimumContrast:times:)`).
    struct Halves {
        let twice, low, high: UnsafePointer<Int16>
        let count: Int

        /// The windows' extremes as the doubles `compute` writes: half of each whole number.
        func writeExtremes(low: UnsafeMutablePointer<Double>, high: UnsafeMutablePointer<Double>) {
            for k in 0..<count {
                low[k] = Double(Int32(self.low[k])) * 0.5
                high[k] = Double(Int32(self.high[k])) * 0.5
            }
        }
    }

    /// Twice each of `count` values as a 16-bit whole number, into `twice`; false (at the first block of 64 that holds
    /// one) where a value is not a half of a whole number under 8,192 in size.
    ///
    /// Adding 1.5 · 2^51 to a value v rounds it to a half m / 2 and, where |m| is under 2^50, the sum's bits less those of
    /// 1.5 · 2^51 are m (the sum lies in [2^51, 2^52), a half apart); its low 16 bits are m in two's complement (those of
    /// 1.5 · 2^51 are clear). Every other sum (v far out, infinite or NaN) lies further than 2^49 from 1.5 · 2^51, so that
    /// difference of bits is under 16,384 in size only where m is. Then the sum less 1.5 · 2^51 is m / 2 exactly, and its
    /// bits equal v's only where v is that half (not −0, not another fraction). So no doubling of v: the rounding makes
    /// twice it. Both tests on the bits without a branch, so the compiler vectorizes the pass: the fractions' test or'd
    /// into one word and the differences (plus 16,384) into another, whose bits from 2^15 up are looked at once a block.
    @inline(__always)
    static func twiceAsWhole(_ values: UnsafePointer<Double>, count n: Int, into twice: UnsafeMutablePointer<Int16>) -> Bool {
        let shift = 3_377_699_720_527_872.0, shiftBits = shift.bitPattern
        var start = 0
        while start < n {
            let end = Swift.min(n, start &+ 64)
            var fractions: UInt64 = 0, offsets: UInt64 = 0
            for k in start..<end {
                let value = values[k]
                let rounded = value + shift
                twice[k] = Int16(truncatingIfNeeded: rounded.bitPattern)
                fractions |= (rounded - shift).bitPattern ^ value.bitPattern
                offsets |= rounded.bitPattern &- shiftBits &+ 16_384
            }
            if fractions | (offsets >> 15) != 0 { return false }
            start = end
        }
        return true
    }

    /// `twiceAsWhole` of values known to pass its tests: the rounding alone, which makes twice each value (three
    /// instructions a value where the tests made seven).
    @inline(__always)
    static func twiceOfHalves(_ values: UnsafePointer<Double>, count n: Int, into twice: UnsafeMutablePointer<Int16>) {
        let shift = 3_377_699_720_527_872.0
        for k in 0..<n { twice[k] = Int16(truncatingIfNeeded: (values[k] + shift).bitPattern) }
    }

    /// The span the doubling rounds stop at for a window of `window` values, and whether three spans from a position
    /// cover its window (at k, k + span and k + window − span: true when window ≤ 3 · span) rather than two (at k and
    /// k + window − span: the largest power of two ≤ window).
    static func lastSpan(window: Int) -> (span: Int, threeSpans: Bool) {
        var largest = 1
        while 2 * largest <= window { largest *= 2 }
        let half = largest / 2
        return half >= 1 && window <= 3 * half ? (half, true) : (largest, false)
    }

    /// `maximum` on buffers, into `high`, with `scratchCount(count, radius:)` values of `scratch`.
    static func maximum(_ values: UnsafePointer<Double>, count n: Int, radius: Int, into high: UnsafeMutablePointer<Double>,
                        scratch: UnsafeMutablePointer<Double>) {
        doublingMaximum(values, count: n, radius: radius, into: high, scratch: scratch)
    }

    /// `maximum` on 16-bit whole numbers (eight to a vector register where the doubles went two), with
    /// `2 · (count + 2 · radius)` values of `scratch` (`LinearReader.strongest`).
    static func maximum(_ values: UnsafePointer<Int16>, count n: Int, radius: Int, into high: UnsafeMutablePointer<Int16>,
                        scratch: UnsafeMutablePointer<Int16>) {
        doublingMaximum(values, count: n, radius: radius, into: high, scratch: scratch)
    }

    /// `maximum` for values of any type ordered as Doubles are, `scratch` holding `2 · (count + 2 · radius)` of them.
    @inline(__always)
    private static func doublingMaximum<T: Comparable>(_ values: UnsafePointer<T>, count n: Int, radius: Int, into high: UnsafeMutablePointer<T>,
                                                       scratch: UnsafeMutablePointer<T>) {
        guard n > 0 else { return }
        let r = max(0, radius), window = 2 * r + 1
        let padded = n + 2 * r
        var source: UnsafeMutablePointer<T>, target = scratch + padded
        let (last, threeSpans) = lastSpan(window: window)
        var span = 1
        if last > 1 {
            // As in `compute`: the first round from `values` itself, into the second half; the first is the next target.
            firstRound(values, count: n, radius: r, high: target)
            (source, target) = (target, scratch)
            span = 2
        } else {
            source = pad(values, count: n, radius: r, into: scratch)
        }
        while span < last {
            let ahead = source + span
            for i in 0..<(padded - 2 * span + 1) { target[i] = larger(source[i], ahead[i]) }
            swap(&source, &target)
            span *= 2
        }
        let shifted = source + (window - span)
        if threeSpans {
            let next = source + span
            for k in 0..<n { high[k] = larger(larger(source[k], next[k]), shifted[k]) }
        } else {
            for k in 0..<n { high[k] = larger(source[k], shifted[k]) }
        }
    }

    /// The doubling's first round (extremes of each two neighbours of the padded values, `n + 2r − 1` positions) read from
    /// the unpadded `values`: position i covers padded values i and i + 1, which are `values[i − r]` and `values[i − r + 1]`
    /// for r ≤ i < r + n − 1; below that both are copies of the first value (position r − 1 pairs a copy with the first
    /// value itself) and above it both of the last, whose extreme with itself is itself. So the same values, written
    /// without the padded copy, and each value loaded once for both extremes.
    @inline(__always)
    private static func firstRound<T: Comparable>(_ values: UnsafePointer<T>, count n: Int, radius r: Int,
                                                  low: UnsafeMutablePointer<T>, high: UnsafeMutablePointer<T>) {
        let first = values[0], last = values[n - 1]
        for i in 0..<r { low[i] = first; high[i] = first }
        let lowMiddle = low + r, highMiddle = high + r
        for j in 0..<(n - 1) {
            let a = values[j], b = values[j + 1]
            lowMiddle[j] = smaller(a, b)
            highMiddle[j] = larger(a, b)
        }
        for i in (r + n - 1)..<(n + 2 * r - 1) { low[i] = last; high[i] = last }
    }

    /// The doubling's first two rounds on doubles in one pass (extremes of each four neighbours of the padded values,
    /// `n + 2r − 3` positions, for r ≥ 3: windows whose `lastSpan` is at least 4), read from the unpadded `values`:
    /// position i is the second round's `smaller(smaller(P[i], P[i + 1]), smaller(P[i + 2], P[i + 3]))` of the padded
    /// values P, the same expression, so the same value to the bit, without the pass that wrote the pairs and read them
    /// back. Where all four lie inside `values` (r ≤ i < r + n − 3), four positions a step in two-lane vectors, each lane
    /// the scalar expression: the pairs at i, i + 2 and i + 4 serve both halves of the step (about 13 instructions for
    /// two positions, where the two rounds took 21). The few positions whose four reach the padding read P through
    /// clamped indices, and those whose four are all copies of an end value take it. (The 16-bit whole numbers keep the
    /// two rounds: eight to a vector, the passes cost less than these positions' reads.)
    private static func firstTwoRounds(_ values: UnsafePointer<Double>, count n: Int, radius r: Int,
                                       low: UnsafeMutablePointer<Double>, high: UnsafeMutablePointer<Double>) {
        let first = values[0], last = values[n - 1], end = n + 2 * r - 3
        @inline(__always) func padded(_ j: Int) -> Double { values[Swift.min(Swift.max(j - r, 0), n - 1)] }
        @inline(__always) func clamped(_ i: Int) {
            let a = padded(i), b = padded(i + 1), c = padded(i + 2), d = padded(i + 3)
            low[i] = smaller(smaller(a, b), smaller(c, d))
            high[i] = larger(larger(a, b), larger(c, d))
        }
        // Positions below r − 3 cover copies of the first value only, those from r + n − 1 on copies of the last.
        let leftCopies = Swift.max(0, r - 3), middle = Swift.max(0, n - 3), rightCopies = Swift.min(end, r + n - 1)
        for i in 0..<leftCopies { low[i] = first; high[i] = first }
        for i in leftCopies..<r { clamped(i) }
        let lowMiddle = low + r, highMiddle = high + r
        var j = 0
        // Reads values[j ... j + 6], inside while j + 4 ≤ n − 3.
        while j &+ 4 <= middle {
            let at = values + j
            @inline(__always) func load(_ k: Int) -> SIMD2<Double> { UnsafeRawPointer(at + k).loadUnaligned(as: SIMD2<Double>.self) }
            let v0 = load(0), v1 = load(1), v2 = load(2), v3 = load(3), v4 = load(4), v5 = load(5)
            let low0 = smaller(v0, v1), low2 = smaller(v2, v3), low4 = smaller(v4, v5)
            let high0 = larger(v0, v1), high2 = larger(v2, v3), high4 = larger(v4, v5)
            UnsafeMutableRawPointer(lowMiddle + j).storeBytes(of: smaller(low0, low2), as: SIMD2<Double>.self)
            UnsafeMutableRawPointer(lowMiddle + j + 2).storeBytes(of: smaller(low2, low4), as: SIMD2<Double>.self)
            UnsafeMutableRawPointer(highMiddle + j).storeBytes(of: larger(high0, high2), as: SIMD2<Double>.self)
            UnsafeMutableRawPointer(highMiddle + j + 2).storeBytes(of: larger(high2, high4), as: SIMD2<Double>.self)
            j &+= 4
        }
        while j < middle {
            let a = values[j], b = values[j + 1], c = values[j + 2], d = values[j + 3]
            lowMiddle[j] = smaller(smaller(a, b), smaller(c, d))
            highMiddle[j] = larger(larger(a, b), larger(c, d))
            j &+= 1
        }
        for i in (r + middle)..<rightCopies { clamped(i) }
        for i in rightCopies..<end { low[i] = last; high[i] = last }
    }

    /// The last round's three spans of a window (at k, k + span and k + window − span), for the minima and the maxima.
    struct ThreeSpans<T> {
        let low, high: (UnsafePointer<T>, UnsafePointer<T>, UnsafePointer<T>)

        init(low: (UnsafeMutablePointer<T>, UnsafeMutablePointer<T>, UnsafeMutablePointer<T>),
             high: (UnsafeMutablePointer<T>, UnsafeMutablePointer<T>, UnsafeMutablePointer<T>)) {
            self.low = (UnsafePointer(low.0), UnsafePointer(low.1), UnsafePointer(low.2))
            self.high = (UnsafePointer(high.0), UnsafePointer(high.1), UnsafePointer(high.2))
        }
    }

    /// The doubling's last pass on doubles for windows of three spans: `smaller(smaller(a[k], b[k]), c[k])` of the three
    /// minima spans, `larger` likewise of the maxima, four positions a step in two-lane vectors (each lane that scalar
    /// expression, so the same values to the bit): about 27 instructions for four positions where two a step took 34.
    private static func threeSpanExtremes(_ spans: ThreeSpans<Double>, count n: Int, low: UnsafeMutablePointer<Double>,
                                          high: UnsafeMutablePointer<Double>) {
        let (la, lb, lc) = spans.low, (ha, hb, hc) = spans.high
        @inline(__always) func load(_ p: UnsafePointer<Double>) -> SIMD2<Double> { UnsafeRawPointer(p).loadUnaligned(as: SIMD2<Double>.self) }
        var k = 0
        while k &+ 4 <= n {
            let k2 = k &+ 2
            UnsafeMutableRawPointer(low + k).storeBytes(of: smaller(smaller(load(la + k), load(lb + k)), load(lc + k)), as: SIMD2<Double>.self)
            UnsafeMutableRawPointer(low + k2).storeBytes(of: smaller(smaller(load(la + k2), load(lb + k2)), load(lc + k2)), as: SIMD2<Double>.self)
            UnsafeMutableRawPointer(high + k).storeBytes(of: larger(larger(load(ha + k), load(hb + k)), load(hc + k)), as: SIMD2<Double>.self)
            UnsafeMutableRawPointer(high + k2).storeBytes(of: larger(larger(load(ha + k2), load(hb + k2)), load(hc + k2)), as: SIMD2<Double>.self)
            k &+= 4
        }
        while k < n {
            low[k] = smaller(smaller(la[k], lb[k]), lc[k])
            high[k] = larger(larger(ha[k], hb[k]), hc[k])
            k &+= 1
        }
    }

    /// `firstRound`'s maxima alone.
    @inline(__always)
    private static func firstRound<T: Comparable>(_ values: UnsafePointer<T>, count n: Int, radius r: Int, high: UnsafeMutablePointer<T>) {
        let first = values[0], last = values[n - 1]
        for i in 0..<r { high[i] = first }
        let highMiddle = high + r
        for j in 0..<(n - 1) { highMiddle[j] = larger(values[j], values[j + 1]) }
        for i in (r + n - 1)..<(n + 2 * r - 1) { high[i] = last }
    }

    /// `values` padded by `r` copies of its first value before and of its last after, at the start of `scratch`.
    @inline(__always)
    private static func pad<T>(_ values: UnsafePointer<T>, count n: Int, radius r: Int, into scratch: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<T> {
        let first = values[0], last = values[n - 1]
        for j in 0..<r { scratch[j] = first }
        (scratch + r).update(from: values, count: n)
        for j in (n + r)..<(n + 2 * r) { scratch[j] = last }
        return scratch
    }

    /// Extremes over a wide window from extremes over a narrow one (`low`, `high`, radius `narrow`): at every `narrow`-th
    /// index the union of narrow windows `2 × narrow` apart covering `±radius`, held for the indices around it. Within
    /// `narrow / 2` of the exact window, at a fraction of the cost.
    ///
    /// On buffers of `count` values, for `narrow` ≥ 1 and `radius` > `narrow`. The last few indices no centre's span
    /// reaches hold 0, as they did in the zero-filled arrays this wrote into before it ran on buffers. Where `radius` is a
    /// multiple of `narrow` and `scratch` has room (`byCentres`), the same values from the centres' own narrow extremes.
    ///
    /// Not inlined into the thresholding: there it shared the registers of a long function, and reloading its values at
    /// every centre cost more than its loads (a tenth of the thresholding's instructions on a missed frame). Its index
    /// arithmetic stays far from overflowing (a line's length), so it is unchecked.
    @inline(never)
    static func widen(low lo: UnsafePointer<Double>, high hi: UnsafePointer<Double>, count n: Int, narrow: Int, to radius: Int,
                      wideLow wl: UnsafeMutablePointer<Double>, wideHigh wh: UnsafeMutablePointer<Double>,
                      scratch: UnsafeMutableBufferPointer<Double> = UnsafeMutableBufferPointer(start: nil, count: 0)) {
        if byCentres(low: lo, high: hi, count: n, narrow: narrow, to: radius, wideLow: wl, wideHigh: wh, scratch: scratch) { return }
        widening(low: lo, high: hi, count: n, narrow: narrow, to: radius, wideLow: wl, wideHigh: wh, above: .infinity, below: -.infinity)
    }

    /// `widen` on the whole numbers of a line of halves (`Halves.low`, `Halves.high`: twice the extremes): twice what
    /// `widen` writes from the extremes as doubles, at every index (the extremes of whole numbers are the same numbers,
    /// and the indices no centre reaches hold 0 in both).
    @inline(never)
    static func widen(low lo: UnsafePointer<Int16>, high hi: UnsafePointer<Int16>, count n: Int, narrow: Int, to radius: Int,
                      wideLow wl: UnsafeMutablePointer<Int16>, wideHigh wh: UnsafeMutablePointer<Int16>,
                      scratch: UnsafeMutableBufferPointer<Int16> = UnsafeMutableBufferPointer(start: nil, count: 0)) {
        if byCentres(low: lo, high: hi, count: n, narrow: narrow, to: radius, wideLow: wl, wideHigh: wh, scratch: scratch) { return }
        widening(low: lo, high: hi, count: n, narrow: narrow, to: radius, wideLow: wl, wideHigh: wh, above: .max, below: .min)
    }

    /// The values of `scratch` `widen` takes the centres' way (`byCentres`), for `count` values: none where it cannot.
    static func wideningScratchCount(_ count: Int, narrow: Int, radius: Int) -> Int? {
        guard count > 0, narrow >= 1, radius > narrow, radius % narrow == 0 else { return nil }
        return 4 * ((count - 1) / narrow + 1 + 2 * (radius / narrow - 1))
    }

    /// `widen`'s values from the narrow extremes at the centres alone; false, with nothing written, where `radius` is no
    /// multiple of `narrow` or `scratch` holds fewer than `wideningScratchCount` values.
    ///
    /// The narrow windows `widen` joins for the centre c tile the line from c − radius to c + radius, clipped to it: the
    /// first starts at max(0, c − radius); each covers 2 × narrow + 1 indices and the next starts right after it; the
    /// last, at min(count − 1, c + reach), ends at min(count − 1, c + radius) (clipped, as every narrow window is). So its
    /// extremes are those of that clipped span of the line. Where radius = q × narrow, the same span is tiled (with
    /// overlaps) by the narrow windows of the centres c − (q − 1) × narrow … c + (q − 1) × narrow that lie on the line (the
    /// last centre's window reaches the line's end): the extremes of the centres' narrow extremes over a window of ±(q − 1)
    /// centres, clipped to the centres, which the doubling (`doubling`'s rounds and its padding with end copies) finds
    /// for every centre in a few vectorized passes over about a `narrow`-th of the values. The extremes of the same
    /// values are the same values (never NaN, and equal ones alike), so every index holds what `widening` writes; each
    /// centre read some ten values before, in a chain of scalar extremes.
    @inline(__always)
    private static func byCentres<T: Comparable & ExpressibleByIntegerLiteral & SIMDScalar>(
        low lo: UnsafePointer<T>, high hi: UnsafePointer<T>, count n: Int, narrow: Int, to radius: Int,
        wideLow wl: UnsafeMutablePointer<T>, wideHigh wh: UnsafeMutablePointer<T>, scratch: UnsafeMutableBufferPointer<T>) -> Bool {
        guard let needed = wideningScratchCount(n, narrow: narrow, radius: radius), scratch.count >= needed, let base = scratch.baseAddress else {
            return false
        }
        let centres = (n &- 1) / narrow &+ 1, reach = radius / narrow &- 1, padded = centres &+ 2 &* reach
        // The centres' narrow extremes padded by `reach` copies of the first centre's before and of the last's after.
        var lowSource = base, highSource = base + padded, lowTarget = base + 2 &* padded, highTarget = base + 3 &* padded
        let lastCentre = (centres &- 1) &* narrow
        for j in 0..<reach {
            lowSource[j] = lo[0]; highSource[j] = hi[0]
            lowSource[reach &+ centres &+ j] = lo[lastCentre]; highSource[reach &+ centres &+ j] = hi[lastCentre]
        }
        let lowCentres = lowSource + reach, highCentres = highSource + reach
        for m in 0..<centres {
            lowCentres[m] = lo[m &* narrow]; highCentres[m] = hi[m &* narrow]
        }
        let window = 2 &* reach &+ 1
        let (last, threeSpans) = lastSpan(window: window)
        var span = 1
        while span < last {
            let lowAhead = lowSource + span, highAhead = highSource + span
            for i in 0..<(padded &- 2 &* span &+ 1) {
                lowTarget[i] = smaller(lowSource[i], lowAhead[i])
                highTarget[i] = larger(highSource[i], highAhead[i])
            }
            swap(&lowSource, &lowTarget)
            swap(&highSource, &highTarget)
            span &*= 2
        }
        // Centre m's window covers padded positions m ..< m + window: its extremes into the spare rounds' first places,
        // in a pass of their own (vectorized, as the rounds are).
        let lowWide = lowTarget, highWide = highTarget
        let lowShifted = lowSource + (window &- span), highShifted = highSource + (window &- span)
        if threeSpans {
            let lowNext = lowSource + span, highNext = highSource + span
            for m in 0..<centres {
                lowWide[m] = smaller(smaller(lowSource[m], lowNext[m]), lowShifted[m])
                highWide[m] = larger(larger(highSource[m], highNext[m]), highShifted[m])
            }
        } else {
            for m in 0..<centres {
                lowWide[m] = smaller(lowSource[m], lowShifted[m])
                highWide[m] = larger(highSource[m], highShifted[m])
            }
        }
        // Each held from narrow / 2 before its centre to narrow − narrow / 2 after, clipped to the line. The centres whose
        // span lies wholly on it (all but the first, where the span starts before the line, and the last few), in
        // vectors of eight (the last one overlapping the one before where `narrow` is no multiple of eight); the others,
        // and those of windows under eight, one by one.
        let half = narrow / 2
        @inline(__always) func hold(_ m: Int) {
            let centre = m &* narrow
            var i = Swift.max(0, centre &- half)
            let end = Swift.min(n, centre &+ narrow &- half)
            while i < end { wl[i] = lowWide[m]; wh[i] = highWide[m]; i &+= 1 }
        }
        let firstWhole = half == 0 ? 0 : 1
        let lastFits = n &- narrow &+ half
        let wholeEnd = narrow < 8 ? firstWhole : Swift.max(firstWhole, Swift.min(centres, lastFits < 0 ? 0 : lastFits / narrow &+ 1))
        for m in 0..<Swift.min(firstWhole, centres) { hold(m) }
        if firstWhole < wholeEnd {
            var lows = wl + (firstWhole &* narrow &- half), highs = wh + (firstWhole &* narrow &- half)
            for m in firstWhole..<wholeEnd {
                let a = SIMD8(repeating: lowWide[m]), b = SIMD8(repeating: highWide[m])
                var i = 0
                repeat {
                    let at = Swift.min(i, narrow &- 8)
                    UnsafeMutableRawPointer(lows + at).storeBytes(of: a, as: SIMD8<T>.self)
                    UnsafeMutableRawPointer(highs + at).storeBytes(of: b, as: SIMD8<T>.self)
                    i &+= 8
                } while i < narrow
                lows += narrow
                highs += narrow
            }
        }
        for m in wholeEnd..<centres { hold(m) }
        let filled = Swift.min(n, (centres &- 1) &* narrow &+ narrow &- half)
        for i in filled..<Swift.max(filled, n) { wl[i] = 0; wh[i] = 0 }
        return true
    }

    /// `widen` for values of any type ordered as Doubles are, `above` and `below` lying beyond every value.
    @inline(__always)
    private static func widening<T: Comparable & ExpressibleByIntegerLiteral>(
        low lo: UnsafePointer<T>, high hi: UnsafePointer<T>, count n: Int, narrow: Int, to radius: Int,
        wideLow wl: UnsafeMutablePointer<T>, wideHigh wh: UnsafeMutablePointer<T>, above: T, below: T) {
        let span = 2 &* narrow &+ 1, reach = radius &- narrow, half = narrow / 2
        var center = 0, filled = 0
        while center < n {
            var a = above, b = below
            var k = Swift.max(0, center &- reach)
            let last = Swift.min(n &- 1, center &+ reach)
            // The running extreme first: `minsd`/`maxsd` keep their first operand's register, so it stays in place
            // instead of being copied each round (the extremes are the same: the values are never NaN, and equal ones
            // are alike).
            while k <= last { a = smaller(a, lo[k]); b = larger(b, hi[k]); k &+= span }
            a = smaller(a, lo[last]); b = larger(b, hi[last])
            let end = Swift.min(n, center &+ narrow &- half)
            var i = Swift.max(0, center &- half)
            while i < end { wl[i] = a; wh[i] = b; i &+= 1 }
            filled = end
            center &+= narrow
        }
        for i in filled..<Swift.max(filled, n) { wl[i] = 0; wh[i] = 0 }
    }

    /// The median of values in 0…255 to a quarter, by histogram (values outside are clamped).
    static func median(byteRange v: UnsafeBufferPointer<Double>) -> Double {
        median(count: v.count) { v[$0] }
    }

    /// The median of `count` values in 0…255 to a quarter, the k-th of them `value(k)`, by histogram (values outside are
    /// clamped). The values need not be stored: a scan line's noise level is the median of its steps, found as they are
    /// taken.
    ///
    /// The histogram counts quarters below 64 one by one and the rest together (a kilobyte to clear for every scan line
    /// instead of four); only a line whose median lies above 64 counts them all. The first histogram takes two values a
    /// step (`quartersBelow64` of a pair, the same bins): the conversion of each value to its bin, with the tests Swift
    /// adds to a conversion, cost 16 instructions a value, a scan line's gradient about 10 k.
    @inline(__always)
    static func median(count: Int, _ value: (Int) -> Double) -> Double {
        guard count > 0 else { return 0 }
        let half = count / 2
        // Called for every scan line: the histogram lives on the stack.
        let found: Double? = withUnsafeTemporaryAllocation(of: Int32.self, capacity: 257) { histogram in
            histogram.initialize(repeating: 0)
            var k = 0
            while k &+ 2 <= count {
                let pair = quartersBelow64(SIMD2(value(k), value(k &+ 1)))
                histogram[Int(truncatingIfNeeded: pair[0])] &+= 1
                histogram[Int(truncatingIfNeeded: pair[1])] &+= 1
                k &+= 2
            }
            if k < count { histogram[quartersBelow64(value(k))] &+= 1 }
            var seen = 0
            for bin in 0..<256 {
                seen += Int(histogram[bin])
                if seen > half { return Double(bin) / 4 }
            }
            return nil
        }
        if let found { return found }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 1021) { histogram in
            histogram.initialize(repeating: 0)
            for k in 0..<count { histogram[quarters(value(k))] &+= 1 }
            var seen = 0
            for bin in 0..<1021 {
                seen += Int(histogram[bin])
                if seen > half { return Double(bin) / 4 }
            }
            return 255
        }
    }

    /// Whether `median(count:_:)` of the same values is at least `low / 4`, and whether it is at least `high / 4`, found
    /// without the histogram: at most half of the values lie in the bins below the bound.
    ///
    /// That median is the first bin (in quarters, `quarters`) whose count with the bins before it exceeds half the values
    /// (its first histogram's bins below 256 are the same bins: for a value under 63.875 both expressions are
    /// `Int(value · 4 + 0.5)`), so it is at least a bin exactly when the bins below that one hold at most half. A value's
    /// bin is the whole part of `x = max(0, min(255, value)) · 4 + 0.5`, a number of at least 0.5, so it lies below a bin
    /// exactly when `x` does: the same expression compared, not converted. Plain counts of comparisons, both in one pass,
    /// where the histogram stores into a bin chosen by each value.
    @inline(__always)
    static func median(count: Int, isAtLeastQuarters low: Int, _ high: Int, _ value: (Int) -> Double) -> (low: Bool, high: Bool) {
        // The median of no values is 0.
        guard count > 0 else { return (low <= 0, high <= 0) }
        let (lowLimit, highLimit) = (Double(low), Double(high))
        var (belowLow, belowHigh) = (0, 0)
        // Counted by the sign bit (`SignBit`: x is never NaN), without a branch: as a comparison the compiler made a
        // branch of it that went either way at random.
        for k in 0..<count {
            let x = larger(0, smaller(255, value(k))) * 4 + 0.5
            belowLow &+= Int(truncatingIfNeeded: SignBit.greater(lowLimit, x))
            belowHigh &+= Int(truncatingIfNeeded: SignBit.greater(highLimit, x))
        }
        return (belowLow <= count / 2, belowHigh <= count / 2)
    }

    /// `value` clamped to 0…255, in quarters rounded to the nearest.
    @inline(__always) static func quarters(_ value: Double) -> Int { Int(larger(0, smaller(255, value)) * 4 + 0.5) }

    /// `min(256, quarters(value))`: the quarters below 64 one by one, the rest as 256. The scaled value is capped at 256
    /// before the conversion, so the conversion's tests for a value out of an integer's range never fail (and are
    /// predicted), and no branch depends on the value: a test of `scaled < 256` went either way at random along a
    /// textured line.
    @inline(__always) static func quartersBelow64(_ value: Double) -> Int {
        Int(smaller(larger(0, value) * 4 + 0.5, 256))
    }

    /// `quartersBelow64` of two values, lane by lane, without a conversion's tests: the same numbers.
    ///
    /// Each lane's scaled value x is the scalar one (the same IEEE operations in the same order), a number in 0.5…256
    /// (NaN becomes 256 as it does there), and `Int(x)` is its whole part. Adding 2⁵² rounds x to the nearest whole
    /// number (ties to even), exactly, into the low bits of the sum, since a double from 2⁵² to 2⁵³ is a whole number
    /// with those bits in its mantissa; that number, taken back, exceeds x exactly when x was rounded up, and the whole
    /// part is then one less.
    @inline(__always) static func quartersBelow64(_ value: SIMD2<Double>) -> SIMD2<Int64> {
        let x = smaller(larger(SIMD2(repeating: 0), value) * 4 + 0.5, SIMD2(repeating: 256))
        let shifted = x + 0x1p52
        let roundedUp = SIMD2<Int64>().replacing(with: 1, where: shifted - 0x1p52 .> x)
        let nearest = unsafeBitCast(shifted, to: SIMD2<Int64>.self) &- Int64(bitPattern: (0x1p52 as Double).bitPattern)
        return nearest &- roundedUp
    }
}
