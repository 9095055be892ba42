@testable import BarcodeDecoder
import Foundation
import RigCore
import Testing

/// The shared scan lines of a frame against `LinearReader.sample` on each line alone, with buffers of its own.
@Suite struct FrameScanLinesTests {
    /// A frame of seeded stripes and noise: rows of many runs, rows of a few (under `FrameScanLines.fewestRuns`) and flat
    /// rows.
    static func frame(width: Int, height: Int, seed: UInt64) -> PreparedFrame {
        var random = SeededGenerator(seed: seed)
        var image = GrayImage(width: width, height: height)
        for y in 0..<height {
            let kind = y % 3
            var x = 0, dark = false
            while x < width {
                let run = kind == 0 ? Int.random(in: 1...6, using: &random) : kind == 1 ? Int.random(in: 30...90, using: &random) : width
                for i in x..<min(width, x + run) {
                    let noise = Int.random(in: -6...6, using: &random)
                    image.pixels[y * width + i] = UInt8(clamping: (dark ? 40 : 210) + noise)
                }
                x += run
                dark.toggle()
            }
        }
        return PreparedFrame(image, binarization: .none)
    }

    /// `sample` as it was before the shared buffers: fresh buffers, every run kept.
    static func alone(_ frame: PreparedFrame, origin: Point, direction: Point, length: Double) -> RunRow {
        LinearReader.sample(frame, origin: origin, direction: direction, length: length, buffers: ScanLineBuffers(capacity: 1))
    }

    static func same(_ a: RunRow, _ b: RunRow) -> Bool { a.widths == b.widths && a.starts == b.starts }

    @Test func aPixelRowIsItsLineAloneOrOneRunWhenThatHoldsTooFew() {
        let frame = Self.frame(width: 300, height: 24, seed: 11)
        // Each row twice (kept the second time), in an order that makes the shared buffers grow and shrink between lines;
        // rows outside the frame (white, not kept) among them.
        for y in [5, 0, 23, 7, 5, -1, 12, 0, 1, 24, 2, 23, 24, -1] {
            let expected = Self.alone(frame, origin: Point(0.5, Double(y) + 0.5), direction: Point(1, 0), length: 299)
            let row = frame.pixelRow(y)
            if expected.widths.count >= FrameScanLines.fewestRuns {
                #expect(Self.same(row, expected), "row \(y)")
            } else {
                // Too few for any of its readers: the same runs, or one run where the bound already knew.
                #expect(Self.same(row, expected) || (row.widths == [300] && row.starts == [0]), "row \(y): \(expected.widths.count) runs")
            }
            #expect(row.total == expected.total)
        }
    }

    @Test func aLineAtAnyAngleIsItsLineAlone() {
        let frame = Self.frame(width: 200, height: 90, seed: 12)
        var random = SeededGenerator(seed: 13)
        var compared = 0
        for _ in 0..<60 {
            let angle = Double.random(in: -0.3...0.3, using: &random)
            let origin = Point(Double.random(in: 0...20, using: &random), Double.random(in: 10...80, using: &random))
            let direction = Point(cos(angle), sin(angle)), length = Double.random(in: 20...260, using: &random)
            let expected = Self.alone(frame, origin: origin, direction: direction, length: length)
            let line = frame.scanLine(origin: origin, direction: direction, length: length)
            guard expected.widths.count >= FrameScanLines.fewestRuns else {
                #expect(Self.same(line, expected) || line.widths.count == 1)
                continue
            }
            compared += 1
            #expect(Self.same(line, expected), "line from \(origin) at \(angle)")
        }
        #expect(compared >= 20)
    }

    @Test func copiesOfAFrameShareItsRows() {
        let frame = Self.frame(width: 120, height: 9, seed: 14)
        var copy = frame
        copy.known = []
        let first = copy.pixelRow(3)
        #expect(Self.same(frame.pixelRow(3), first))
        #expect(frame.scanLines === copy.scanLines)
    }
}
