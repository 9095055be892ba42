@testable import BarcodeDecoder
import RigCore
import Testing

/// The free-corner search's sizes in their order (`DataMatrixDetector.searchOrder`), held as places in a vector and put
/// in order by insertion, are the sizes as first taken: `DataMatrixSize.all` filtered, then the filtered sizes' indices
/// sorted (stably) by their distance from the timing edges' counts.
@Suite struct DataMatrixSearchOrderTests {
    /// The order as first written: the sizes filtered into an array, its indices sorted, ties by index.
    static func plainOrder(rows: Int, columns: Int, where isSearched: (DataMatrixSize) -> Bool) -> [DataMatrixSize] {
        let sizes = DataMatrixSize.all.filter(isSearched)
        let order = sizes.indices.sorted { i, j in
            let di = abs(sizes[i].rows - rows) + abs(sizes[i].columns - columns)
            let dj = abs(sizes[j].rows - rows) + abs(sizes[j].columns - columns)
            return di != dj ? di < dj : i < j
        }
        return order.map { sizes[$0] }
    }

    /// Counts near every size and far beyond them (ties between sizes at the same distance on both sides of a count
    /// among them), each with random subsets of the sizes searched, none and all of them too.
    @Test func theOrderIsTheFilteredSizesSortedStably() {
        var random = SeededGenerator(seed: 40)
        let all = DataMatrixSize.all
        #expect(all.count <= 32, "the places of \(all.count) sizes in a vector of 32")
        var compared = 0, tied = 0
        for _ in 0..<3000 {
            let rows = Int.random(in: 0...160, using: &random), columns = Int.random(in: 0...160, using: &random)
            let density = [0.0, 0.1, 0.3, 0.7, 1.0][Int.random(in: 0..<5, using: &random)]
            let searched = all.map { _ in Double.random(in: 0..<1, using: &random) < density }
            func isSearched(_ size: DataMatrixSize) -> Bool { searched[all.firstIndex(of: size)!] }
            let order = DataMatrixDetector.searchOrder(rows: rows, columns: columns, where: isSearched)
            let made = (0..<order.count).map { all[Int(order.places[$0])] }
            let expected = Self.plainOrder(rows: rows, columns: columns, where: isSearched)
            #expect(made == expected, "\(rows)×\(columns)")
            compared += 1
            let distances = expected.map { abs($0.rows - rows) + abs($0.columns - columns) }
            if Set(distances).count < distances.count { tied += 1 }
        }
        #expect(tied > 500, "\(tied) orders with ties of \(compared)")
    }
}
