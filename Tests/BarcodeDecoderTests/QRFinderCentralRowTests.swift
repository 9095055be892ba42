@testable import BarcodeDecoder
import Testing

/// A finder whose dark centre is an even number of rows tall has two central rows, k and k + 1: its vertical centre is
/// k + ½ and rounding picks row k + 1 for the check across. Where that row fails, row k confirms the finder if both
/// diagonals pass.
@Suite struct QRFinderCentralRowTests {
    /// A finder at 3 px a module, its top-left corner at (5, 5) in a matrix with 5 light cells on every side; with
    /// `evenCentre` its middle module row is 4 px tall, so its dark centre spans rows 6–15 of the pattern (10 px, central
    /// rows 10 and 11), else rows 6–14 (9 px, central row 10).
    static func finder(evenCentre: Bool) -> BitMatrix {
        let height = evenCentre ? 22 : 21
        var bits = BitMatrix(width: 31, height: height + 10)
        for y in 0..<height {
            let moduleY = !evenCentre || y < 9 ? y / 3 : y < 13 ? 3 : (y - 1) / 3
            for x in 0..<21 {
                bits[x + 5, y + 5] = max(abs(x / 3 - 3), abs(moduleY - 3)) != 2
            }
        }
        return bits
    }

    /// Row `row` of the pattern with its right light ring dark (as on a turned finder whose ring is a pixel wide there).
    static func filling(_ bits: BitMatrix, row: Int) -> BitMatrix {
        var bits = bits
        for x in 15..<18 { bits[x + 5, row + 5] = true }
        return bits
    }

    @Test func intactFindersAreFound() {
        #expect(QRFinderPatternFinder.find(Self.finder(evenCentre: true), effort: 3).count == 1)
        #expect(QRFinderPatternFinder.find(Self.finder(evenCentre: false), effort: 3).count == 1)
    }

    /// Every row through the finder measures its vertical centre at 10.5 and checks row 11 across, which fails; row 10,
    /// the other central one, passes, and so do both diagonals.
    @Test func aFinderWhoseRoundedRowFailsIsFoundOnItsOtherCentralRow() {
        let bits = Self.filling(Self.finder(evenCentre: true), row: 11)
        let found = QRFinderPatternFinder.find(bits, effort: 3)
        #expect(found.count == 1)
        if let p = found.first {
            // Centre pixel column 15 and rows 15–16 of the matrix, reported at pixel centres.
            #expect(abs(p.center.x - 15.5) < 0.01 && abs(p.center.y - 16) < 0.01, "\(p.center)")
            #expect(abs(p.moduleSize - 64.0 / 21) < 0.01)
        }
        // One row by itself: the vertical check from row 8 of the pattern, then row 11 across fails and row 10 passes.
        #expect(QRFinderPatternFinder.confirm(bits, centerX: 15.5, y: 13, total: 21) != nil)
    }

    /// A dark centre of odd height has one central row, which rounding picks: no other row is checked.
    @Test func anOddCentreChecksOnlyItsCentralRow() {
        #expect(QRFinderPatternFinder.find(Self.filling(Self.finder(evenCentre: false), row: 10), effort: 3).isEmpty)
    }

    /// Confirmed off its rounded row, a finder needs both diagonals: with one of them through a dark corner of its light
    /// ring it is not found (one diagonal still suffices where the rounded row passes).
    @Test func offTheRoundedRowBothDiagonalsAreNeeded() {
        func darkeningADiagonal(_ bits: BitMatrix) -> BitMatrix {
            var bits = bits
            for i in 15..<18 { bits[i + 5, i + 5] = true }
            return bits
        }
        #expect(QRFinderPatternFinder.find(darkeningADiagonal(Self.filling(Self.finder(evenCentre: true), row: 11)), effort: 3).isEmpty)
        #expect(QRFinderPatternFinder.find(darkeningADiagonal(Self.finder(evenCentre: true)), effort: 3).count == 1)
    }
}
