@testable import BarcodeDecoder
import RigCore
import Testing

/// PDF417's shape vote (`PDF417Shape`: the row indicators' three quantities counted in tables of 30 on the stack) against
/// its definition, the votes counted in dictionaries whose maximum is taken by count, then the smaller key.
@Suite struct PDF417ShapeTests {
    /// The shape the indicators of `lines` vote for, as counted in dictionaries: rows, columns and level, or nil.
    static func counted(_ lines: [PDF417Reader.ScanLine], columns scannedColumns: Int) -> [Int]? {
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
        let rows = third * 3 + rest % 3 + 1, columns = columnsLess1 + 1, level = rest / 3
        guard rows >= 3, rows <= 90, level <= 8, rows * columns <= 928 else { return nil }
        return [rows, columns, level]
    }

    /// Lines of a symbol's indicators (as the specification writes them) with wrong indicators and data codewords mixed
    /// in, few enough lines that many votes tie, and lines missing a quantity altogether.
    @Test func theShapeIsTheOneDictionariesOfVotesGive() {
        var random = SeededGenerator(seed: 929)
        var shapes = 0, ties = 0
        for trial in 0..<3000 {
            let rows = Int.random(in: 3...90, using: &random), columns = Int.random(in: 1...30, using: &random)
            let level = Int.random(in: 0...8, using: &random)
            let scannedColumns = trial % 5 == 0 ? Int.random(in: 1...30, using: &random) : columns
            func indicator(row: Int, left: Bool) -> PDF417Codeword {
                let cluster = row % 3
                let parts = [(rows - 1) / 3, 3 * level + (rows - 1) % 3, columns - 1]
                let part = left ? parts[cluster] : parts[(cluster + 2) % 3]
                return PDF417Codeword(value: 30 * (row / 3) + part, cluster: 3 * cluster)
            }
            var lines: [PDF417Reader.ScanLine] = []
            for _ in 0..<Int.random(in: 0...(trial % 3 == 0 ? 4 : 40), using: &random) {
                var codewords: [PDF417Reader.LineCodeword] = []
                let row = Int.random(in: 0..<rows, using: &random)
                for column in 0...(scannedColumns + 1) where Int.random(in: 0..<4, using: &random) != 0 {
                    let codeword: PDF417Codeword
                    if (column == 0 || column == scannedColumns + 1) && Int.random(in: 0..<5, using: &random) != 0 {
                        codeword = indicator(row: row, left: column == 0)
                    } else {
                        codeword = PDF417Codeword(value: Int.random(in: 0...928, using: &random), cluster: 3 * Int.random(in: 0..<3, using: &random))
                    }
                    codewords.append(PDF417Reader.LineCodeword(column: column, codeword: codeword))
                }
                lines.append(PDF417Reader.ScanLine(t: Double.random(in: 0..<1, using: &random), codewords: codewords))
            }
            let expected = Self.counted(lines, columns: scannedColumns)
            let shape = PDF417Shape(lines: lines, columns: scannedColumns)
            #expect(shape.map { [$0.rows, $0.columns, $0.errorCorrectionLevel] } == expected, "trial \(trial)")
            if expected != nil { shapes += 1 }
            if lines.count <= 4, expected != nil { ties += 1 }
        }
        #expect(shapes >= 1000, "\(shapes) shapes")
        #expect(ties >= 100, "\(ties) shapes of few lines")
    }
}
