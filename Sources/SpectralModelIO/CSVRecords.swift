/// Splits RFC 4180-style CSV text into records of cells, remembering the line each record starts on.
///
/// Quoted cells may hold commas, doubled quotes and line breaks; CRLF and LF both end a record;
/// lines that are entirely empty are skipped.
struct CSVRecords {
    /// One record and the 1-based line it starts on.
    struct Record {
        let line: Int
        let cells: [String]
    }

    /// Parses `text`; `file` is only used to name the file in errors.
    static func parse(_ text: String, file: String) throws(CSVError) -> [Record] {
        var records: [Record] = []
        var cells: [String] = []
        var cell = ""
        var line = 1, recordLine = 1, quoteLine = 1
        var inQuotes = false, cellWasQuoted = false
        var iterator = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil

        func endRecord() {
            cells.append(cell)
            if !(cells.count == 1 && cells[0].isEmpty && !cellWasQuoted) {
                records.append(Record(line: recordLine, cells: cells))
            }
            cells = []
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
                cell = ""
                cellWasQuoted = false
            case "\r":
                let following = iterator.next()
                if following != "\n" { pending = following }
                endRecord()
                line += 1
                recordLine = line
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            default:
                cell.unicodeScalars.append(scalar)
            }
        }
        if inQuotes { throw .unterminatedQuote(file: file, line: quoteLine) }
        if !cell.isEmpty || !cells.isEmpty || cellWasQuoted { endRecord() }
        return records
    }
}
