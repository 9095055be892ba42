/// Makes the runs of a binary image's rows or columns as `RunRow(binary:line:isColumn:runs:)` makes them, in storage kept
/// from line to line.
///
/// MicroPDF417's first pass reads every fourth row of a frame's binarization and every fourth column (for a turned
/// symbol): 280 lines of a 640×480 frame. Made by `RunRow(binary:)`, each cost two new arrays and a run list appended a
/// run at a time (a uniqueness and capacity test each), and a column was walked a cell at a time with its row stride:
/// about 7,300 instructions a line, 2.7 M of a frame without a code. Here a column is first gathered into a line of its
/// own, the colour changes are found eight cells at a time (`BitMatrix.forEachColourChange(in:count:)`) or, for
/// MicroPDF417's lines, 64 at a time (`byWords`), and the runs are written through pointers and copied into arrays whose
/// storage is kept: about 4,200 instructions a line. The linear reader's binarized rows and columns
/// (`LinearReader.binaryLines`) are made here too.
final class BinaryLineRunBuffers {
    /// The longest line: room for its cells and its two runs of no width.
    private let capacity: Int
    /// A column's cells, gathered.
    private let column: UnsafeMutablePointer<UInt8>
    /// Where each run starts and how wide it is, written before being copied into `starts` and `widths`.
    private let startScratch: UnsafeMutablePointer<Double>, widthScratch: UnsafeMutablePointer<Double>
    /// A line's colour changes as bits (`BitMatrix.colourChangeBits`), with `byWords`.
    private let changeWords: UnsafeMutablePointer<UInt64>?
    /// The arrays the runs are copied into, their storage kept. Read and written without the runtime's exclusivity checks:
    /// only `runs(of:line:isColumn:)` touches them, one call at a time on the reader's own thread (the checks, four a
    /// line, were about 470 instructions a line, 0.18 M of a 640×480 frame without a code).
    @exclusivity(unchecked) private var starts: [Double] = [], widths: [Double] = []

    /// Storage for the lines of `binary`; with `byWords`, their colour changes are found 64 cells at a time and walked as
    /// the bits of a word, one loop a word.
    ///
    /// That is for lines that change colour often, MicroPDF417's first pass over a frame's texture: walked eight cells at
    /// a time, each eight's test for a change and the end of its loop over them went either way at random there
    /// (`falsepositives-1` 640×480 frames /21 /01 /13 /05 /14 0.1–2.4 % faster best of 30, though `/21` 73.65 → 73.89 M
    /// instructions). On the linear reader's rows of a photo of a code, mostly even, the eight-cell steps skip them for
    /// less (`upce-3/06` 2.862 → 2.877 M instructions and 0.6 % slower by words).
    init(for binary: BitMatrix, byWords: Bool = false) {
        capacity = max(binary.width, binary.height)
        column = .allocate(capacity: capacity)
        startScratch = .allocate(capacity: capacity + 2)
        widthScratch = .allocate(capacity: capacity + 2)
        changeWords = byWords ? .allocate(capacity: Swift.max(1, BitMatrix.colourChangeWords(count: capacity))) : nil
    }

    deinit {
        column.deallocate()
        startScratch.deallocate()
        widthScratch.deallocate()
        changeWords?.deallocate()
    }

    /// The runs of row `line` of the binary image this storage was made for (of column `line` with `isColumn`): the same
    /// widths and starts as `RunRow(binary: binary, line: line, isColumn: isColumn, runs: &runs)`. The row shares this
    /// storage's arrays until the next call (a row still held then is copied, not changed).
    func runs(of binary: BitMatrix, line: Int, isColumn: Bool) -> RunRow {
        let length = isColumn ? binary.height : binary.width
        precondition(length <= capacity, "a line of \(length) cells in storage for \(capacity)")
        guard length > 0 else { return RunRow(widths: [], starts: []) }
        let count = binary.cells.withUnsafeBufferPointer { cells -> Int in
            guard isColumn else {
                return Self.write(cells.baseAddress! + line * binary.width, length: length, starts: startScratch, widths: widthScratch,
                                  changes: changeWords)
            }
            let stride = binary.width
            var cell = cells.baseAddress! + line
            for y in 0..<length {
                column[y] = cell.pointee
                cell += stride
            }
            return Self.write(column, length: length, starts: startScratch, widths: widthScratch, changes: changeWords)
        }
        starts.removeAll(keepingCapacity: true)
        widths.removeAll(keepingCapacity: true)
        starts.append(contentsOf: UnsafeBufferPointer(start: startScratch, count: count))
        widths.append(contentsOf: UnsafeBufferPointer(start: widthScratch, count: count))
        return RunRow(widths: widths, starts: starts)
    }

    /// Writes the runs of the `length` cells from `cells` (light first and last: a dark end gets a light run of no width)
    /// into `starts` and `widths`; returns how many. Positions and widths are whole cells, so exact as `Double`s.
    /// With `changes` (scratch for `BitMatrix.colourChangeWords(count: length)` words) the colour changes are found and
    /// walked 64 cells at a time, otherwise eight at a time (`init(for:byWords:)`).
    private static func write(_ cells: UnsafePointer<UInt8>, length: Int, starts: UnsafeMutablePointer<Double>,
                              widths: UnsafeMutablePointer<Double>, changes: UnsafeMutablePointer<UInt64>?) -> Int {
        var count = 0
        if cells[0] != 0 {
            starts[0] = 0
            count = 1
        }
        starts[count] = 0
        count += 1
        if let changes {
            _ = BitMatrix.colourChangeBits(in: cells, count: length, into: changes)
            for j in 0..<BitMatrix.colourChangeWords(count: length) {
                // Bit k of word j is cell 1 + 64j + k.
                var bits = changes[j]
                let base = 1 &+ j &* 64
                while bits != 0 {
                    starts[count] = Double(base &+ bits.trailingZeroBitCount)
                    count &+= 1
                    bits &= bits &- 1
                }
            }
        } else {
            BitMatrix.forEachColourChange(in: cells, count: length) { x in
                starts[count] = Double(x)
                count &+= 1
            }
        }
        if cells[length - 1] != 0 {
            starts[count] = Double(length)
            count += 1
        }
        for i in 0..<(count - 1) { widths[i] = starts[i + 1] - starts[i] }
        widths[count - 1] = Double(length) - starts[count - 1]
        return count
    }
}
