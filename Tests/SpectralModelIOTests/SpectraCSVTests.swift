import Testing
import SpectralAnalyzer
@testable import SpectralModelIO

@Suite struct SpectraCSVTests {
    @Test func readsWavelengthsTargetAndAnnotations() throws {
        let text = "octane,set,900,902,904\n85.3,train,0.1,0.2,0.3\r\n88.1,test,0.4,0.5,0.6\n\n"
        let dataset = try SpectraCSV.parse(text, file: "a.csv", targetColumn: "octane")
        #expect(dataset.wavelengths == [900, 902, 904])
        #expect(dataset.spectra == Matrix(rowArrays: [[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]])!)
        #expect(dataset.targets == .numeric([85.3, 88.1]))
        #expect(dataset.annotations == ["octane": ["85.3", "88.1"], "set": ["train", "test"]])
    }

    @Test func quotedCellsMayHoldCommasQuotesAndNewlines() throws {
        let text = "\"name\",oil,1,2\n\"a, \"\"b\"\"\nc\",oil1,1,2\nplain,oil2,3,4\n"
        let dataset = try SpectraCSV.parse(text, file: "q.csv", targetColumn: "oil", targetKind: .labels)
        #expect(dataset.annotations["name"] == ["a, \"b\"\nc", "plain"])
        #expect(dataset.targets == .labels(["oil1", "oil2"]))
    }

    @Test func raggedRowNamesTheLine() {
        let text = "y,1,2,3\n1,0.1,0.2,0.3\n2,0.1,0.2\n"
        #expect(throws: CSVError.raggedRow(file: "r.csv", line: 3, expected: 4, found: 3)) {
            try SpectraCSV.parse(text, file: "r.csv", targetColumn: "y")
        }
    }

    @Test func lineNumbersCountQuotedLineBreaksAndBlankLines() {
        let text = "note,y,1,2\n\"two\nlines\",1,0.1,0.2\n\nx,2,0.1,abc\n"
        #expect(throws: CSVError.notANumber(file: "n.csv", line: 5, column: 4, header: "2", text: "abc")) {
            try SpectraCSV.parse(text, file: "n.csv", targetColumn: "y")
        }
    }

    @Test func errorsAfterAMultiLineQuotedCellNameThePhysicalLine() {
        // The record starts on line 2; its quoted note runs to line 4, where the bad number is.
        let text = "note,y,1,2\n\"three\nline\r\nnote\",1,0.1,abc\n"
        #expect(throws: CSVError.notANumber(file: "m.csv", line: 4, column: 4, header: "2", text: "abc")) {
            try SpectraCSV.parse(text, file: "m.csv", targetColumn: "y")
        }
        #expect(throws: CSVError.emptyTarget(file: "m.csv", line: 3, column: 2, header: "y")) {
            try SpectraCSV.parse("note,y,1\n\"a\nb\", ,0.5\n", file: "m.csv", targetColumn: "y")
        }
        #expect(throws: CSVError.raggedRow(file: "m.csv", line: 3, expected: 3, found: 2)) {
            try SpectraCSV.parse("note,y,1\n\"a\nb\",1\n", file: "m.csv", targetColumn: "y")
        }
    }

    @Test func nonNumericTargetAndMissingTargetColumn() {
        let text = "y,set,1,2\nhigh,train,0.1,0.2\n"
        #expect(throws: CSVError.notANumber(file: "t.csv", line: 2, column: 1, header: "y", text: "high")) {
            try SpectraCSV.parse(text, file: "t.csv", targetColumn: "y")
        }
        #expect(throws: CSVError.missingColumn(file: "t.csv", name: "octane", available: ["y", "set"])) {
            try SpectraCSV.parse(text, file: "t.csv", targetColumn: "octane")
        }
        #expect(throws: CSVError.emptyTarget(file: "t.csv", line: 2, column: 1, header: "y")) {
            try SpectraCSV.parse("y,1\n ,0.5\n", file: "t.csv", targetColumn: "y")
        }
    }

    @Test func structuralProblems() {
        #expect(throws: CSVError.empty(file: "e.csv")) { try SpectraCSV.parse("", file: "e.csv", targetColumn: nil) }
        #expect(throws: CSVError.noRows(file: "e.csv")) { try SpectraCSV.parse("y,1,2\n", file: "e.csv", targetColumn: nil) }
        #expect(throws: CSVError.noWavelengthColumns(file: "e.csv")) {
            try SpectraCSV.parse("a,b\n1,2\n", file: "e.csv", targetColumn: nil)
        }
        #expect(throws: CSVError.duplicateColumn(file: "e.csv", line: 1, column: 3, name: "900.0")) {
            try SpectraCSV.parse("y,900,900.0\n1,2,3\n", file: "e.csv", targetColumn: nil)
        }
        #expect(throws: CSVError.unterminatedQuote(file: "e.csv", line: 2)) {
            try SpectraCSV.parse("y,1\n\"open,2\n", file: "e.csv", targetColumn: nil)
        }
        #expect(throws: CSVError.notANumber(file: "e.csv", line: 2, column: 2, header: "1", text: "nan")) {
            try SpectraCSV.parse("y,1\n1,nan\n", file: "e.csv", targetColumn: "y")
        }
    }

    @Test func unreadableFileIsAnError() {
        #expect {
            try SpectraCSV.read(path: "/nonexistent/spectra.csv", targetColumn: "y")
        } throws: { error in
            guard case .unreadable(let file, _) = error as? CSVError else { return false }
            return file == "/nonexistent/spectra.csv"
        }
    }
}
