@testable import BarcodeDecoder
import Testing

@Suite struct BinaryRowRunsTests {
    /// A frame's shared binary row runs (`PreparedFrame.binaryRows(step:)`, the QR finder's and the bull's-eye searches')
    /// are each held row's runs, made once and handed out alike on every later call, whatever the step; and the QR finder
    /// search finds the same patterns from them as from its own scan of the rows.
    @Test func aFramesBinaryRowsAreTheRowsRuns() throws {
        var random = LinearLineBoundsTests.Seeded(state: 15)
        for (width, height) in [(37, 9), (1, 5), (300, 40), (65, 6), (129, 5)] {
            let pixels = (0..<(width * height)).map { _ in UInt8(random.next(2) == 0 ? 30 : 220) }
            let frame = PreparedFrame(try GrayImage(width: width, height: height, pixels: pixels), binarization: .hybrid)
            var runs: [(start: Int, length: Int)] = []
            for step in 1...3 {
                let table = frame.binaryRows(step: step)
                #expect(table === frame.binaryRows(step: step))
                #expect(table.rowCount == Array(stride(from: step / 2, to: height, by: step)).count)
                for y in stride(from: step / 2, to: height, by: step) {
                    frame.binary.runs(ofRow: y, into: &runs)
                    let shared = table.withRow(y) { runs, _ in Array(runs) }
                    #expect(shared.map(\.start) == runs.map(\.start) && shared.map(\.length) == runs.map(\.length), "row \(y) at step \(step)")
                }
            }
        }
    }

    /// The colour changes found as bits 64 cells at a time (`colourChangeBits`, what the shared table reads) are those of
    /// a walk cell by cell, and those found eight at a time, and their count is returned: lines of every length about a
    /// block, of any byte values (a change is any byte unlike the one before), runs as well as noise. The bits past the
    /// line are 0.
    @Test func changeBitsAreTheChangesOfACellWalk() {
        var random = LinearLineBoundsTests.Seeded(state: 64)
        for count in [0, 1, 2, 9, 63, 64, 65, 66, 72, 127, 128, 129, 130, 200, 640] {
            for trial in 0..<6 {
                var line = [UInt8](repeating: 0, count: count), value: UInt8 = 0
                for x in 0..<count {
                    if random.next(trial % 2 == 0 ? 2 : 6) == 0 { value = [0, 1, 255, 128, 7, 1][random.next(6)] }
                    line[x] = value
                }
                let walked = (0..<count).filter { $0 > 0 && line[$0] != line[$0 - 1] }
                let wordCount = BitMatrix.colourChangeWords(count: count)
                #expect(wordCount * 64 >= count - 1 && (wordCount - 1) * 64 < count - 1 || count < 2 && wordCount == 0)
                var words = [UInt64](repeating: 0xA5A5, count: wordCount + 1), found = 0, eight: [Int] = []
                line.withUnsafeBufferPointer { line in
                    let cells = line.baseAddress ?? UnsafePointer(bitPattern: 1)!
                    words.withUnsafeMutableBufferPointer { found = BitMatrix.colourChangeBits(in: cells, count: count, into: $0.baseAddress!) }
                    BitMatrix.forEachColourChange(in: cells, count: count) { eight.append($0) }
                }
                let bits = (0..<(wordCount * 64)).filter { words[$0 / 64] >> UInt64($0 % 64) & 1 == 1 }.map { $0 + 1 }
                #expect(bits == walked && eight == walked && found == walked.count, "\(count) cells, trial \(trial)")
                // The word after the line's is left as it was.
                #expect(words[wordCount] == 0xA5A5)
            }
        }
    }

    /// Finder patterns found from a shared table of row runs are those found from the search's own scan, in the same order.
    @Test func theQRFinderSearchReadsSharedRowsAsItsOwn() throws {
        var random = LinearLineBoundsTests.Seeded(state: 16)
        let width = 120, height = 90
        // Blocks of 1–4 pixels, so that 1:1:3:1:1 runs occur by chance.
        let pixels = Self.randomBlocks(width: width, height: height, band: 3, longestRun: 4, &random)
        let frame = PreparedFrame(try GrayImage(width: width, height: height, pixels: pixels), binarization: .hybrid)
        for effort in 1...3 {
            let own = QRFinderPatternFinder.find(frame.binary, effort: effort)
            let shared = QRFinderPatternFinder.find(frame.binary, effort: effort, rows: frame.binaryRows(step: QRFinderPatternFinder.rowStep(effort: effort)))
            #expect(own.map(\.center) == shared.map(\.center) && own.map(\.moduleSize) == shared.map(\.moduleSize) && own.map(\.count) == shared.map(\.count))
        }
    }

    /// A texture of dark (30) and light (220) blocks: bands `band` rows high, each cut into runs of 1 to `longestRun`
    /// pixels of a random colour.
    static func randomBlocks(width: Int, height: Int, band: Int, longestRun: Int, _ random: inout LinearLineBoundsTests.Seeded) -> [UInt8] {
        var pixels = [UInt8](repeating: 220, count: width * height)
        for by in stride(from: 0, to: height, by: band) {
            var x = 0
            while x < width {
                let run = 1 + random.next(longestRun), dark = random.next(2) == 0
                for yy in by..<min(height, by + band) { for xx in x..<min(width, x + run) { pixels[yy * width + xx] = dark ? 30 : 220 } }
                x += run
            }
        }
        return pixels
    }
}
