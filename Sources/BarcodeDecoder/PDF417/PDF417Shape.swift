/// A PDF417 symbol's rows, data columns and error-correction level, voted from the row indicators read on scan lines.
///
/// Each row indicator is 30·(row ÷ 3) plus, by the row's cluster, (rows − 1) ÷ 3, 3·level + (rows − 1) mod 3 or
/// columns − 1 (left indicator: clusters 0, 3, 6 in that order; right indicator: columns − 1, (rows − 1) ÷ 3, 3·level +
/// (rows − 1) mod 3).
struct PDF417Shape {
    var rows: Int
    var columns: Int
    var errorCorrectionLevel: Int

    /// Each of the three quantities an indicator holds (its value mod 30) is voted for by the indicators that hold it,
    /// the most votes winning, of as many the smallest value.
    ///
    /// The votes are counted in a table of 30 counts a quantity, on the stack, the winner the first of the most in
    /// rising order: the same winners as three dictionaries of counts whose maximum is taken by count, then the smaller
    /// key (`PDF417ShapeTests` compares them). The dictionaries' storage, hashing and growth cost about 13 k
    /// instructions a shape (`pdf417-3/10` takes two a decode, 26 k of its 2.9 M).
    init?(lines: [PDF417Reader.ScanLine], columns scannedColumns: Int) {
        let voted: (third: Int, rest: Int, columnsLess1: Int)? = withUnsafeTemporaryAllocation(of: Int32.self, capacity: 3 * 30) { counts in
            counts.initialize(repeating: 0)
            // Counts from 0 (rows ÷ 3), 30 ((rows − 1) mod 3 and the level) and 60 (columns − 1).
            let rowsThird = 0, levelAndRest = 30, columnVotes = 60
            for line in lines {
                for cw in line.codewords {
                    let part = cw.codeword.value % 30
                    if cw.column == 0 {
                        switch cw.codeword.cluster {
                        case 0: counts[rowsThird + part] += 1
                        case 3: counts[levelAndRest + part] += 1
                        default: counts[columnVotes + part] += 1
                        }
                    } else if cw.column == scannedColumns + 1 {
                        switch cw.codeword.cluster {
                        case 0: counts[columnVotes + part] += 1
                        case 3: counts[rowsThird + part] += 1
                        default: counts[levelAndRest + part] += 1
                        }
                    }
                }
            }
            func winner(_ first: Int) -> Int? {
                var best: Int?, bestCount: Int32 = 0
                for part in 0..<30 where counts[first + part] > bestCount { (best, bestCount) = (part, counts[first + part]) }
                return best
            }
            guard let third = winner(rowsThird), let rest = winner(levelAndRest), let columnsLess1 = winner(columnVotes) else { return nil }
            return (third, rest, columnsLess1)
        }
        guard let voted else { return nil }
        rows = voted.third * 3 + voted.rest % 3 + 1
        columns = voted.columnsLess1 + 1
        errorCorrectionLevel = voted.rest / 3
        guard rows >= 3, rows <= 90, errorCorrectionLevel <= 8, rows * columns <= 928 else { return nil }
    }

    /// The row of a left row indicator, if its value fits this symbol.
    func row(leftIndicator cw: PDF417Codeword) -> Int? { row(cw) }
    /// The row of a right row indicator, if its value fits this symbol.
    func row(rightIndicator cw: PDF417Codeword) -> Int? { row(cw) }

    private func row(_ cw: PDF417Codeword) -> Int? {
        let row = cw.value / 30 * 3 + cw.cluster / 3
        return row < rows ? row : nil
    }

    /// The least-squares line row = a + b·t over the scan lines whose left indicator was read.
    func rowFit(_ lines: [PDF417Reader.ScanLine]) -> (a: Double, b: Double)? {
        var n = 0.0, st = 0.0, sr = 0.0, stt = 0.0, str = 0.0
        for line in lines {
            guard let cw = line.codewords.first(where: { $0.column == 0 }), let row = row(leftIndicator: cw.codeword) else { continue }
            let r = Double(row) + 0.5, t = line.t
            n += 1; st += t; sr += r; stt += t * t; str += t * r
        }
        let denominator = n * stt - st * st
        guard n >= 3, abs(denominator) > 1e-9 else { return nil }
        let b = (n * str - st * sr) / denominator
        return ((sr - b * st) / n - 0.5, b)
    }
}
