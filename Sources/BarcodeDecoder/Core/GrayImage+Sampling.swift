/// Transposing and bilinear sampling of gray images, for readers that follow lines at any angle.
extension GrayImage {
    /// The image mirrored about its main diagonal (rows become columns).
    func transposed() -> GrayImage {
        var out = GrayImage(width: height, height: width)
        for y in 0..<height {
            for x in 0..<width { out.pixels[x * height + y] = pixels[y * stride + x] }
        }
        return out
    }

    /// The image enlarged by an integer `factor`, each pixel repeated `factor`×`factor` times.
    func enlarged(by factor: Int) -> GrayImage {
        var out = GrayImage(width: width * factor, height: height * factor)
        for y in 0..<out.height {
            let row = (y / factor) * stride
            for x in 0..<out.width { out.pixels[y * out.width + x] = pixels[row + x / factor] }
        }
        return out
    }

    /// The bilinearly interpolated gray value at (`x`, `y`) (pixel centres at half-integers); the border pixel's value
    /// outside the image.
    @inline(__always)
    func bilinear(_ x: Double, _ y: Double) -> Double {
        let fx = min(max(x - 0.5, 0), Double(width - 1)), fy = min(max(y - 0.5, 0), Double(height - 1))
        let ix = min(Int(fx), width - 2 < 0 ? 0 : width - 2), iy = min(Int(fy), height - 2 < 0 ? 0 : height - 2)
        let ax = width > 1 ? fx - Double(ix) : 0, ay = height > 1 ? fy - Double(iy) : 0
        let i = iy * stride + ix
        let dx = width > 1 ? 1 : 0, dy = height > 1 ? stride : 0
        let top = Double(pixels[i]) * (1 - ax) + Double(pixels[i + dx]) * ax
        let bottom = Double(pixels[i + dy]) * (1 - ax) + Double(pixels[i + dy + dx]) * ax
        return top * (1 - ay) + bottom * ay
    }

    /// `bilinear` at `origin + direction · (from + i · step)` for i in 0 ..< `count`: a scan line's gray values, read on the
    /// pixel buffer (one bounds check for the buffer, not four per sample).
    func bilinearLine(origin: Point, direction: Point, from: Double, step: Double, count: Int) -> [Double] {
        guard count > 0 else { return [] }
        let maxX = Double(width - 1), maxY = Double(height - 1)
        let lastX = width - 2 < 0 ? 0 : width - 2, lastY = height - 2 < 0 ? 0 : height - 2
        let dx = width > 1 ? 1 : 0, dy = height > 1 ? stride : 0
        let spansX = width > 1, spansY = height > 1
        return pixels.withUnsafeBufferPointer { buffer in
            // The furthest index read is the last row's last pixel (`bilinear` clamps every point to the image).
            precondition(buffer.count >= (height - 1) * stride + width)
            let px = buffer.baseAddress!
            return [Double](unsafeUninitializedCapacity: count) { out, initialized in
                for i in 0..<count {
                    let t = from + Double(i) * step
                    let x = origin.x + direction.x * t, y = origin.y + direction.y * t
                    let fx = min(max(x - 0.5, 0), maxX), fy = min(max(y - 0.5, 0), maxY)
                    let ix = min(Int(fx), lastX), iy = min(Int(fy), lastY)
                    let ax = spansX ? fx - Double(ix) : 0, ay = spansY ? fy - Double(iy) : 0
                    let j = iy * stride + ix
                    let top = Double(px[j]) * (1 - ax) + Double(px[j + dx]) * ax
                    let bottom = Double(px[j + dy]) * (1 - ax) + Double(px[j + dy + dx]) * ax
                    out[i] = top * (1 - ay) + bottom * ay
                }
                initialized = count
            }
        }
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
        for y in 0..<side {
            for x in 0..<side {
                let p = from(Point(Double(x) + 0.5, Double(y) + 0.5))
                guard p.x >= 0, p.y >= 0, p.x < Double(width), p.y < Double(height) else { continue }
                out.pixels[y * side + x] = UInt8(bilinear(p.x, p.y).rounded())
            }
        }
        return (out, to, from)
    }
}
