/// The runs of every `step`th row of a binary image, from row `step / 2` (the rows the QR finder search and the Aztec and
/// MaxiCode bull's-eye searches read), made in one pass into one flat buffer.
///
/// Each row's runs are `BitMatrix.runs(ofRow:into:)`'s, (start, length) alternating colours from the row's first cell. One
/// buffer for all the rows, not an array (and a dictionary entry) a row: handing out a row is two loads, where the
/// per-row cache cost a hash lookup, a lock, an array's allocation and its reference counting for each of the two
/// searches' rows.
///
/// Immutable once made, so shared between tasks as it is (its buffers are written only by `init`).
final class BinaryRowRunTable: @unchecked Sendable {
    typealias Run = (start: Int, length: Int)

    /// The distance between the rows held; the first is row `step / 2`.
    let step: Int
    /// How many rows are held.
    let rowCount: Int
    private let runs: UnsafeMutablePointer<Run>
    /// Where each row's runs begin in `runs`, and one past the last row's end.
    private let offsets: UnsafeMutablePointer<Int>
    /// For each run, 1 where the next run of the buffer is within three times its length and it within three times the
    /// next one's, else 0 (`NeighbourRuns`), followed by `NeighbourRuns.padding` zeros. The byte of a row's last run
    /// compares it with the next row's first run: no search reads it as a neighbour (`NeighbourRuns.visit`).
    private let nearNext: UnsafeMutablePointer<UInt8>

    init(_ binary: BitMatrix, step: Int) {
        precondition(step >= 1, "a row step of \(step)")
        self.step = step
        let first = step / 2, width = binary.width
        let rows = binary.height > first ? (binary.height - first + step - 1) / step : 0
        rowCount = rows
        let offsets = UnsafeMutablePointer<Int>.allocate(capacity: rows + 1)
        self.offsets = offsets
        // Each row's colour changes are found first, as bits, and counted: the buffer is then made once, at the size of
        // its runs. (Made at 64 runs a row and doubled when a row might not fit, a textured frame's tables moved their
        // runs once or twice each, about 2.4 MB of copying a decode of `falsepositives-1/16`.) The bits are read again
        // to write the runs, so the cells are read once.
        let words = BitMatrix.colourChangeWords(count: width)
        let changes = UnsafeMutablePointer<UInt64>.allocate(capacity: rows * words)
        defer { changes.deallocate() }
        var count = 0
        offsets[0] = 0
        binary.cells.withUnsafeBufferPointer { cells in
            for r in 0..<rows {
                let row = cells.baseAddress! + (first + r * step) * width
                // A row of cells has one run more than it has changes (none without cells).
                count += width > 0 ? BitMatrix.colourChangeBits(in: row, count: width, into: changes + r * words) + 1 : 0
                offsets[r + 1] = count
            }
        }
        let buffer = UnsafeMutablePointer<Run>.allocate(capacity: count)
        for r in 0..<rows where width > 0 {
            Self.fill(changes + r * words, words: words, width: width, into: buffer + offsets[r])
        }
        runs = buffer
        nearNext = .allocate(capacity: count + NeighbourRuns.padding)
        NeighbourRuns.markNearNext(buffer, count: count, into: nearNext)
    }

    deinit {
        runs.deallocate()
        offsets.deallocate()
        nearNext.deallocate()
    }

    /// Writes the runs of a row of `width` cells (at least one), (start, length) alternating colours from its first cell
    /// as `BitMatrix.runs(ofRow:into:)` gives them, from the row's colour changes as `BitMatrix.colourChangeBits` gives
    /// them in `words` words, to `runs`, which has room for them all.
    @inline(__always)
    static func fill(_ changes: UnsafePointer<UInt64>, words: Int, width: Int, into runs: UnsafeMutablePointer<Run>) {
        var count = 0, start = 0
        for j in 0..<words {
            var bits = changes[j]
            let base = 1 &+ j &* 64
            while bits != 0 {
                let edge = base &+ bits.trailingZeroBitCount
                runs[count] = (start, edge &- start)
                count &+= 1
                start = edge
                bits &= bits &- 1
            }
        }
        runs[count] = (start, width &- start)
    }

    /// The runs of row `y`, one of the rows held (`step / 2` plus a multiple of `step`, inside the image): a view of the
    /// table's buffer, valid while the table is alive (its reader keeps it so, `withExtendedLifetime`).
    @inline(__always)
    func row(_ y: Int) -> UnsafeBufferPointer<Run> {
        let (begin, end) = bounds(ofRow: y)
        return UnsafeBufferPointer(start: runs + begin, count: end - begin)
    }

    /// Where row `y`'s runs begin and end in the buffer.
    @inline(__always)
    private func bounds(ofRow y: Int) -> (begin: Int, end: Int) {
        let r = (y - step / 2) / step
        precondition(y >= step / 2 && (y - step / 2) % step == 0 && r < rowCount, "row \(y) is not held at step \(step)")
        return (offsets[r], offsets[r + 1])
    }

    /// `body` given the runs of row `y`, one of the rows held (`step / 2` plus a multiple of `step`, inside the image),
    /// and their bytes of near neighbours (`NeighbourRuns`): byte `k` is
    /// 1 where run `k` and run `k + 1` are within three times each other's length. The bytes may be read up to
    /// `NeighbourRuns.padding` past the row's last run.
    @inline(__always)
    func withRow<R>(_ y: Int, _ body: (UnsafeBufferPointer<Run>, UnsafePointer<UInt8>) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) {
            let (begin, end) = bounds(ofRow: y)
            return try body(UnsafeBufferPointer(start: runs + begin, count: end - begin), UnsafePointer(nearNext + begin))
        }
    }
}
