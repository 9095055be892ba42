/// Runs from the alternating minima and maxima of the gray values along a line, each edge placed where the values cross
/// the midpoint of the two extremes it joins.
///
/// Every edge gets its own threshold, so a narrow bar that blur or glare kept from getting as dark as its wide
/// neighbours (or a narrow space as light) still makes a run, as long as it stands out from the extremes beside it by
/// three times the line's noise in flat stretches (the lower quartile of the steps between neighbouring values; the median
/// step of a line across bars is their slopes, not noise), and by 8 gray levels at least.
enum ExtremumRuns {
    static func runs(_ g: [Double], step: Double) -> RunRow {
        let n = g.count
        guard n >= 3 else { return RunRow(widths: [Double(n) * step], starts: [0]) }
        var steps = [Double](repeating: 0, count: n - 1)
        for k in 1..<n { steps[k - 1] = abs(g[k] - g[k - 1]) }
        let delta = max(8, 3 * SlidingExtremes.quantile(byteRange: steps, fraction: 0.25))
        // Alternating extremes with hysteresis: an extreme is confirmed once the values have moved `delta` away from it.
        var extremes: [(index: Int, isMaximum: Bool)] = []
        extremes.reserveCapacity(n / 2)
        var low = 0, high = 0
        var seekingMaximum: Bool? = nil
        for k in 1..<n {
            if g[k] > g[high] { high = k }
            if g[k] < g[low] { low = k }
            switch seekingMaximum {
            case nil:
                if g[high] - g[k] >= delta && high < k { extremes.append((high, true)); seekingMaximum = false; low = k }
                else if g[k] - g[low] >= delta && low < k { extremes.append((low, false)); seekingMaximum = true; high = k }
            case true?:
                if g[high] - g[k] >= delta { extremes.append((high, true)); seekingMaximum = false; low = k }
            case false?:
                if g[k] - g[low] >= delta { extremes.append((low, false)); seekingMaximum = true; high = k }
            }
        }
        var widths: [Double] = [], starts: [Double] = [0]
        widths.reserveCapacity(extremes.count + 2)
        starts.reserveCapacity(extremes.count + 2)
        var previous = 0.0
        func edge(at position: Double) {
            widths.append((position - previous) * step)
            starts.append(position * step)
            previous = position
        }
        // Runs begin light: a line that starts dark gets an empty light run first.
        if let first = extremes.first, !first.isMaximum, extremes.count >= 2 { edge(at: 0) }
        for e in 1..<max(1, extremes.count) {
            let a = extremes[e - 1], b = extremes[e]
            let threshold = (g[a.index] + g[b.index]) / 2
            var position = Double(b.index)
            for k in a.index..<b.index where (g[k] - threshold) * (g[k + 1] - threshold) <= 0 && g[k] != g[k + 1] {
                position = Double(k) + (threshold - g[k]) / (g[k + 1] - g[k])
                break
            }
            edge(at: position)
        }
        widths.append((Double(n) - previous) * step)
        // Runs end light: a line that ends dark gets an empty light run last.
        if widths.count % 2 == 0 { starts.append(Double(n) * step); widths.append(0) }
        return RunRow(widths: widths, starts: starts)
    }
}
