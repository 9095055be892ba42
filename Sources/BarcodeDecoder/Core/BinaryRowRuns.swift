import Synchronization

/// The runs of the binary image's rows (`BitMatrix.runs(ofRow:into:)`), made once per frame for each row step asked for
/// (`BinaryRowRunTable`): the QR finder search and the Aztec and MaxiCode bull's-eye searches read the same rows (every
/// second one at effort 2) of the same binarization, and on a frame without those symbols making each row's runs was a
/// third of the two bull's-eye searches. Shared by the copies of one `PreparedFrame`, as `FrameScanLines` is: the tables
/// are behind one lock, taken once per search.
final class BinaryRowRuns: Sendable {
    private let tables = Mutex([BinaryRowRunTable]())

    init() {}

    /// The runs of every `step`th row of `binary` (the frame's binary image this belongs to), from row `step / 2`.
    func rows(step: Int, of binary: BitMatrix) -> BinaryRowRunTable {
        tables.withLock { tables in
            if let table = tables.first(where: { $0.step == step }) { return table }
            let table = BinaryRowRunTable(binary, step: step)
            tables.append(table)
            return table
        }
    }
}
