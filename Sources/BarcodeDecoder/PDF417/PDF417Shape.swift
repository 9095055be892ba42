/// A PDF417 symbol's rows, data columns and error-correction level, voted from the row indicators read on scan lines.
///
/// Each row indicator is 30·(row ÷ 3) plus, by the row's cluster, (rows − 1) ÷ 3, 3·level + (rows − 1) mod 3 or
/// columns − 1 (left indicator: clusters 0, 3, 6 in that order; right indicator: columns − 1, (rows − 1) ÷ 3, 3·level +
/// (rows − 1) mod 3).
struct PDF417Shape {
    var rows: Int
    var columns: Int
    var errorCorrectionLevel: Int

    init?(lines: [PDF417Reader.ScanLine], columns scannedColumns: Int) {
        var rowsThird = [Int: Int](), levelAndRest = [Int: Int](), columnVotes = [Int: Int]()
        for line in lines {
            for cw in line.codewords {
                let part = cw.codeword.value % 30
                if cw.column == 0 {
                    switch cw.codeword.cluster {
                    case 0: rowsThird[part, default: 0] += 1
                    case 3: levelAndRest[part, default: 0] += 1
                    default: columnVotes[part, default: 0] += 1
                    }
                } else if cw.column == scannedColumns + 1 {
                    switch cw.codeword.cluster {
                    case 0: columnVotes[part, default: 0] += 1
                    case 3: rowsThird[part, default: 0] += 1
                    default: levelAndRest[part, default: 0] += 1
                    }
                }
            }
        }
        func winner(_ votes: [Int: Int]) -> Int? { votes.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key }
        guard let third = winner(rowsThird), let rest = winner(levelAndRest), let columnsLess1 = winner(columnVotes) else { return nil }
        rows = third * 3 + rest % 3 + 1
        columns = columnsLess1 + 1
        errorCorrectionLevel = rest / 3
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
