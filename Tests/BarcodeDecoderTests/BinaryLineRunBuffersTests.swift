@testable import BarcodeDecoder
import RigCore
import Testing

/// `BinaryLineRunBuffers`, MicroPDF417's first-pass lines in kept storage, against `RunRow(binary:line:isColumn:runs:)`.
@Suite struct BinaryLineRunBuffersTests {
    @Test func runsAreRunRowsOfTheBinaryLines() {
        var random = SeededGenerator(seed: 417)
        // Widths around the eight-cell steps and the 64-cell words of the colour-change search (lines of one cell, of
        // a partial word only, of one or more whole words and a partial one, of whole words only: 1 + 64k cells), runs
        // from single cells to whole lines, lines starting and ending dark or light.
        for (width, height) in [(1, 1), (7, 9), (8, 8), (9, 17), (23, 5), (64, 40), (65, 66), (101, 33), (129, 130), (200, 7)] {
            var binary = BitMatrix(width: width, height: height)
            let runLength = Int.random(in: 1...6, using: &random)
            var dark = Bool.random(using: &random)
            for i in 0..<(width * height) {
                if Int.random(in: 0..<runLength, using: &random) == 0 { dark.toggle() }
                binary[i % width, i / width] = dark
            }
            var runs: [(start: Int, length: Int)] = []
            // Eight cells at a time, and 64 (MicroPDF417's).
            for byWords in [false, true] {
                let buffers = BinaryLineRunBuffers(for: binary, byWords: byWords)
                for isColumn in [false, true] {
                    for line in 0..<(isColumn ? width : height) {
                        let expected = RunRow(binary: binary, line: line, isColumn: isColumn, runs: &runs)
                        let actual = buffers.runs(of: binary, line: line, isColumn: isColumn)
                        #expect(actual.widths == expected.widths && actual.starts == expected.starts,
                                "\(width)×\(height) \(isColumn ? "column" : "row") \(line), by words \(byWords)")
                    }
                }
            }
        }
    }
}
