import Synchronization

/// The runs of the binary image's rows (`BitMatrix.runs(ofRow:into:)`), each row's made once per frame: the Aztec and
/// MaxiCode bull's-eye searches read the same rows (every second one) of the same binarization, and on a frame without
/// either symbol making each row's runs was a third of both searches. Shared by the copies of one `PreparedFrame`, as
/// `FrameScanLines` is: the rows are behind one lock.
final class BinaryRowRuns: Sendable {
    typealias Runs = [(start: Int, length: Int)]

    private let rows = Mutex([Int: Runs]())

    init() {}

    /// The runs of row `y` of `binary` (the frame's binary image this belongs to).
    func row(_ y: Int, of binary: BitMatrix) -> Runs {
        rows.withLock { rows in
            if let runs = rows[y] { return runs }
            var runs: Runs = []
            // Its exact size first (a count eight cells at a time): a row's array is kept, not reused, and growing it by
            // doubling would copy it several times.
            runs.reserveCapacity(binary.colourChanges(ofRow: y) + 1)
            binary.runs(ofRow: y, into: &runs)
            rows[y] = runs
            return runs
        }
    }
}
