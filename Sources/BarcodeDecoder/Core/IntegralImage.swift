/// Summed-area table of a grayscale image, for constant-time local means.
public struct IntegralImage: Sendable {
    public let width: Int
    public let height: Int
    /// `(width + 1) × (height + 1)` running sums; row 0 and column 0 are zero.
    let sums: [UInt32]

    public init(_ image: GrayImage) {
        width = image.width
        height = image.height
        let w1 = width + 1
        var sums = [UInt32](repeating: 0, count: w1 * (height + 1))
        image.pixels.withUnsafeBufferPointer { px in
            sums.withUnsafeMutableBufferPointer { s in
                // Row pointers set once per row: no index arithmetic (and its overflow checks) per pixel.
                for y in 0..<image.height {
                    var row: UInt32 = 0
                    let source = px.baseAddress! + y * image.stride
                    let above = s.baseAddress! + y * w1 + 1, target = above + w1
                    for x in 0..<image.width {
                        row &+= UInt32(source[x])
                        target[x] = above[x] &+ row
                    }
                }
            }
        }
        self.sums = sums
    }

    /// The mean of the pixels in the square of half-size `radius` around (`x`, `y`), clipped to the image.
    @inlinable
    public func mean(x: Int, y: Int, radius: Int) -> Int {
        let x0 = max(0, x - radius), y0 = max(0, y - radius)
        let x1 = min(width, x + radius + 1), y1 = min(height, y + radius + 1)
        guard x1 > x0, y1 > y0 else { return 128 }
        // 32-bit division (sums of up to 2^32 / 255 pixels), several times cheaper than 64-bit on many CPUs.
        return Int(sum(x0: x0, y0: y0, x1: x1, y1: y1) / UInt32((x1 - x0) * (y1 - y0)))
    }

    /// The sum over columns `x0..<x1` and rows `y0..<y1` (inside the image).
    @usableFromInline
    func sum(x0: Int, y0: Int, x1: Int, y1: Int) -> UInt32 {
        let w1 = width + 1
        return sums[y1 * w1 + x1] &- sums[y0 * w1 + x1] &- sums[y1 * w1 + x0] &+ sums[y0 * w1 + x0]
    }
}
