@testable import BarcodeDecoder
import RigCore
import Testing

/// The image copies and line samples the readers work on, against their definitions one pixel or sample at a time.
@Suite struct GrayImageSamplingTests {
    /// A seeded image of `width` × `height` pixels whose rows lie `stride` bytes apart (the bytes between rows hold noise
    /// too, which no reading may pick up).
    static func image(width: Int, height: Int, stride: Int, seed: UInt64) throws -> GrayImage {
        var random = SeededGenerator(seed: seed)
        let pixels = (0..<(stride * (height - 1) + width)).map { _ in UInt8.random(in: 0...255, using: &random) }
        return try GrayImage(width: width, height: height, stride: stride, pixels: pixels)
    }

    @Test(arguments: [1, 2, 3, 4])
    func anEnlargedCopyRepeatsEachPixel(_ factor: Int) throws {
        for (width, height, stride) in [(1, 1, 1), (5, 3, 5), (7, 4, 9), (60, 60, 61)] {
            let source = try Self.image(width: width, height: height, stride: stride, seed: UInt64(width * 31 + factor))
            let enlarged = source.enlarged(by: factor)
            #expect(enlarged.width == width * factor && enlarged.height == height * factor && enlarged.stride == enlarged.width)
            var expected: [UInt8] = []
            for y in 0..<(height * factor) {
                for x in 0..<(width * factor) { expected.append(source[x / factor, y / factor]) }
            }
            #expect(enlarged.pixels == expected, "\(width)×\(height), stride \(stride)")
        }
    }

    @Test func aTransposedCopySwapsRowsAndColumns() throws {
        // Sizes under, at and over the 8-pixel blocks and the 64-pixel tiles, with and without padding between rows.
        for (width, height, stride) in [(1, 1, 1), (5, 3, 5), (8, 8, 8), (9, 17, 11), (64, 7, 64), (33, 40, 35), (150, 77, 153), (203, 131, 203)] {
            let source = try Self.image(width: width, height: height, stride: stride, seed: UInt64(width * 53 + height))
            let turned = source.transposed()
            #expect(turned.width == height && turned.height == width && turned.stride == height)
            var expected: [UInt8] = []
            for y in 0..<width {
                for x in 0..<height { expected.append(source[y, x]) }
            }
            #expect(turned.pixels == expected, "\(width)×\(height), stride \(stride)")
        }
    }

    @Test func aScanLineAlongPixelCentresReadsThePixelsAndWhiteOutside() throws {
        let image = try Self.image(width: 23, height: 17, stride: 26, seed: 9)
        let frame = PreparedFrame(image, binarization: .none)
        // Rows and columns either way, starting inside, before and past the image, and wholly outside it.
        let lines: [(x: Int, y: Int, dx: Int, dy: Int, length: Int)] = [
            (0, 0, 1, 0, 22), (-5, 3, 1, 0, 40), (30, 16, -1, 0, 40), (4, -3, 0, 1, 25), (22, 20, 0, -1, 30),
            (7, 7, 0, 1, 3), (-9, 5, 0, 1, 12), (3, 40, 1, 0, 10), (-4, 2, -1, 0, 6),
        ]
        for line in lines {
            let out = UnsafeMutablePointer<Double>.allocate(capacity: line.length + 1)
            defer { out.deallocate() }
            let count = LinearReader.grays(frame, origin: Point(Double(line.x) + 0.5, Double(line.y) + 0.5),
                                           direction: Point(Double(line.dx), Double(line.dy)), length: Double(line.length), into: out)
            #expect(count == line.length + 1)
            // Sample k is the pixel k steps on from the one the origin's coordinates name truncated (`Int(_:)`, as the
            // line has always been read: an origin left of or above the image, at -4.5, starts at pixel -4).
            let x0 = Int(Double(line.x) + 0.5), y0 = Int(Double(line.y) + 0.5)
            for k in 0..<count {
                let x = x0 + line.dx * k, y = y0 + line.dy * k
                let expected = x >= 0 && y >= 0 && x < 23 && y < 17 ? Double(image[x, y]) : 255
                #expect(out[k] == expected, "sample \(k) of the line from (\(line.x), \(line.y))")
            }
        }
    }

    /// A pixel line read with `twice` writes there what `twiceOfHalves` makes of its values (twice each pixel, 510 outside
    /// the image), rows and columns either way, inside, past and wholly outside the image; its values are those read
    /// without it, and the halves of its twice values (`LinearReader.halves`) to the bit. Read without `doubles`, it
    /// writes the same twice values.
    @Test func aPixelLinesTwiceValuesAreTwiceItsValues() throws {
        let image = try Self.image(width: 23, height: 17, stride: 26, seed: 10)
        let frame = PreparedFrame(image, binarization: .none)
        let lines: [(x: Int, y: Int, dx: Int, dy: Int, length: Int)] = [
            (0, 0, 1, 0, 22), (-5, 3, 1, 0, 40), (30, 16, -1, 0, 40), (4, -3, 0, 1, 25), (22, 20, 0, -1, 30),
            (7, 7, 0, 1, 3), (-9, 5, 0, 1, 12), (3, 40, 1, 0, 10), (-4, 2, -1, 0, 6), (0, 9, 1, 0, 0),
        ]
        for line in lines {
            let origin = Point(Double(line.x) + 0.5, Double(line.y) + 0.5), direction = Point(Double(line.dx), Double(line.dy))
            let plain = UnsafeMutablePointer<Double>.allocate(capacity: line.length + 1)
            let out = UnsafeMutablePointer<Double>.allocate(capacity: line.length + 1)
            let twice = UnsafeMutablePointer<Int16>.allocate(capacity: line.length + 1)
            let expected = UnsafeMutablePointer<Int16>.allocate(capacity: line.length + 1)
            defer { plain.deallocate(); out.deallocate(); twice.deallocate(); expected.deallocate() }
            #expect(LinearReader.readsPixels(origin: origin, direction: direction, step: 1))
            let count = LinearReader.grays(frame, origin: origin, direction: direction, length: Double(line.length), into: plain)
            #expect(LinearReader.grays(frame, origin: origin, direction: direction, length: Double(line.length), into: out, twice: twice) == count)
            SlidingExtremes.twiceOfHalves(out, count: count, into: expected)
            #expect(Array(UnsafeBufferPointer(start: out, count: count)) == Array(UnsafeBufferPointer(start: plain, count: count)))
            #expect(Array(UnsafeBufferPointer(start: twice, count: count)) == Array(UnsafeBufferPointer(start: expected, count: count)),
                    "the line from (\(line.x), \(line.y))")
            let halves = UnsafeMutablePointer<Double>.allocate(capacity: line.length + 1)
            defer { halves.deallocate() }
            LinearReader.halves(of: twice, count: count, into: halves)
            #expect(UnsafeBufferPointer(start: halves, count: count).map(\.bitPattern) == UnsafeBufferPointer(start: plain, count: count).map(\.bitPattern),
                    "the line from (\(line.x), \(line.y))")
            twice.update(repeating: -1, count: count)
            #expect(LinearReader.grays(frame, origin: origin, direction: direction, length: Double(line.length), into: out, twice: twice,
                                       doubles: false) == count)
            #expect(Array(UnsafeBufferPointer(start: twice, count: count)) == Array(UnsafeBufferPointer(start: expected, count: count)),
                    "the line from (\(line.x), \(line.y)) without doubles")
        }
    }

    /// Twice a pixel line's values sharpened (`LinearReader.sharpenedTwice`, from twice its values) are what
    /// `twiceOfHalves` makes of the sharpened doubles, and a line of halves' range from twice its values
    /// (`LinearReader.range(twice:count:)`) is `range` of the doubles, to the bit, on lines of every length from one.
    @Test func aPixelLinesSharpenedTwiceValuesAndRangeAreThoseOfItsDoubles() {
        var random = SeededGenerator(seed: 61)
        for count in Array(1...20) + [63, 64, 65, 240, 433] {
            for trial in 0..<6 {
                let pixels: [UInt8] = (0..<count).map { _ in trial == 0 ? 255 : trial == 1 ? 0 : UInt8.random(in: 0...255, using: &random) }
                let values = pixels.map(Double.init)
                let twice = pixels.map { Int16($0) * 2 }
                var sharp = [Double](repeating: 0, count: count), expected = [Int16](repeating: 0, count: count), found = expected
                values.withUnsafeBufferPointer { v in
                    sharp.withUnsafeMutableBufferPointer { LinearReader.sharpened(v, reach: 1, into: $0.baseAddress!) }
                }
                sharp.withUnsafeBufferPointer { s in
                    expected.withUnsafeMutableBufferPointer { SlidingExtremes.twiceOfHalves(s.baseAddress!, count: count, into: $0.baseAddress!) }
                }
                twice.withUnsafeBufferPointer { t in
                    found.withUnsafeMutableBufferPointer { LinearReader.sharpenedTwice(t.baseAddress!, count: count, into: $0.baseAddress!) }
                }
                #expect(found == expected, "length \(count), trial \(trial)")
                for (line, whole) in [(values, twice), (sharp, expected)] {
                    let range = line.withUnsafeBufferPointer { LinearReader.range($0) }
                    let fromWhole = whole.withUnsafeBufferPointer { LinearReader.range(twice: $0.baseAddress!, count: count) }
                    #expect(fromWhole.bitPattern == range.bitPattern, "length \(count), trial \(trial)")
                }
            }
        }
    }

    /// The lines `readsPixels` names are read as pixels (whole numbers, 255 outside the image), and they and their
    /// values sharpened are halves of whole numbers that `twiceAsWhole` takes, as the thresholding then assumes
    /// (`SlidingExtremes.wholeExtremes`' `knownHalves`); a line off the pixel centres, across the pixels or at another
    /// step is not named.
    @Test func linesThatReadPixelsHoldHalvesOfWholeNumbers() throws {
        let image = try Self.image(width: 23, height: 17, stride: 26, seed: 5)
        let frame = PreparedFrame(image, binarization: .none)
        let named: [(origin: Point, direction: Point, length: Double)] = [
            (Point(0.5, 3.5), Point(1, 0), 22), (Point(-4.5, 16.5), Point(1, 0), 40), (Point(22.5, 0.5), Point(-1, 0), 30),
            (Point(7.5, -2.5), Point(0, 1), 25), (Point(3.5, 20.5), Point(0, -1), 30), (Point(30.5, 4.5), Point(0, 1), 10),
        ]
        for line in named {
            #expect(LinearReader.readsPixels(origin: line.origin, direction: line.direction, step: 1), "\(line.origin)")
            let capacity = Int(line.length) + 1
            let gray = UnsafeMutablePointer<Double>.allocate(capacity: capacity), sharp = UnsafeMutablePointer<Double>.allocate(capacity: capacity)
            let twice = UnsafeMutablePointer<Int16>.allocate(capacity: capacity)
            defer { gray.deallocate(); sharp.deallocate(); twice.deallocate() }
            let count = LinearReader.grays(frame, origin: line.origin, direction: line.direction, length: line.length, into: gray)
            #expect((0..<count).allSatisfy { gray[$0] == gray[$0].rounded() && gray[$0] >= 0 && gray[$0] <= 255 })
            LinearReader.sharpened(UnsafeBufferPointer(start: gray, count: count), reach: 1, into: sharp)
            #expect(SlidingExtremes.twiceAsWhole(gray, count: count, into: twice), "\(line.origin)")
            #expect(SlidingExtremes.twiceAsWhole(sharp, count: count, into: twice), "\(line.origin) sharpened")
        }
        let others: [(origin: Point, direction: Point, step: Double)] = [
            (Point(0.5, 3.25), Point(1, 0), 1), (Point(0.25, 3.5), Point(1, 0), 1), (Point(7, 0.5), Point(0, 1), 1),
            (Point(0.5, 3.5), Point(0.8, 0.6), 1), (Point(0.5, 3.5), Point(1, 0), 0.5), (Point(0.5, 3.5), Point(0, 1), 2),
        ]
        for line in others {
            #expect(!LinearReader.readsPixels(origin: line.origin, direction: line.direction, step: line.step), "\(line)")
        }
    }

    @Test func aLineReadsEverySampleAsBilinearDoes() throws {
        let image = try Self.image(width: 40, height: 30, stride: 43, seed: 7)
        // Lines inside the image, across its border at either end, and along its edges; steps under and over a pixel.
        var lines: [(origin: Point, direction: Point, from: Double, step: Double, count: Int)] = [
            (Point(5, 5), Point(1, 0), 0, 1, 30), (Point(-3, 12.25), Point(0.8, 0.6), -2, 0.4, 150),
            (Point(20, -4), Point(0, 1), 0, 0.7, 60), (Point(0, 0), Point(0.6, 0.8), -5, 0.3, 200),
            (Point(39.9, 29.9), Point(-1, 0), 0, 1.3, 40), (Point(0.5, 0.5), Point(1, 0), 0, 1, 40),
        ]
        // Runs of interior samples of every length from 0 to 9 (odd ones end with a sample read alone, after the pairs),
        // starting at an even and at an odd index (a clamped first sample), at slopes that cross pixel columns and rows.
        for n in 0..<10 {
            lines += [(Point(3.25, 4.5), Point(0.8, 0.6), 0, 1.1, n), (Point(0.2, 7.75), Point(0.6, 0.8), 0, 0.9, n + 1),
                      (Point(36.6, 2.1), Point(-0.28, 0.96), 0.5, 2.3, n)]
        }
        for line in lines {
            let out = UnsafeMutablePointer<Double>.allocate(capacity: line.count)
            defer { out.deallocate() }
            image.bilinearLine(origin: line.origin, direction: line.direction, from: line.from, step: line.step, count: line.count, into: out)
            for i in 0..<line.count {
                let t = line.from + Double(i) * line.step
                let expected = image.bilinear(line.origin.x + line.direction.x * t, line.origin.y + line.direction.y * t)
                #expect(out[i] == expected, "sample \(i) of the line from \(line.origin)")
            }
        }
    }

    /// A scan line's gray values (`LinearReader.grays`, its interior samples two at a time) are `PreparedFrame.bilinear`'s
    /// at each sample's point, to the bit, white outside the image.
    @Test func aScanLineAtAnAngleReadsEverySampleAsBilinearDoes() throws {
        let frame = PreparedFrame(try Self.image(width: 40, height: 30, stride: 43, seed: 8), binarization: .none)
        var lines: [(origin: Point, direction: Point, length: Double, step: Double)] = [
            (Point(-3, 12.25), Point(0.8, 0.6), 45, 1), (Point(20, -4), Point(0, 1), 38, 0.5), (Point(0.3, 0.2), Point(0.6, 0.8), 40, 0.5),
            (Point(39.9, 29.9), Point(-0.96, -0.28), 44, 1), (Point(2.5, 3.5), Point(1, 0), 30, 0.5),
        ]
        // Interior runs of every length from 0 to 9, from an even and an odd first index (a border sample first).
        for n in 0..<10 {
            lines += [(Point(3.25, 4.5), Point(0.8, 0.6), 1.1 * Double(n), 1.1), (Point(0.2, 7.75), Point(0.6, 0.8), Double(n) * 0.5, 0.5)]
        }
        let out = UnsafeMutablePointer<Double>.allocate(capacity: 200)
        defer { out.deallocate() }
        for line in lines {
            let count = LinearReader.grays(frame, origin: line.origin, direction: line.direction, length: line.length, step: line.step, into: out)
            #expect(count == Int(line.length / line.step) + 1)
            for k in 0..<count {
                let p = line.origin + line.direction * (Double(k) * line.step)
                #expect(out[k].bitPattern == frame.gray(p.x, p.y).bitPattern, "sample \(k) of the line from \(line.origin)")
            }
        }
    }

    /// The whole part and fraction the table-reading interior samples find without `Int(Double)` are `Int(x)` and
    /// `x − Double(Int(x))`, to the bit, and those samples are the converting `PreparedFrame.interior`'s.
    @Test func wholeAndFractionAreTheConversionsOwn() throws {
        var random = SeededGenerator(seed: 929)
        var values: [Double] = [0, 0.5, 1, 1.5, 2.5, 0.5.nextDown, 0.5.nextUp, 1.0.nextDown, 1.0.nextUp, 0x1p-1074, 3.4999999999999996,
                                0x1p51.nextDown, 0x1p50 + 0.5, 0x1p50 + 1.5, 0x1p49 + 0.25, 12345.75]
        for _ in 0..<5000 { values.append(Double.random(in: 0..<1000, using: &random)) }
        for k in 0..<2000 { values.append(Double(k) / 8) }
        for x in values {
            let (whole, fraction) = PreparedFrame.wholeAndFraction(x)
            #expect(whole == Int(x) && fraction.bitPattern == (x - Double(Int(x))).bitPattern, "\(x)")
        }
        let image = try Self.image(width: 40, height: 30, stride: 43, seed: 15)
        try image.pixels.withUnsafeBufferPointer { pixels in
            try PreparedFrame.pixelValues.withUnsafeBufferPointer { table in
                let px = try #require(pixels.baseAddress), values = try #require(table.baseAddress)
                for _ in 0..<3000 {
                    let fx = Double.random(in: 0..<39, using: &random), fy = Double.random(in: 0..<29, using: &random)
                    let sample = PreparedFrame.interior(px, stride: 43, fx, fy, values: values)
                    #expect(sample.bitPattern == PreparedFrame.interior(px, stride: 43, fx, fy).bitPattern)
                }
            }
        }
    }
}
