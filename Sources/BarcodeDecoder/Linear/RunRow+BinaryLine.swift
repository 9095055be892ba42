extension RunRow {
    /// The runs of row `line` of a binary image (of column `line` with `isColumn`), light first and last as
    /// `LinearReader.thresholdRuns` gives them: a dark end gets a light run of no width. Positions count cells from the
    /// line's first. `runs` is working storage, kept from line to line.
    init(binary: BitMatrix, line: Int, isColumn: Bool, runs: inout [(start: Int, length: Int)]) {
        if isColumn { binary.runs(ofColumn: line, into: &runs) } else { binary.runs(ofRow: line, into: &runs) }
        func dark(_ i: Int) -> Bool { isColumn ? binary[line, i] : binary[i, line] }
        var widths: [Double] = [], starts: [Double] = []
        widths.reserveCapacity(runs.count + 2)
        starts.reserveCapacity(runs.count + 2)
        if let first = runs.first, dark(first.start) { widths.append(0); starts.append(0) }
        for run in runs { widths.append(Double(run.length)); starts.append(Double(run.start)) }
        if let last = runs.last, dark(last.start) { widths.append(0); starts.append(Double(isColumn ? binary.height : binary.width)) }
        self.init(widths: widths, starts: starts)
    }
}
