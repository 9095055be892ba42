/// Minimum and maximum of every window of a sequence, in linear time (monotonic queues).
enum SlidingExtremes {
    /// For each index k, the minimum and maximum of `values[k - radius ... k + radius]` (clipped to the sequence).
    static func compute(_ values: [Double], radius: Int) -> (low: [Double], high: [Double]) {
        (extreme(values, radius: radius, smaller), extreme(values, radius: radius, larger))
    }

    // `a < b ? a : b` and `a > b ? a : b` are single SSE instructions (minsd/maxsd, minpd/maxpd when vectorized);
    // `Swift.max` is `b >= a ? b : a`, a compare and a blend. The same for values that are never NaN.
    @inline(__always) static func smaller(_ a: Double, _ b: Double) -> Double { a < b ? a : b }
    @inline(__always) static func larger(_ a: Double, _ b: Double) -> Double { a > b ? a : b }

    /// For each index k, the maximum of `values[k - radius ... k + radius]` (clipped to the sequence).
    static func maximum(_ values: [Double], radius: Int) -> [Double] {
        extreme(values, radius: radius, larger)
    }

    /// For each index k, `pick` folded over `values[k - radius ... k + radius]` (clipped to the sequence); `pick` is
    /// `min` or `max`.
    ///
    /// By doubling: after round j every position holds the extreme of the 2^j values from it on, so a window of w values
    /// is the extreme of two overlapping spans of the largest 2^j ≤ w. Each round is a plain pass without a chain from one
    /// value to the next (the compiler vectorizes it): log2(w) + 1 passes.
    @inline(__always)
    private static func extreme(_ values: [Double], radius: Int, _ pick: (Double, Double) -> Double) -> [Double] {
        let n = values.count
        guard n > 0 else { return [] }
        let r = max(0, radius), window = 2 * r + 1
        // The sequence padded by `r` on each side with copies of its end values: a window that reaches past an end then
        // holds only values its clipped window holds already.
        let padded = n + 2 * r
        return [Double](unsafeUninitializedCapacity: n) { result, initialized in
            // Called for every scan line: one scratch allocation for two buffers the rounds alternate between.
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * padded) { scratch in
                var source = scratch.baseAddress!, target = source + padded
                values.withUnsafeBufferPointer { v in
                    let first = v[0], last = v[n - 1]
                    for j in 0..<r { source[j] = first }
                    for j in 0..<n { source[j + r] = v[j] }
                    for j in (n + r)..<padded { source[j] = last }
                }
                var span = 1
                while 2 * span <= window {
                    // Valid positions shrink by `span` each round: position i covers source[i ..< i + 2 · span].
                    let ahead = source + span
                    for i in 0..<(padded - 2 * span + 1) { target[i] = pick(source[i], ahead[i]) }
                    swap(&source, &target)
                    span *= 2
                }
                // The window of value k covers padded positions k ..< k + window.
                let out = result.baseAddress!, shifted = source + (window - span)
                for k in 0..<n { out[k] = pick(source[k], shifted[k]) }
            }
            initialized = n
        }
    }

    /// Extremes over a wide window from extremes over a narrow one (`low`, `high`, radius `narrow`): at every `narrow`-th
    /// index the union of narrow windows `2 × narrow` apart covering `±radius`, held for the indices around it. Within
    /// `narrow / 2` of the exact window, at a fraction of the cost.
    static func widen(low: [Double], high: [Double], narrow: Int, to radius: Int) -> (low: [Double], high: [Double]) {
        let n = low.count
        guard narrow >= 1, radius > narrow, n > 0 else { return (low, high) }
        var wideLow = [Double](repeating: 0, count: n), wideHigh = [Double](repeating: 0, count: n)
        let span = 2 * narrow + 1, reach = radius - narrow
        low.withUnsafeBufferPointer { lo in
            high.withUnsafeBufferPointer { hi in
                wideLow.withUnsafeMutableBufferPointer { wl in
                    wideHigh.withUnsafeMutableBufferPointer { wh in
                        var center = 0
                        while center < n {
                            var a = Double.infinity, b = -Double.infinity
                            var k = Swift.max(0, center - reach)
                            let last = Swift.min(n - 1, center + reach)
                            while k <= last { a = smaller(lo[k], a); b = larger(hi[k], b); k += span }
                            a = smaller(lo[last], a); b = larger(hi[last], b)
                            for i in Swift.max(0, center - narrow / 2)..<Swift.min(n, center + narrow - narrow / 2) { wl[i] = a; wh[i] = b }
                            center += narrow
                        }
                    }
                }
            }
        }
        return (wideLow, wideHigh)
    }

    /// The median of values in 0…255 to a quarter, by histogram (values outside are clamped).
    static func median(byteRange values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        // Called for every scan line: the histogram lives on the stack.
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 1021) { histogram in
            histogram.initialize(repeating: 0)
            values.withUnsafeBufferPointer { v in
                for value in v { histogram[Int(larger(0, smaller(255, value)) * 4 + 0.5)] &+= 1 }
            }
            var seen = 0
            let half = values.count / 2
            for value in 0..<1021 {
                seen += Int(histogram[value])
                if seen > half { return Double(value) / 4 }
            }
            return 255
        }
    }
}
