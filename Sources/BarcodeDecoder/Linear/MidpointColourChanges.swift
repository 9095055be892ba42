/// Where midpoint thresholding changes a line's colour: the heart of `LinearReader.thresholdRuns`.
///
/// The rule, sample by sample along the line (light at first): a sample is strong when its window's contrast (`high`
/// less `low`) is at least `minimumContrast` and at least 0.4 of the wide window's; only strong samples change the
/// colour. A strong sample below its window's midpoint by more than the margin (a twentieth of the contrast) makes a light
/// line dark; one at or above the midpoint plus the margin makes a dark line light. A change's edge is the line's last
/// crossing of the midpoint (linear between the two samples; only a strong sample's crossing counts) when that lies
/// within the run it ends, else the sample itself.
///
/// Read in that order, each sample waited on the colour the one before it left and took a branch on it that textured
/// lines mispredict (every bar of a frame without a code). Here the samples are read in two passes instead:
/// 1. every sample on its own (no state): its difference from the midpoint and what it can do, as three bits — makes a
///    light line dark, makes a dark line light, is strong — all clear for a weak sample, with no branch;
/// 2. from one change to the next: on a light line the next sample that can darken it, found eight samples at a time,
///    then the next that can lighten it; at each change its edge from the last crossing, looked for backwards only as
///    far as the run's start (an earlier one could not lie within the run): a strong sample whose difference has the
///    other sign than the one before it, both differences kept from the first pass.
/// The same changes and the same edges, bit for bit: the crossing is the same expression of the same two differences
/// (`MidpointColourChangesTests` compares with the rule read sample by sample). Whether a sample crosses is asked only
/// on the few samples the second pass walks back over, not made for every sample in the first (its compares and the
/// narrowing of their masks to a byte were a fifth of that pass's instructions).
enum MidpointColourChanges {
    /// A sample that makes a light line dark.
    static let darkens: UInt8 = 1
    /// A sample that makes a dark line light.
    static let lightens: UInt8 = 2
    /// A strong sample: one that may change the colour, and whose crossing of the midpoint counts.
    static let strong: UInt8 = 4

    /// The colour changes of `g` (window extremes `low`, `high`; the wide window's `wideLow`, `wideHigh`), and how many:
    /// change i's position into `buffers.runStarts[i + 1]` and the width of the run it ends into `buffers.runWidths[i]`
    /// (`runStarts[0]`, the line's start at 0, is the caller's). The line is dark at the end when the count is odd, and
    /// its last run starts at `runStarts[count]`. Uses `buffers.scratch` (free once the window extremes are made) for the
    /// differences and the bits.
    static func find(_ g: UnsafeBufferPointer<Double>, low: UnsafePointer<Double>, high: UnsafePointer<Double>,
                     wideLow: UnsafePointer<Double>, wideHigh: UnsafePointer<Double>, minimumContrast: Double,
                     buffers: ScanLineBuffers) -> Int {
        let count = g.count
        let differences = buffers.scratch
        let events = UnsafeMutableRawPointer(buffers.scratch + count).assumingMemoryBound(to: UInt8.self)
        let values = g.baseAddress!
        @inline(__always) func event(_ k: Int) {
            let lo = low[k], hi = high[k]
            let contrast = hi - lo
            let difference = values[k] - (hi + lo) / 2
            differences[k] = difference
            // Both tests made, no branch: all bits kept for a strong sample, none for a weak one. The bits are made and
            // combined in words as wide as the samples and narrowed to a byte once: the vectorized loop packed each
            // test's mask to bytes on its own before (a third of its instructions).
            let isStrong: UInt64 = (contrast >= minimumContrast ? 7 : 0) & (contrast >= (wideHigh[k] - wideLow[k]) * 0.4 ? 7 : 0)
            let margin = contrast * 0.05
            let toDark: UInt64 = difference < -margin ? 1 : 0
            let toLight: UInt64 = difference < margin ? 0 : 2
            events[k] = UInt8(truncatingIfNeeded: (toDark | toLight | UInt64(strong)) & isStrong)
        }
        // Four samples a step in vectors of four, each lane `event`'s arithmetic (the same differences and bits), the
        // four bytes narrowed and stored at once: two a step, the compiler narrowed each test's mask on its own (41
        // instructions for two samples).
        var k = 0
        while k &+ 4 <= count {
            @inline(__always) func load(_ p: UnsafePointer<Double>) -> SIMD4<Double> { UnsafeRawPointer(p + k).loadUnaligned(as: SIMD4<Double>.self) }
            let lo = load(low), hi = load(high)
            let contrast = hi - lo
            let difference = load(values) - (hi + lo) / 2
            UnsafeMutableRawPointer(differences + k).storeBytes(of: difference, as: SIMD4<Double>.self)
            let isStrong = (contrast .>= minimumContrast) .& (contrast .>= (load(wideHigh) - load(wideLow)) * 0.4)
            let margin = contrast * 0.05
            let toDark = SIMD4<UInt64>().replacing(with: 1, where: difference .< -margin)
            let toLight = SIMD4<UInt64>(repeating: 2).replacing(with: 0, where: difference .< margin)
            let bits = SIMD4<UInt64>().replacing(with: toDark | toLight | UInt64(strong), where: isStrong)
            UnsafeMutableRawPointer(events + k).storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: bits), as: SIMD4<UInt8>.self)
            k &+= 4
        }
        while k < count {
            event(k)
            k &+= 1
        }
        return changes(events, count: count, buffers: buffers) { differences[$0] }
    }

    /// `find` on a line of halves of whole numbers, from the whole numbers `SlidingExtremes.wholeExtremes` left
    /// (`halves`: G, L and H, twice each value and its window's extremes, within ±`LinearReader.largestWholeBoundValue`:
    /// `LinearReader.boundsColourChanges`) and twice the wide window's extremes (`wideLow`, `wideHigh`, WL and WH:
    /// `SlidingExtremes.widen` on the whole numbers), eight samples to a vector register where the doubles went two. The
    /// same changes and edges, without the extremes as doubles.
    ///
    /// The tests on whole numbers, as `LinearReader.mayChangeColour(halves:minimumContrast:times:)` makes them: a sample
    /// darkens where 20G < 9H + 11L, lightens where 20G ≥ 11H + 9L, and its contrast C / 2 (C = H − L) is at least
    /// `minimumContrast` where C is at least twice it rounded up. Its contrast is at least 0.4 of the wide window's,
    /// (WH − WL) / 2, where 5C ≥ 2 (WH − WL): where the two are equal the product with 0.4 (a double 2⁻⁵⁴ of itself
    /// above 0.4) is C / 2 to the bit, as that relative step is under half a unit of C / 2's last place, and elsewhere C / 2
    /// lies at least a tenth from it. A sample's difference from its midpoint is D / 4 (D = 2G − H − L), the double
    /// `find` computes, made only for the samples the second pass walks back over. `events` (room for `halves.count`
    /// bytes) must not overlap the whole numbers.
    static func find(halves: SlidingExtremes.Halves, wideLow: UnsafePointer<Int16>, wideHigh: UnsafePointer<Int16>, minimumContrast: Double,
                     events: UnsafeMutablePointer<UInt8>, buffers: ScanLineBuffers) -> Int {
        let count = halves.count, g = halves.twice, low = halves.low, high = halves.high
        // No C exceeds twice `largestWholeBoundValue`: a least C above it is a sample never strong.
        let leastDoubledContrast = (2 * minimumContrast).rounded(.up)
        let leastC = leastDoubledContrast <= Double(2 * LinearReader.largestWholeBoundValue) ? Int16(leastDoubledContrast) : Int16.max
        for k in 0..<count {
            let lo = low[k], hi = high[k], twenty = g[k] &* 20, contrast = hi &- lo
            let isStrong: Int16 = (contrast >= leastC ? 7 : 0) & (contrast &* 5 >= (wideHigh[k] &- wideLow[k]) &* 2 ? 7 : 0)
            // 9H + 11L and 11H + 9L as 10(H + L) ∓ C: equal as whole numbers, so equal in 16-bit wrapping arithmetic too
            // (one multiplication for the two sides, not four).
            let tenSum = (hi &+ lo) &* 10
            let toDark: Int16 = twenty < tenSum &- contrast ? 1 : 0
            let toLight: Int16 = twenty >= tenSum &+ contrast ? 2 : 0
            events[k] = UInt8(truncatingIfNeeded: (toDark | toLight | Int16(strong)) & isStrong)
        }
        return changes(events, count: count, buffers: buffers) { j in
            Double(2 &* Int32(g[j]) &- Int32(high[j]) &- Int32(low[j])) * 0.25
        }
    }

    /// The second pass of `find`: the changes from the first pass's bits (`events`, `count` of them) and each sample's
    /// difference from its midpoint (`difference`), into the buffers as `find` describes; how many.
    @inline(__always)
    private static func changes(_ events: UnsafePointer<UInt8>, count: Int, buffers: ScanLineBuffers, difference: (Int) -> Double) -> Int {
        let widths = buffers.runWidths, starts = buffers.runStarts
        var changes = 0
        var runStart = 0.0
        var k = 0
        while true {
            // The next sample that changes the colour (dark after an odd number of changes), eight bytes at a time.
            k = EventBytes.next(changes & 1 == 1 ? lightens : darkens, in: events, from: k, count: count)
            guard k < count else { break }
            // The last crossing at or before this sample, when it lies within this run: a crossing lies between its
            // sample and the one before, so none at or before the run's start can. (So `j` ≥ 1 here: the run's start is
            // never below 0, and sample `j − 1` is the one before.)
            var edge = Double(k)
            var j = k
            while Double(j) > runStart {
                if events[j] & strong != 0 && (difference(j) > 0) != (difference(j &- 1) > 0) {
                    let before = difference(j &- 1)
                    let crossing = Double(j &- 1) + before / (before - difference(j))
                    if crossing > runStart { edge = crossing }
                    break
                }
                j &-= 1
            }
            widths[changes] = edge - runStart
            starts[changes &+ 1] = edge
            changes &+= 1
            runStart = edge
            k &+= 1
        }
        return changes
    }
}
