/// A scan line read by its edges: runs between the peaks of its gradient, at a floor set by the line's noise and range.
///
/// Every line's edge reading uses the standard floor; the whole-frame sweeps read a line that nothing read once more at
/// a fainter floor (`scan`). Both readings share the line's gradient (`LineGradient`), made once.
extension LinearReader {
    /// A line's gradient as the edge readings need it, in the `ScanLineBuffers` it was made in: `slope` (signed, negative
    /// light to dark), `strength` (its magnitude), and, once the first reading past the bounds asks for it, `strongest`
    /// (the strongest edge within 24 pixels of each sample).
    struct LineGradient {
        /// Samples of the line.
        let count: Int
        /// Pixels between samples.
        let step: Double
        /// The median gradient strength: the line's noise level where the line is mostly background.
        let noise: Double
        /// Twice the line's values as whole numbers, where `lineGradient` was given them (a line of halves): the edge
        /// readings' bound at their floor and the strongest edges nearby are made on them (`edgeRuns`).
        let twice: UnsafePointer<Int16>?
        /// Whether `strongest` has been computed for this line.
        fileprivate(set) var strongestReady = false
    }

    /// The least gradient (half the difference of a sample's neighbours) `edgeRuns` takes for an edge.
    static let leastEdge = 3.0

    /// The floor every edge reading uses: twice the noise or a tenth of the line's range, whichever is less, and at least
    /// `leastEdge`.
    static func standardEdgeFloor(noise: Double, range: Double) -> Double { max(leastEdge, min(noise * 2, range * 0.1)) }

    /// The fainter floor of the sweeps' second edge reading: the noise itself or a twentieth of the range. Where a blurred,
    /// low-contrast symbol fills most of a line, its own edges set the median: a narrow bar or space then rises only a
    /// few gray levels, under twice that median, and the standard reading drops its edges (`upce-3/09`: noise 3.5, range 89,
    /// floor 7, a narrow bar's edges 4–6). Never above the standard floor; equal to it only at `leastEdge`, where the two
    /// readings are the same.
    static func faintEdgeFloor(noise: Double, range: Double) -> Double { max(leastEdge, min(noise, range * 0.05)) }

    /// The gradient of `g` into `buffers` (reserved for `g.count` values), or nil where the line cannot give `fewest` runs
    /// at any floor: its gradient peaks of at least `leastEdge`, counted alternating in direction, are too few
    /// (`mayHaveEdges`), and every floor is at least that. With `twice` (twice the values of `g`, whole numbers within
    /// ±`largestWholeBoundValue` halves), that count is made on them (`mayHaveEdges(twice:count:floor:times:)`, the same
    /// answer) before the gradient. With `unwrittenValues` (and `twice`), `g`'s values are not written yet: they are
    /// written from `twice` (`halves(of:count:into:)`) once the count lets the gradient be made.
    static func lineGradient(_ g: UnsafeBufferPointer<Double>, step: Double, buffers: ScanLineBuffers, fewest: Int = 0,
                             twice: UnsafePointer<Int16>? = nil, unwrittenValues: Bool = false) -> LineGradient? {
        let count = g.count
        guard count >= 5 else { return nil }
        if fewest > 2, let twice, !Self.mayHaveEdges(twice: twice, count: count, floor: Self.leastEdge, times: fewest - 2) { return nil }
        if unwrittenValues, let twice { Self.halves(of: twice, count: count, into: UnsafeMutablePointer(mutating: g.baseAddress!)) }
        let slope = buffers.slope, strength = buffers.strength
        (slope[0], strength[0], slope[count - 1], strength[count - 1]) = (0, 0, 0, 0)
        for k in 1..<(count - 1) {
            let s = (g[k &+ 1] - g[k &- 1]) / 2
            slope[k] = s
            strength[k] = abs(s)
        }
        if fewest > 2 && twice == nil && !Self.mayHaveEdges(slope: slope, strength: strength, count: count, floor: Self.leastEdge, times: fewest - 2) {
            return nil
        }
        let noise = SlidingExtremes.median(byteRange: UnsafeBufferPointer(start: strength, count: count))
        return LineGradient(count: count, step: step, noise: noise, twice: twice)
    }

    /// Runs from gray values by their edges: peaks of the gradient, placed to a fraction of a sample by a parabola through
    /// the peak and its neighbours. A peak counts when it stands out from the line's noise and from a quarter of the strongest
    /// edge nearby; two edges in the same direction keep the stronger one, so the runs alternate. `range` is `range(g)`;
    /// works in `buffers` as `thresholdRuns` does.
    ///
    /// A line that cannot give `fewest` runs gives one run instead: before the noise level and the strongest edges nearby,
    /// the edges are counted under the necessary conditions alone (a peak of the gradient of at least `leastEdge`,
    /// alternating in direction, the first light to dark).
    static func edgeRuns(_ g: UnsafeBufferPointer<Double>, step: Double, range: Double, buffers: ScanLineBuffers, fewest: Int = 0) -> RunRow {
        let tooFew = RunRow(widths: [Double(g.count) * step], starts: [0])
        guard var gradient = lineGradient(g, step: step, buffers: buffers, fewest: fewest) else { return tooFew }
        return edgeRuns(&gradient, floor: standardEdgeFloor(noise: gradient.noise, range: range), buffers: buffers, fewest: fewest) ?? tooFew
    }

    /// The runs between the edges of at least `floor` of a line whose gradient is in `buffers`, or nil where the line cannot
    /// give `fewest` runs at that floor (its peaks of at least `floor`, counted as `mayHaveEdges` does, are too few).
    static func edgeRuns(_ gradient: inout LineGradient, floor: Double, buffers: ScanLineBuffers, fewest: Int = 0) -> RunRow? {
        let count = gradient.count, step = gradient.step
        let slope = buffers.slope, strength = buffers.strength, localStrongest = buffers.strongest
        // The bound again at the line's own floor (where it is above the least), before the strongest edges nearby: on the
        // whole numbers where the line has them (the same answer, eight samples to a vector register where the doubles
        // went two).
        if fewest > 2 && floor > Self.leastEdge {
            let may = if let twice = gradient.twice {
                Self.mayHaveEdges(twice: twice, count: count, floor: floor, times: fewest - 2)
            } else {
                Self.mayHaveEdges(slope: slope, strength: strength, count: count, floor: floor, times: fewest - 2)
            }
            if !may { return nil }
        }
        if !gradient.strongestReady {
            if let twice = gradient.twice {
                Self.strongest(twice: twice, count: count, radius: Int(24 / step), into: localStrongest, scratch: buffers.scratch)
            } else {
                SlidingExtremes.maximum(strength, count: count, radius: Int(24 / step), into: localStrongest, scratch: buffers.scratch)
            }
            gradient.strongestReady = true
        }
        // Each edge's position and slope (negative is light to dark, the start of a bar), at most one a sample: into the
        // buffers, as are the runs after them.
        let positions = buffers.edgePositions, slopes = buffers.edgeSlopes
        // Two passes, as `MidpointColourChanges` reads its samples: tested in one order, every sample's peak test took a
        // branch that a textured line mispredicts (a peak every few samples). First each sample on its own, a byte that is
        // 1 where the sample is a peak at the floor (no branch; the compiler vectorizes it), into the scratch (free once
        // the strongest edges are made); then only those samples, found eight at a time.
        let isPeak = UnsafeMutableRawPointer(buffers.scratch).assumingMemoryBound(to: UInt8.self)
        // Four samples a step in vectors of four, each lane `isPeak`'s sign bits, their four bytes narrowed and stored at
        // once (two a step, the compiler's choice, narrowed each pair through three packs of its own).
        let end = count &- 2
        var k = 2
        while k &+ 4 <= end {
            let a = UnsafeRawPointer(strength + (k &- 1)).loadUnaligned(as: SIMD4<Double>.self)
            let b = UnsafeRawPointer(strength + k).loadUnaligned(as: SIMD4<Double>.self)
            let c = UnsafeRawPointer(strength + (k &+ 1)).loadUnaligned(as: SIMD4<Double>.self)
            let near = UnsafeRawPointer(localStrongest + k).loadUnaligned(as: SIMD4<Double>.self) * 0.25
            let rising = unsafeBitCast(c - b, to: SIMD4<UInt64>.self)
            let notPeak = unsafeBitCast(b - a, to: SIMD4<UInt64>.self) | unsafeBitCast(b - floor, to: SIMD4<UInt64>.self)
                | unsafeBitCast(b - near, to: SIMD4<UInt64>.self)
            let peak = (rising & ~notPeak) &>> 63
            UnsafeMutableRawPointer(isPeak + k).storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: peak), as: SIMD4<UInt8>.self)
            k &+= 4
        }
        while k < end {
            let a = strength[k &- 1], b = strength[k], c = strength[k &+ 1]
            isPeak[k] = UInt8(truncatingIfNeeded: Self.isPeak(a, b, c, floor: floor, near: localStrongest[k] * 0.25))
            k &+= 1
        }
        var edges = 0
        k = 2
        while true {
            while k &+ 8 <= end {
                let word = UnsafeRawPointer(isPeak + k).loadUnaligned(as: UInt64.self)
                if word != 0 { k &+= (UInt64(littleEndian: word).trailingZeroBitCount >> 3); break }
                k &+= 8
            }
            if k &+ 8 > end {
                while k < end && isPeak[k] == 0 { k &+= 1 }
            }
            guard k < end else { break }
            let a = strength[k &- 1], b = strength[k], c = strength[k &+ 1]
            let curvature = a - 2 * b + c
            let offset = curvature < 0 ? 0.5 * (a - c) / curvature : 0
            let position = Double(k) + max(-0.5, min(0.5, offset)), edgeSlope = slope[k]
            if edges > 0, (slopes[edges - 1] < 0) == (edgeSlope < 0) {
                if abs(edgeSlope) > abs(slopes[edges - 1]) { (positions[edges - 1], slopes[edges - 1]) = (position, edgeSlope) }
            } else if edges > 0 || edgeSlope <= 0 {
                // The first edge goes from light to dark.
                (positions[edges], slopes[edges]) = (position, edgeSlope)
                edges += 1
            }
            k &+= 1
        }
        if edges % 2 == 1 { (positions[edges], slopes[edges]) = (Double(count), 1); edges += 1 }
        let widths = buffers.runWidths, starts = buffers.runStarts
        starts[0] = 0
        var previous = 0.0
        for e in 0..<edges {
            widths[e] = (positions[e] - previous) * step
            starts[e + 1] = positions[e] * step
            previous = positions[e]
        }
        widths[edges] = (Double(count) - previous) * step
        return RunRow(widths: Array(UnsafeBufferPointer(start: widths, count: edges + 1)), starts: Array(UnsafeBufferPointer(start: starts, count: edges + 1)))
    }

    /// `SlidingExtremes.maximum` of a line's gradient strengths (radius `radius`, into `strongest`) for a line of halves of
    /// whole numbers, from twice its values (`twice`, G, within ±`largestWholeBoundValue` halves). Sample k's strength is
    /// |S| / 4 (S = G[k + 1] − G[k − 1], and 0 at either end, exact in doubles), so the strongest within the window is
    /// its largest |S| over four: the window maxima are taken of the 16-bit |S|, eight to a vector register where the
    /// doubles went two, and written as doubles once. `scratch` holds `SlidingExtremes.scratchCount(count, radius:)`
    /// doubles, room for the |S|, their maxima and the doubling's rounds as 16-bit numbers. (With the bound at the floor
    /// on the whole numbers too: `upce-3/06`, UPC-E, 3.109 → 3.077 M instructions, the doubles' maxima 2.4 % of its time.)
    static func strongest(twice g: UnsafePointer<Int16>, count: Int, radius: Int, into strongest: UnsafeMutablePointer<Double>,
                          scratch: UnsafeMutablePointer<Double>) {
        guard count > 0 else { return }
        // The doubling's rounds take 2 · (count + 2 · radius) 16-bit numbers from the start; the |S| and their maxima go
        // after them, within the scratch's 16 · (count + 2 · radius).
        let padded = count + 2 * max(0, radius)
        let rounds = UnsafeMutableRawPointer(scratch).assumingMemoryBound(to: Int16.self)
        let magnitudes = rounds + 2 * padded, maxima = magnitudes + padded
        magnitudes[0] = 0
        magnitudes[count - 1] = 0
        if count > 2 {
            let before = g, after = g + 2, inner = magnitudes + 1
            for k in 0..<(count &- 2) {
                let s = after[k] &- before[k]
                inner[k] = Swift.max(s, 0 &- s)
            }
        }
        SlidingExtremes.maximum(UnsafePointer(magnitudes), count: count, radius: radius, into: maxima, scratch: rounds)
        for k in 0..<count { strongest[k] = Double(Int32(maxima[k])) * 0.25 }
    }

    /// Whether `edgeRuns` may find `times` edges on a line whose gradient is `slope` (its magnitude `strength`, `count`
    /// values) with edges at least `floor` strong: every peak of the gradient of at least `floor` is counted, alternating
    /// in direction, the first light to dark. The edges `edgeRuns` keeps are such peaks (its gate on the strongest edge
    /// nearby only drops some), and of two in the same direction one at most, so they alternate as a subsequence of the
    /// peaks counted here, which cannot alternate more often than the whole sequence: a count short of `times` means it
    /// cannot find them.
    static func mayHaveEdges(slope: UnsafePointer<Double>, strength: UnsafePointer<Double>, count: Int, floor: Double, times: Int) -> Bool {
        guard count >= 5 else { return times <= 0 }
        guard times > 0 else { return true }
        // After any peak the direction looked for is its own: a counted one differed from it and turned, an uncounted
        // one had it already. So the last peak's direction (1 rising) is a flip-flop that a rising peak sets and a falling
        // one clears (rising before the first: the first edge counted falls), and a peak is counted exactly where it
        // changes it. 64 samples
        // at a time (`FlipFlopBits`): first each on its own, a byte with bit 0 for a rising peak and bit 1 for a falling
        // one, in a plain loop the compiler vectorizes; then the changes. The count only grows, so it reaches `times`
        // exactly when it does at the end of some block. (Sample by sample, each waited on the direction the one before
        // left: 28 instructions a sample.)
        //
        // Four samples a step in vectors of four (two registers each), their four bytes narrowed and stored at once: two
        // samples a step, the compiler's choice, narrowed each pair through three packs of its own. No `near` test: a
        // strength is a magnitude, so `b - 0` never has its sign bit set (`isPeak` at `near` 0).
        return FlipFlopBits.changesReach(times, over: 2..<(count &- 2), carry: 1) { start, n, e in
            var j = 0
            while j &+ 4 <= n {
                let k = start &+ j
                let a = UnsafeRawPointer(strength + (k &- 1)).loadUnaligned(as: SIMD4<Double>.self)
                let b = UnsafeRawPointer(strength + k).loadUnaligned(as: SIMD4<Double>.self)
                let c = UnsafeRawPointer(strength + (k &+ 1)).loadUnaligned(as: SIMD4<Double>.self)
                let rising = unsafeBitCast(c - b, to: SIMD4<UInt64>.self)
                let notPeak = unsafeBitCast(b - a, to: SIMD4<UInt64>.self) | unsafeBitCast(b - floor, to: SIMD4<UInt64>.self)
                let peak = (rising & ~notPeak) &>> 63
                let falls = SIMD4<UInt64>().replacing(with: 1, where: UnsafeRawPointer(slope + k).loadUnaligned(as: SIMD4<Double>.self) .< 0)
                let bytes = SIMD4<UInt8>(truncatingIfNeeded: peak &+ (peak & falls))
                UnsafeMutableRawPointer(e + j).storeBytes(of: bytes, as: SIMD4<UInt8>.self)
                j &+= 4
            }
            while j < n {
                let k = start &+ j
                let a = strength[k &- 1], b = strength[k], c = strength[k &+ 1]
                // 1 for a rising peak, 2 for a falling one, in words as wide as the samples, narrowed once.
                let peak = Self.isPeak(a, b, c, floor: floor, near: 0)
                let falls: UInt64 = slope[k] < 0 ? 1 : 0
                e[j] = UInt8(truncatingIfNeeded: peak &+ (peak & falls))
                j &+= 1
            }
        }
    }

    /// `mayHaveEdges` of a line of halves of whole numbers, from twice its values (`twice`, G, within
    /// ±`largestWholeBoundValue` halves), eight samples to a vector register where the doubles went two, without the
    /// gradient made first. Sample k's slope is S / 4 (S = G[k + 1] − G[k − 1], exact in doubles) and its strength |S| / 4,
    /// so a peak is where |S| is at least its neighbours' (above the next one's) and at least `floor` times four rounded
    /// up, and falls where S < 0: the same peaks, counted as `mayHaveEdges` counts them.
    static func mayHaveEdges(twice g: UnsafePointer<Int16>, count: Int, floor: Double, times: Int) -> Bool {
        guard count >= 5 else { return times <= 0 }
        guard times > 0 else { return true }
        // No |S| exceeds twice `largestWholeBoundValue`: above that there is no peak.
        let leastQuadrupled = (4 * floor).rounded(.up)
        guard leastQuadrupled <= Double(2 * Self.largestWholeBoundValue) else { return false }
        let least = Int16(max(0, leastQuadrupled))
        return FlipFlopBits.changesReach(times, over: 2..<(count &- 2), carry: 1) { start, n, e in
            // Samples start + j and the values two either side of them.
            let twoBefore = g + (start &- 2), before = g + (start &- 1), at = g + start, after = g + (start &+ 1), twoAfter = g + (start &+ 2)
            for j in 0..<n {
                let previous = at[j] &- twoBefore[j], slope = after[j] &- before[j], next = twoAfter[j] &- at[j]
                let a = Swift.max(previous, 0 &- previous), b = Swift.max(slope, 0 &- slope), c = Swift.max(next, 0 &- next)
                // 1 for a rising peak, 2 for a falling one, as `mayHaveEdges` makes them: the tests as sign bits, as
                // `isPeak` makes them (the differences stay far within 16 bits: |S| is at most 3,276).
                let peak = UInt16(bitPattern: (c &- b) & ~((b &- a) | (b &- least))) >> 15
                let falls = UInt16(bitPattern: slope) >> 15
                e[j] = UInt8(truncatingIfNeeded: peak &+ (peak & falls))
            }
        }
    }

    /// 1 where `b` is a peak of the gradient strength between its neighbours `a` and `c` (`b >= a`, `b > c`) of at least
    /// `floor` and `near`, else 0, without a branch: `SignBit.atLeast(b, a) & SignBit.greater(b, c) & SignBit.atLeast(b,
    /// floor) & SignBit.atLeast(b, near)` (strengths are magnitudes, never NaN or −0), its four sign bits combined before
    /// the one shift (written as the four calls, the compiler kept four shifts: 0.2 M instructions more a no-code frame).
    @inline(__always)
    static func isPeak(_ a: Double, _ b: Double, _ c: Double, floor: Double, near: Double) -> UInt64 {
        ((c - b).bitPattern & ~((b - a).bitPattern | (b - floor).bitPattern | (b - near).bitPattern)) >> 63
    }
}
