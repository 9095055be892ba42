extension RunRow {
    /// The runs of row `line` of a binary image (of column `line` with `isColumn`), light first and last as
    /// `LinearReader.thresholdRuns` gives them: a dark end gets a light run of no width. Positions count cells from the
    /// line's first. `runs` is working storage, kept from line to line.
    ///
    /// The widths and starts are written into arrays of their final size: appended one by one they cost a uniqueness
    /// and capacity test each (about 2,000 instructions a line on the textured rows of a frame without a code).
    init(binary: BitMatrix, line: Int, isColumn: Bool, runs: inout [(start: Int, length: Int)]) {
        if isColumn { binary.runs(ofColumn: line, into: &runs) } else { binary.runs(ofRow: line, into: &runs) }
        func dark(_ i: Int) -> Bool { isColumn ? binary[line, i] : binary[i, line] }
        let startsDark = runs.first.map { dark($0.start) } ?? false
        let endsDark = runs.last.map { dark($0.start) } ?? false
        let lead = startsDark ? 1 : 0
        let count = runs.count + lead + (endsDark ? 1 : 0)
        let end = Double(isColumn ? binary.height : binary.width)
        let found = runs
        let widths = [Double](unsafeUninitializedCapacity: count) { widths, initialized in
            if startsDark { widths[0] = 0 }
            for (k, run) in found.enumerated() { widths[lead + k] = Double(run.length) }
            if endsDark { widths[count - 1] = 0 }
            initialized = count
        }
        let starts = [Double](unsafeUninitializedCapacity: count) { starts, initialized in
            if startsDark { starts[0] = 0 }
            for (k, run) in found.enumerated() { starts[lead + k] = Double(run.start) }
            if endsDark { starts[count - 1] = end }
            initialized = count
        }
        self.init(widths: widths, starts: starts)
    }
}
