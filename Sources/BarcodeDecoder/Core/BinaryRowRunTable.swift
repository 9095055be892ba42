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
        offsets = .allocate(capacity: rows + 1)
        // Room for 64 runs a row at first, doubled when a row might not fit (a row holds at most `width` runs): a busy
        // 640-pixel row has 30–60. (From 32 a row, the tables of a frame without a code grew and copied their runs
        // twelve times a decode of `falsepositives-1/15`, 1.4 M instructions.)
        var capacity = Swift.max(64, rows * 64, width)
        var buffer = UnsafeMutablePointer<Run>.allocate(capacity: capacity)
        var count = 0
        offsets[0] = 0
        for r in 0..<rows {
            if count + width > capacity {
                var grown = capacity * 2
                while count + width > grown { grown *= 2 }
                let new = UnsafeMutablePointer<Run>.allocate(capacity: grown)
                new.moveInitialize(from: buffer, count: count)
                buffer.deallocate()
                (buffer, capacity) = (new, grown)
            }
            count += Self.fill(binary, row: first + r * step, into: buffer + count)
            offsets[r + 1] = count
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

    /// Writes the runs of row `y` of `binary` (`BitMatrix.runs(ofRow:into:)`'s) to `runs`, which has room for `binary.width`
    /// of them, and returns how many there are.
    @inline(__always)
    static func fill(_ binary: BitMatrix, row y: Int, into runs: UnsafeMutablePointer<Run>) -> Int {
        let width = binary.width
        guard width > 0 else { return 0 }
        var count = 0, start = 0
        binary.forEachColourChange(ofRow: y, inBlocks: true) { edge in
            runs[count] = (start, edge &- start)
            count &+= 1
            start = edge
        }
        runs[count] = (start, width &- start)
        return count &+ 1
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
