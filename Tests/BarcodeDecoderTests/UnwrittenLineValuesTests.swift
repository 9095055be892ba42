@testable import BarcodeDecoder
import RigCore
import Testing

/// Readings of a line that work on its whole numbers (twice its values) with its doubles left unwritten
/// (`unwrittenValues`): `LinearReader.thresholdRuns` on a line whose twice values are ready (a pixel line's sharpened
/// values, `sharpenedReading`) and `lineGradient` on a pixel line read without its doubles (`grays` without `doubles`)
/// give what they give with the doubles written, bit for bit, and write them (from the whole numbers) exactly where they
/// read them.
@Suite struct UnwrittenLineValuesTests {
    /// Bars and spaces of random widths (1–6 px) at random dark and light levels with a little noise, as bytes.
    static func barredPixels(count: Int, using random: inout SeededGenerator) -> [UInt8] {
        var pixels: [UInt8] = []
        var dark = false
        while pixels.count < count {
            let width = Int.random(in: 1...6, using: &random)
            let level = dark ? Int.random(in: 10...90, using: &random) : Int.random(in: 150...245, using: &random)
            for _ in 0..<width { pixels.append(UInt8(clamping: level + Int.random(in: -8...8, using: &random))) }
            dark.toggle()
        }
        return Array(pixels.prefix(count))
    }

    /// The runs of `values` (halves of whole numbers, `twice` twice each) thresholded with the doubles written, and with
    /// them left as NaN and `unwrittenValues`; whether the thresholding wrote them then (each as in `values`, to the bit).
    static func bothWays(_ values: [Double], twice: [Int16], fewest: Int) -> (written: RunRow, unwritten: RunRow, wrote: Bool) {
        let count = values.count
        let buffers = ScanLineBuffers()
        buffers.reserve(count + 2, radius: 24)
        func threshold(_ line: UnsafeMutableBufferPointer<Double>, unwritten: Bool) -> RunRow {
            buffers.twice.update(from: twice, count: count)
            let range = LinearReader.range(twice: buffers.twice, count: count)
            return LinearReader.thresholdRuns(UnsafeBufferPointer(line), step: 1, range: range, buffers: buffers, fewest: fewest,
                                              knownHalves: true, twiceReady: true, unwrittenValues: unwritten)
        }
        var line = values
        let written = line.withUnsafeMutableBufferPointer { threshold($0, unwritten: false) }
        var unwrittenLine = [Double](repeating: .nan, count: count)
        let unwritten = unwrittenLine.withUnsafeMutableBufferPointer { threshold($0, unwritten: true) }
        let wrote = unwrittenLine.map(\.bitPattern) == values.map(\.bitPattern)
        let untouched = unwrittenLine.allSatisfy { $0.isNaN }
        #expect(wrote || untouched, "written in part")
        return (written, unwritten, wrote)
    }

    static func same(_ a: RunRow, _ b: RunRow) -> Bool {
        a.widths.map(\.bitPattern) == b.widths.map(\.bitPattern) && a.starts.map(\.bitPattern) == b.starts.map(\.bitPattern)
    }

    /// Pixel lines sharpened, as `sharpenedReading` reads them: their twice values lie within the bounds' reach, so the
    /// doubles are never written, and the runs are the same. Their values and sharpened values are the halves of their
    /// whole numbers to the bit.
    @Test func aSharpenedPixelLineNeedsNoDoubles() {
        var random = SeededGenerator(seed: 71)
        var decodable = 0
        for count in [5, 16, 17, 64, 240, 433] {
            for trial in 0..<12 {
                let pixels = trial % 4 == 0 ? (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
                    : Self.barredPixels(count: count, using: &random)
                let gray = pixels.map(Double.init), doubled = pixels.map { Int16($0) * 2 }
                var sharp = [Double](repeating: 0, count: count), twice = [Int16](repeating: 0, count: count)
                gray.withUnsafeBufferPointer { g in sharp.withUnsafeMutableBufferPointer { LinearReader.sharpened(g, reach: 1, into: $0.baseAddress!) } }
                doubled.withUnsafeBufferPointer { t in twice.withUnsafeMutableBufferPointer { LinearReader.sharpenedTwice(t.baseAddress!, count: count, into: $0.baseAddress!) } }
                // Their doubles and the halves of their whole numbers are the same to the bit (`LinearReader.halves`).
                for (line, whole) in [(gray, doubled), (sharp, twice)] {
                    var halves = [Double](repeating: .nan, count: count)
                    whole.withUnsafeBufferPointer { t in halves.withUnsafeMutableBufferPointer { LinearReader.halves(of: t.baseAddress!, count: count, into: $0.baseAddress!) } }
                    #expect(halves.map(\.bitPattern) == line.map(\.bitPattern), "length \(count), trial \(trial)")
                }
                for fewest in [0, 20, 35] {
                    let (written, unwritten, wrote) = Self.bothWays(sharp, twice: twice, fewest: fewest)
                    #expect(Self.same(written, unwritten), "length \(count), trial \(trial), fewest \(fewest)")
                    #expect(!wrote, "length \(count), trial \(trial), fewest \(fewest)")
                    if written.widths.count >= 20 { decodable += 1 }
                }
            }
        }
        // The lines give runs, not only the one run of a refused line.
        #expect(decodable > 40)
    }

    /// Halves too large for the bounds on whole numbers (beyond ±`largestWholeBoundValue` halves): the thresholding falls
    /// back on the doubles, which it writes from the whole numbers first, and the runs are the same.
    @Test func valuesBeyondTheBoundsAreWrittenFirst() {
        var random = SeededGenerator(seed: 73)
        for count in [16, 65, 240] {
            for trial in 0..<8 {
                let twice = Self.barredPixels(count: count, using: &random).map { Int16($0) * 20 - 1_000 - Int16(trial) }
                let values = twice.map { Double($0) / 2 }
                for fewest in [0, 20] {
                    let (written, unwritten, wrote) = Self.bothWays(values, twice: twice, fewest: fewest)
                    #expect(wrote, "length \(count), trial \(trial), fewest \(fewest)")
                    #expect(Self.same(written, unwritten), "length \(count), trial \(trial), fewest \(fewest)")
                }
            }
        }
    }

    /// A pixel line's gradient made with its doubles unwritten: refused by the same bound, or made with the same slopes,
    /// strengths and noise to the bit after writing the doubles, which are then the line's values.
    @Test func aPixelLinesGradientWritesItsDoublesWhereItIsMade() {
        var random = SeededGenerator(seed: 79)
        var made = 0, refused = 0
        for count in [4, 5, 16, 64, 240] {
            for trial in 0..<12 {
                let pixels = trial % 3 == 0 ? (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
                    : Self.barredPixels(count: count, using: &random)
                let gray = pixels.map(Double.init), doubled = pixels.map { Int16($0) * 2 }
                for fewest in [0, 20, 35, 60] {
                    let buffers = ScanLineBuffers()
                    buffers.reserve(count + 2, radius: 24)
                    doubled.withUnsafeBufferPointer { twice in
                        let written = gray.withUnsafeBufferPointer {
                            LinearReader.lineGradient($0, step: 1, buffers: buffers, fewest: fewest, twice: twice.baseAddress!)
                        }
                        let slope = UnsafeBufferPointer(start: buffers.slope, count: count).map(\.bitPattern)
                        let strength = UnsafeBufferPointer(start: buffers.strength, count: count).map(\.bitPattern)
                        var line = [Double](repeating: .nan, count: count)
                        let unwritten = line.withUnsafeMutableBufferPointer {
                            LinearReader.lineGradient(UnsafeBufferPointer($0), step: 1, buffers: buffers, fewest: fewest, twice: twice.baseAddress!,
                                                      unwrittenValues: true)
                        }
                        let context = "length \(count), trial \(trial), fewest \(fewest)"
                        #expect((written == nil) == (unwritten == nil), "\(context)")
                        if let written, let unwritten {
                            made += 1
                            #expect(written.noise.bitPattern == unwritten.noise.bitPattern, "\(context)")
                            #expect(UnsafeBufferPointer(start: buffers.slope, count: count).map(\.bitPattern) == slope, "\(context)")
                            #expect(UnsafeBufferPointer(start: buffers.strength, count: count).map(\.bitPattern) == strength, "\(context)")
                            #expect(line.map(\.bitPattern) == gray.map(\.bitPattern), "\(context)")
                        } else {
                            refused += 1
                            let untouched = line.allSatisfy { $0.isNaN }
                            #expect(untouched, "\(context)")
                        }
                    }
                }
            }
        }
        // Both ways are taken.
        #expect(made > 10 && refused > 10)
    }
}
