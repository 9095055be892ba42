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
}
