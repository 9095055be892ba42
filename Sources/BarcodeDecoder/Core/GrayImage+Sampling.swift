/// Transposing and bilinear sampling of gray images, for readers that follow lines at any angle.
extension GrayImage {
    /// The image mirrored about its main diagonal (rows become columns).
    ///
    /// In blocks of 8×8 pixels, eight bytes a load and a store (`ByteTranspose`): a pixel at a time through the subscripts
    /// (bounds tests, and a write a whole row apart for each read) cost about 20 instructions a pixel, a tenth of the
    /// MicroPDF417 reader's work on a frame, and a pixel at a time through pointers about 11.
    func transposed() -> GrayImage {
        var out = GrayImage(width: height, height: width)
        let width = width, height = height, stride = stride
        pixels.withUnsafeBufferPointer { source in
            out.pixels.withUnsafeMutableBufferPointer { target in
                ByteTranspose.transpose(source.baseAddress!, sourceStride: stride, width: width, height: height,
                                        into: target.baseAddress!, targetStride: height)
            }
        }
        return out
    }

    /// The image enlarged by an integer `factor`, each pixel repeated `factor`×`factor` times.
    func enlarged(by factor: Int) -> GrayImage {
        let factor = max(1, factor)
        var out = GrayImage(width: width * factor, height: height * factor)
        let outWidth = out.width
        // Each source row widened once, then copied to the factor − 1 rows below it (a subscript a pixel, with its
        // division and bounds checks, cost 21 instructions a pixel of the enlarged copy).
        pixels.withUnsafeBufferPointer { source in
            out.pixels.withUnsafeMutableBufferPointer { target in
                let from = source.baseAddress!, to = target.baseAddress!
                for y in 0..<height {
                    let row = from + y * stride, first = to + y * factor * outWidth
                    var k = 0
                    for x in 0..<width {
                        for _ in 0..<factor { first[k] = row[x]; k += 1 }
                    }
                    for copy in 1..<factor { (first + copy * outWidth).update(from: first, count: outWidth) }
                }
            }
        }
        return out
    }

    /// The bilinearly interpolated gray value at (`x`, `y`) (pixel centres at half-integers); the border pixel's value
    /// outside the image.
    func bilinear(_ x: Double, _ y: Double) -> Double {
        pixels.withUnsafeBufferPointer { buffer in
            precondition(holdsEveryRow(buffer))
            return Self.clampedBilinear(buffer, width: width, height: height, stride: stride, x, y)
        }
    }

    /// `PreparedFrame.interior(_:stride:_:_:values:)` at `origin + direction · (from + i · step)` for each i of `samples`,
    /// into `out[i]`: the samples of a line whose four pixels lie inside the image (0 ≤ x − ½ < width − 1 and
    /// 0 ≤ y − ½ < height − 1, which the caller has checked for the first and last: each coordinate is monotone in i).
    ///
    /// Each pixel's value read from a table (`PreparedFrame.pixelValues`). `Double(i)` counted as a `Double` (whole numbers
    /// this small are exact, so each is the same value) instead of converted a sample.
    ///
    /// Two samples an iteration, one in each lane of `SIMD2<Double>` values: each lane's operations are the scalar
    /// sample's, in the same order (IEEE arithmetic lane by lane, nothing fused or reassociated), so each sample is the
    /// same to the bit; the coordinates, whole parts, fractions and interpolation cost one instruction for the two where
    /// they cost one each (a sample had about 60 instructions, most of them arithmetic on one double). Only the pixel
    /// addresses and the table reads stay one a sample. An odd last sample is read alone.
    static func interiorLine(_ px: UnsafePointer<UInt8>, stride: Int, origin: Point, direction: Point, from: Double, step: Double,
                             samples: Range<Int>, into out: UnsafeMutablePointer<Double>) {
        let first = samples.lowerBound, end = samples.upperBound
        PreparedFrame.pixelValues.withUnsafeBufferPointer { values in
            let table = values.baseAddress!
            var i = first
            var index = SIMD2<Double>(Double(first), Double(first) + 1)
            while i &+ 2 <= end {
                let along = from + index * step
                let fx = origin.x + direction.x * along - 0.5, fy = origin.y + direction.y * along - 0.5
                // Inside the run of interior samples: 0 ≤ fx < width − 1 and 0 ≤ fy < height − 1 in both lanes, so each
                // pixel and its right and lower neighbours lie in the image.
                UnsafeMutableRawPointer(out + i).storeBytes(of: PreparedFrame.interior(px, stride: stride, fx, fy, values: table), as: SIMD2<Double>.self)
                index += 2
                i &+= 2
            }
            if i < end {
                let along = from + index[0] * step
                let fx = origin.x + direction.x * along - 0.5, fy = origin.y + direction.y * along - 0.5
                out[i] = PreparedFrame.interior(px, stride: stride, fx, fy, values: table)
            }
        }
    }

    /// `bilinear` at `origin + direction · (from + i · step)` for i in 0 ..< `count`, into `out`: a scan line's gray values,
    /// read on the pixel buffer (one bounds check for the buffer, not four per sample).
    func bilinearLine(origin: Point, direction: Point, from: Double, step: Double, count: Int, into out: UnsafeMutablePointer<Double>) {
        guard count > 0 else { return }
        pixels.withUnsafeBufferPointer { buffer in
            precondition(holdsEveryRow(buffer))
            func x(_ i: Int) -> Double { origin.x + direction.x * (from + Double(i) * step) }
            func y(_ i: Int) -> Double { origin.y + direction.y * (from + Double(i) * step) }
            // Samples whose four pixels are all inside the image need no clamping: the same sums as
            // `clampedBilinear` without its tests, about half the instructions a sample. Each coordinate is a
            // monotone function of i, so those samples are one run of i; the line's ends outside it (beyond the
            // image's border pixels' centres) are read clamped.
            func isInside(_ i: Int) -> Bool {
                let fx = x(i) - 0.5, fy = y(i) - 0.5
                return fx >= 0 && fy >= 0 && fx < Double(width - 1) && fy < Double(height - 1)
            }
            func clamped(_ i: Int) -> Double {
                Self.clampedBilinear(buffer, width: width, height: height, stride: stride, x(i), y(i))
            }
            var first = 0, end = count
            while first < end, !isInside(first) { out[first] = clamped(first); first += 1 }
            while end > first, !isInside(end - 1) { end -= 1; out[end] = clamped(end) }
            Self.interiorLine(buffer.baseAddress!, stride: stride, origin: origin, direction: direction, from: from, step: step,
                              samples: first..<end, into: out)
        }
    }

    /// Whether `buffer` reaches the last row's last pixel (`pixels` is mutable, so the initializer's check may not hold).
    private func holdsEveryRow(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool { buffer.count >= (height - 1) * stride + width }

    /// `bilinear` on a pixel buffer that `holdsEveryRow`, unchecked: every point is clamped to the image, so the furthest
    /// index read is the last row's last pixel.
    @inline(__always)
    private static func clampedBilinear(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int,
                                        _ x: Double, _ y: Double) -> Double {
        let px = pixels.baseAddress!
        let fx = min(max(x - 0.5, 0), Double(width - 1)), fy = min(max(y - 0.5, 0), Double(height - 1))
        let ix = min(Int(fx), width - 2 < 0 ? 0 : width - 2), iy = min(Int(fy), height - 2 < 0 ? 0 : height - 2)
        let ax = width > 1 ? fx - Double(ix) : 0, ay = height > 1 ? fy - Double(iy) : 0
        let i = iy * stride + ix
        let dx = width > 1 ? 1 : 0, dy = height > 1 ? stride : 0
        let top = Double(px[i]) * (1 - ax) + Double(px[i + dx]) * ax
        let bottom = Double(px[i + dy]) * (1 - ax) + Double(px[i + dy + dx]) * ax
        return top * (1 - ay) + bottom * ay
    }

    /// The image turned by 45° about its centre into a square that holds all of it (white outside), with the mappings
    /// between its coordinates and this image's.
    func rotated45() -> (image: GrayImage, toTurned: @Sendable (Point) -> Point, fromTurned: @Sendable (Point) -> Point) {
        let c = 0.5.squareRoot()
        let side = Int((Double(width + height) * c).rounded(.up)) + 2
        let center = Point(Double(width) / 2, Double(height) / 2), turnedCenter = Point(Double(side) / 2, Double(side) / 2)
        let from: @Sendable (Point) -> Point = { p in
            let d = p - turnedCenter
            return Point(center.x + c * (d.x + d.y), center.y + c * (d.y - d.x))
        }
        let to: @Sendable (Point) -> Point = { p in
            let d = p - center
            return Point(turnedCenter.x + c * (d.x - d.y), turnedCenter.y + c * (d.x + d.y))
        }
        var out = GrayImage(width: side, height: side, filledWith: 255)
        // Both images' buffers taken once, not at every pixel (`bilinear` and the subscript took them, with their tests,
        // for each of the turned image's several hundred thousand pixels), and points between the pixel centres read
        // without clamping from the table of pixel values, as `bilinearLine` reads them: the same samples, rounded the
        // same way.
        pixels.withUnsafeBufferPointer { source in
            precondition(holdsEveryRow(source))
            PreparedFrame.pixelValues.withUnsafeBufferPointer { values in
                out.pixels.withUnsafeMutableBufferPointer { turned in
                    let lastX = Double(width - 1), lastY = Double(height - 1)
                    for y in 0..<side {
                        for x in 0..<side {
                            let p = from(Point(Double(x) + 0.5, Double(y) + 0.5))
                            guard p.x >= 0, p.y >= 0, p.x < Double(width), p.y < Double(height) else { continue }
                            let fx = p.x - 0.5, fy = p.y - 0.5
                            let value = fx >= 0 && fy >= 0 && fx < lastX && fy < lastY
                                ? PreparedFrame.interior(source.baseAddress!, stride: stride, fx, fy, values: values.baseAddress!)
                                : Self.clampedBilinear(source, width: width, height: height, stride: stride, p.x, p.y)
                            // `UInt8(value.rounded())` without a call to libm's `round` (`ParallelScanLines.byte`: the
                            // same byte for every value, and `value` lies in 0…255).
                            turned[y * side + x] = ParallelScanLines.byte(value)
                        }
                    }
                }
            }
        }
        return (out, to, from)
    }
}
