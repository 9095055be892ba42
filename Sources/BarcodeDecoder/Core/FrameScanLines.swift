import Synchronization

/// The scan lines a frame's row readers share: one set of working buffers, and the runs of every pixel row read so far.
///
/// The MicroPDF417, DataBar Expanded Stacked and DataBar Stacked readers read pixel rows of the frame as runs
/// (`LinearReader.sample` along the row through the pixel centres): the latter two every twelfth or twenty-fourth row on
/// a 480-row frame, the MicroPDF417 reader the rows of the bands its first pass (on the binarization) found. A row's runs
/// are made once per frame and kept, for whichever of them reads it next; every line sampled here, kept or not, works in
/// the same buffers instead of allocating its own (about a sixth of the MicroPDF417 reader's instructions on a frame
/// without a code went to allocating, reserving and freeing them when it read every fourth row here).
///
/// A row that cannot give `fewestRuns` runs is kept as one run, the whole row (`LinearReader.thresholdRuns`' bound):
/// every reader of these rows reads nothing from fewer. Shared by the copies of one `PreparedFrame` (readers run in turn,
/// a frame may be handed to other tasks): the rows and the buffers are behind one lock.
final class FrameScanLines: Sendable {
    /// The fewest runs any reader of these lines reads from: MicroPDF417's first left row address pattern after open
    /// space (a quiet zone and six elements, then room for the test `MicroPDF417Reader.scan` makes); DataBar Stacked and
    /// Expanded Stacked need more than twenty.
    static let fewestRuns = 8

    private struct State {
        /// The runs of each pixel row read so far, by row, for the frame's rows (made on the first row asked for). An
        /// array: rows kept in a dictionary that grew a row at a time cost about 1,700 instructions each to insert
        /// (rehashing as it grew), a twentieth of sampling the row (`falsepositives-1/15`: 295 rows).
        var rows: [RunRow?] = []
        let buffers = ScanLineBuffers()
    }

    private let state = Mutex(State())

    init() {}

    /// The runs of pixel row `y` of `frame` (the frame this belongs to), read along the row from the first pixel's centre
    /// to the last's.
    func row(_ y: Int, of frame: PreparedFrame) -> RunRow {
        state.withLock { state in
            let height = frame.image.height
            // A row outside the frame (not asked for by any reader) is sampled as before, and not kept.
            let kept = y >= 0 && y < height
            if kept && state.rows.isEmpty { state.rows = Array(repeating: nil, count: height) }
            if kept, let runs = state.rows[y] { return runs }
            let runs = Self.sample(frame, origin: Point(0.5, Double(y) + 0.5), direction: Point(1, 0),
                                   length: Double(frame.image.width - 1), buffers: state.buffers)
            if kept { state.rows[y] = runs }
            return runs
        }
    }

    /// The runs along any line of `frame`, sampled in the shared buffers and not kept.
    func line(of frame: PreparedFrame, origin: Point, direction: Point, length: Double) -> RunRow {
        state.withLock { state in Self.sample(frame, origin: origin, direction: direction, length: length, buffers: state.buffers) }
    }

    /// The runs of a line whose gray values, sampled a pixel apart, are `grays` (`LinearReader.sample` after its
    /// `LinearReader.grays`), thresholded in the shared buffers and not kept; one run where it cannot give `fewest` runs.
    func line(grays: [Double], fewest: Int) -> RunRow {
        state.withLock { state in
            state.buffers.reserve(grays.count, radius: 8)
            return grays.withUnsafeBufferPointer { grays in
                LinearReader.thresholdRuns(grays, step: 1, range: LinearReader.range(grays), buffers: state.buffers, fewest: fewest)
            }
        }
    }

    private static func sample(_ frame: PreparedFrame, origin: Point, direction: Point, length: Double, buffers: ScanLineBuffers) -> RunRow {
        LinearReader.sample(frame, origin: origin, direction: direction, length: length, buffers: buffers, fewest: fewestRuns)
    }
}
