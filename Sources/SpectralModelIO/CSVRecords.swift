/// Splits RFC 4180-style CSV text into records of cells, remembering the physical line each cell starts on.
///
/// Quoted cells may hold commas, doubled quotes and line breaks; CRLF and LF both end a record;
/// lines that are entirely empty are skipped.
struct CSVRecords {
    /// One record, the 1-based line it starts on, and the physical line of each cell.
    ///
    /// A quoted cell may span lines, so the cells after it start on later lines than the record.
    struct Record {
        let line: Int
        let cells: [String]
        let cellLines: [Int]

        /// The physical line of cell `index`.
        func line(ofCell index: Int) -> Int { index < cellLines.count ? cellLines[index] : line }
    }

    /// Parses `text`; `file` is only used to name the file in errors.
    static func parse(_ text: String, file: String) throws(CSVError) -> [Record] {
        var records: [Record] = []
        var cells: [String] = []
        var cellLines: [Int] = []
        var cell = ""
        var line = 1, recordLine = 1, quoteLine = 1, cellLine = 1
        var inQuotes = false, cellWasQuoted = false
        var iterator = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil

        func endRecord() {
            cells.append(cell)
            cellLines.append(cellLine)
            if !(cells.count == 1 && cells[0].isEmpty && !cellWasQuoted) {
                records.append(Record(line: recordLine, cells: cells, cellLines: cellLines))
            }
            cells = []
            cellLines = []
            cell = ""
            cellWasQuoted = false
        }

        while let scalar = pending ?? iterator.next() {
            pending = nil
            if inQuotes {
                if scalar == "\"" {
                    let following = iterator.next()
                    if following == "\"" {
                        cell.unicodeScalars.append("\"")
                    } else {
                        inQuotes = false
                        pending = following
                    }
                } else if scalar == "\r" {
                    // A line break inside a quoted cell: CRLF and a lone CR count as one line, like LF.
                    let following = iterator.next()
                    cell.unicodeScalars.append(scalar)
                    if following == "\n" { cell.unicodeScalars.append("\n") } else { pending = following }
                    line += 1
                } else {
                    if scalar == "\n" { line += 1 }
                    cell.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where cell.isEmpty:
                inQuotes = true
                cellWasQuoted = true
                quoteLine = line
            case ",":
                cells.append(cell)
                cellLines.append(cellLine)
                cell = ""
                cellWasQuoted = false
                cellLine = line
            case "\r":
                let following = iterator.next()
                if following != "\n" { pending = following }
                endRecord()
                line += 1
                recordLine = line
                cellLine = line
            case "\n":
                endRecord()
                line += 1
                recordLine = line
                cellLine = line
            default:
                cell.unicodeScalars.append(scalar)
            }
        }
        if inQuotes { throw .unterminatedQuote(file: file, line: quoteLine) }
        if !cell.isEmpty || !cells.isEmpty || cellWasQuoted { endRecord() }
        return records
    }
}
