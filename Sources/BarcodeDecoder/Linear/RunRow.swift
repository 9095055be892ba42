/// The light and dark runs met along one scan line, with sub-pixel edges.
///
/// Runs alternate and always begin and end light: even indices are light (spaces, quiet zones), odd indices dark (bars).
struct RunRow: Sendable {
    /// Run widths in pixels along the line.
    var widths: [Double]
    /// The position along the line where each run begins.
    var starts: [Double]

    /// The length covered by the runs.
    var total: Double { (starts.last ?? 0) + (widths.last ?? 0) }

    /// The same runs read from the other end.
    func reversed() -> RunRow {
        let w = Array(widths.reversed())
        var s = [Double](repeating: 0, count: w.count)
        var position = 0.0
        for i in 0..<w.count {
            s[i] = position
            position += w[i]
        }
        return RunRow(widths: w, starts: s)
    }
}

/// One symbol read along one scan line.
struct RowHit: Sendable {
    var symbology: Symbology
    var text: String
    var bytes: [UInt8]
    /// Index of the first bar of the symbol in the run row.
    var firstRun: Int
    /// Index of the last bar of the symbol in the run row.
    var lastRun: Int
    var isGS1: Bool = false
    /// How far the runs were from the ideal patterns (mean per character); lower is a cleaner read.
    var error: Double = 0
}

/// Decodes one symbology family from the runs of one scan line.
protocol RowDecoder: Sendable {
    var symbologies: Set<Symbology> { get }
    /// Every symbol found in the run widths of one line (`RunRow.widths`: light first and last), reading left to right;
    /// hits name runs by their index. (The widths alone: the line is decoded both ways, and the reversed widths need no
    /// reversed starts unless something is read.)
    func decode(_ runs: [Double], options: DecoderOptions) -> [RowHit]
    /// The fewest run widths (quiet zones included) a line must hold for `decode` to read anything with `options`: a
    /// line with fewer is not decoded, and its runs need not even be found (`LinearReader.thresholdRuns`).
    func fewestRuns(options: DecoderOptions) -> Int
}

extension RowDecoder {
    /// Twenty runs unless a decoder knows better: the gate every line passed before decoders said their own.
    func fewestRuns(options: DecoderOptions) -> Int { 20 }
}

/// Matching of run widths against module patterns.
enum RunPattern {
    /// How far `runs[start..<start+pattern.count]` is from `pattern` (in modules), as the mean error per module; 0 is a perfect fit.
    @inline(__always)
    static func distance(_ runs: [Double], _ start: Int, _ pattern: [Int], modules: Int) -> Double {
        distance(runs, start, pattern, modules: modules, counting: { $0 })
    }

    /// `distance` with each run's error first lessened by half a pixel (never below 0): the error an edge's place on the
    /// pixel grid alone gives a run. A guard of three runs 3.5 px a module, drawn as 3, 5 and 2 px, is 0.33 from its
    /// pattern by `distance` and 0.2 by this.
    @inline(__always)
    static func quantizedDistance(_ runs: [Double], _ start: Int, _ pattern: [Int], modules: Int) -> Double {
        distance(runs, start, pattern, modules: modules, counting: { max(0, $0 - 0.5) })
    }

    /// The sum of `counted` of each run's error (its distance from its pattern's width) over the runs' total. Inlined with
    /// its closure, so the plain distance's loop (the start guard's test at every bar) has no `max` in it.
    @inline(__always)
    private static func distance(_ runs: [Double], _ start: Int, _ pattern: [Int], modules: Int,
                                 counting counted: (Double) -> Double) -> Double {
        var total = 0.0
        for i in 0..<pattern.count { total += runs[start + i] }
        guard total > 0 else { return .infinity }
        let unit = total / Double(modules)
        var error = 0.0
        for i in 0..<pattern.count {
            error += counted(abs(runs[start + i] - Double(pattern[i]) * unit))
        }
        return error / total
    }

    /// Whether `widest(runs, start, count, wide: pattern.nonzeroBitCount, minimumRatio:)` reads `pattern` (at least one
    /// bit set, fewer than `count`), without sorting: exactly where the runs at its set bits are all wider than the
    /// others and the narrowest of them over the widest of the others (then the sort's `wideMin` and `narrowMax`) is
    /// positive and reaches `minimumRatio`. Where a run at a set bit is no wider than another, the sort puts no such
    /// pattern's bits. For the start characters' tests at every bar, where a sort cost a hundred instructions or more.
    @inline(__always)
    static func hasWide(_ runs: [Double], _ start: Int, _ count: Int, pattern: Int, minimumRatio: Double) -> Bool {
        guard start >= 0, start + count <= runs.count, pattern.nonzeroBitCount < count else { return false }
        var wideMin = Double.infinity, narrowMax = -Double.infinity
        for i in 0..<count {
            let w = runs[start + i]
            if (pattern >> (count - 1 - i)) & 1 == 1 { wideMin = Swift.min(wideMin, w) } else { narrowMax = Swift.max(narrowMax, w) }
        }
        return narrowMax > 0 && wideMin > narrowMax && wideMin / narrowMax >= minimumRatio
    }

    /// Marks the `wide` widest of `count` runs from `start` as wide, when they are at least `minimumRatio` times the widest
    /// narrow one; the first run is the most significant bit. With `step` 2, the runs of one colour (`start`, `start + 2`, …).
    static func widest(_ runs: [Double], _ start: Int, _ count: Int, wide: Int, minimumRatio: Double, step: Int = 1) -> (bits: Int, ratio: Double)? {
        guard start >= 0, count > 0, start + (count - 1) * step < runs.count, wide < count else { return nil }
        // Called for every run of every line: the widths are sorted on the stack.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { sorted -> (bits: Int, ratio: Double)? in
            for i in 0..<count {
                let w = runs[start + i * step]
                var j = i
                while j > 0 && sorted[j - 1] > w { sorted[j] = sorted[j - 1]; j -= 1 }
                sorted[j] = w
            }
            let narrowMax = sorted[count - wide - 1], wideMin = sorted[count - wide]
            guard narrowMax > 0, wideMin / narrowMax >= minimumRatio else { return nil }
            var bits = 0
            for i in 0..<count { bits = bits << 1 | (runs[start + i * step] >= wideMin ? 1 : 0) }
            return (bits, wideMin / narrowMax)
        }
    }
}
