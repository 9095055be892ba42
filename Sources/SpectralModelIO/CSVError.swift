/// Why a spectra CSV file cannot be read; every case names the file, and the line where there is one.
public enum CSVError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file cannot be opened or read.
    case unreadable(file: String, reason: String)
    /// The file is not UTF-8 text.
    case notText(file: String)
    /// The file has no header row.
    case empty(file: String)
    /// The header has no numeric (wavelength) column.
    case noWavelengthColumns(file: String)
    /// Two header cells name the same column.
    case duplicateColumn(file: String, line: Int, column: Int, name: String)
    /// The requested target column is not in the header.
    case missingColumn(file: String, name: String, available: [String])
    /// A row has a different number of cells than the header.
    case raggedRow(file: String, line: Int, expected: Int, found: Int)
    /// A cell that must hold a finite number does not.
    case notANumber(file: String, line: Int, column: Int, header: String, text: String)
    /// A target cell is empty.
    case emptyTarget(file: String, line: Int, column: Int, header: String)
    /// A quoted cell is not closed before the end of the file.
    case unterminatedQuote(file: String, line: Int)
    /// The header is present but no data row follows.
    case noRows(file: String)

    public var description: String {
        switch self {
        case .unreadable(let file, let reason): "\(file): cannot read: \(reason)"
        case .notText(let file): "\(file): not UTF-8 text"
        case .empty(let file): "\(file): empty file, expected a header row of wavelengths"
        case .noWavelengthColumns(let file):
            "\(file):1: the header has no numeric wavelength column"
        case .duplicateColumn(let file, let line, let column, let name):
            "\(file):\(line): column \(column) '\(name)' appears twice in the header"
        case .missingColumn(let file, let name, let available):
            "\(file):1: no column '\(name)' in the header"
                + (available.isEmpty ? " (it has no named columns)" : "; named columns: \(available.joined(separator: ", "))")
        case .raggedRow(let file, let line, let expected, let found):
            "\(file):\(line): row has \(found) cells but the header has \(expected)"
        case .notANumber(let file, let line, let column, let header, let text):
            "\(file):\(line): column \(column) ('\(header)'): '\(text)' is not a finite number"
        case .emptyTarget(let file, let line, let column, let header):
            "\(file):\(line): column \(column) ('\(header)'): the target is empty"
        case .unterminatedQuote(let file, let line):
            "\(file):\(line): a quoted cell opened here is never closed"
        case .noRows(let file): "\(file): the header is not followed by any spectrum"
        }
    }
}
