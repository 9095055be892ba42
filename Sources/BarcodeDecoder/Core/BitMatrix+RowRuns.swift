extension BitMatrix {
    /// The runs of row `y` as (start, length), alternating colours from the row's first pixel, into `runs` (emptied
    /// first, its storage kept), read straight from the cells: the finder searches of Aztec and MaxiCode see every pixel
    /// of every row they search.
    func runs(ofRow y: Int, into runs: inout [(start: Int, length: Int)]) {
        runs.removeAll(keepingCapacity: true)
        cells.withUnsafeBufferPointer { cells in
            let row = cells.baseAddress! + y * width
            var x = 0
            while x < width {
                let colour = row[x]
                let start = x
                x += 1
                while x < width && row[x] == colour { x += 1 }
                runs.append((start, x - start))
            }
        }
    }
}
