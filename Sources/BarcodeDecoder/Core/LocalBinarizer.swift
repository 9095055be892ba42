/// Binarizes a grayscale image against the mean of a window around each pixel, so uneven light and glare gradients do not matter.
public enum LocalBinarizer {
    /// The window half-size used for an image of this size: large against a module, small against a light gradient.
    public static func radius(width: Int, height: Int) -> Int {
        max(12, min(60, min(width, height) / 8))
    }

    /// Dark cells where a pixel is darker than its neighbourhood mean by more than the noise margin.
    ///
    /// Thresholds are set per 4×4 block from the means of two square windows around its centre (half-size `radius` and
    /// three times that), clipped to the image. The window sums come from column sums over the window's rows, kept up
    /// to date as the block rows move down (four rows in, four out: adds across a row, which the compiler vectorizes),
    /// and their running total along the row: no summed-area table of the whole frame to fill and keep in memory.
    public static func binarize(_ image: GrayImage, radius: Int) -> BitMatrix {
        var out = BitMatrix(width: image.width, height: image.height)
        let w = image.width, h = image.height
        guard w > 0, h > 0 else { return out }
        let block = 4
        let blockColumns = (w + block - 1) / block
        // Each pixel column's threshold in the current block row (thresholds lie in -2...253): the pixel loop is then one
        // branch-free comparison per pixel, which the compiler vectorizes.
        var limits = [Int16](repeating: 0, count: w)
        var narrow = WindowSums(width: w, radius: radius), wide = WindowSums(width: w, radius: radius * 3)
        image.pixels.withUnsafeBufferPointer { px in
            out.cells.withUnsafeMutableBufferPointer { cells in
                limits.withUnsafeMutableBufferPointer { limits in
                    let limit = limits.baseAddress!
                    var by = 0
                    while by < h {
                        let cy = min(h - 1, by + block / 2)
                        narrow.move(to: cy, height: h, pixels: px, stride: image.stride)
                        wide.move(to: cy, height: h, pixels: px, stride: image.stride)
                        for column in 0..<blockColumns {
                            let cx = min(w - 1, column * block + block / 2)
                            let mean = narrow.mean(x: cx)
                            let threshold = mean - 2 - mean / 32
                            let wideThreshold = wide.mean(x: cx) * 3 / 5
                            let value = Int16(max(threshold, wideThreshold))
                            for x in (column * block)..<min(w, column * block + block) { limit[x] = value }
                        }
                        for y in by..<min(h, by + block) {
                            let row = px.baseAddress! + y * image.stride, outRow = cells.baseAddress! + y * w
                            for x in 0..<w { outRow[x] = Int16(row[x]) < limit[x] ? 1 : 0 }
                        }
                        by += block
                    }
                }
            }
        }
        return out
    }

    /// The same binarization; the summed-area table is no longer needed.
    @available(*, deprecated, message: "use binarize(_:radius:), which needs no summed-area table")
    public static func binarize(_ image: GrayImage, integral: IntegralImage, radius: Int) -> BitMatrix {
        binarize(image, radius: radius)
    }

    /// Sums of the pixels in a square window (half-size `radius`, clipped to the image) centred on any column of one row:
    /// per column, the sum over the window's rows; and their running total along the row.
    struct WindowSums {
        let radius: Int
        /// Sums over rows `top..<bottom` of each column.
        var columns: [UInt32]
        /// `totals[x]` is the sum of `columns[0..<x]`.
        var totals: [UInt32]
        var top = 0, bottom = 0

        init(width: Int, radius: Int) {
            self.radius = radius
            columns = [UInt32](repeating: 0, count: width)
            totals = [UInt32](repeating: 0, count: width + 1)
        }

        /// Makes the window rows those around row `center` (rows `stride` apart in `pixels`), adding the rows that enter
        /// and taking away those that leave.
        mutating func move(to center: Int, height: Int, pixels: UnsafeBufferPointer<UInt8>, stride: Int) {
            let newTop = max(0, center - radius), newBottom = min(height, center + radius + 1)
            // A window clipped at both ends of a small image stays where it is: its sums hold.
            guard newTop != top || newBottom != bottom else { return }
            columns.withUnsafeMutableBufferPointer { sums in
                let width = sums.count
                // Rows entering below, then rows leaving above (the window only moves down; when it jumps past its old
                // rows, all of them leave).
                for y in max(bottom, newTop)..<max(bottom, newBottom) {
                    let row = pixels.baseAddress! + y * stride
                    for x in 0..<width { sums[x] &+= UInt32(row[x]) }
                }
                for y in top..<min(newTop, bottom) {
                    let row = pixels.baseAddress! + y * stride
                    for x in 0..<width { sums[x] &-= UInt32(row[x]) }
                }
            }
            top = newTop
            bottom = newBottom
            columns.withUnsafeBufferPointer { sums in
                totals.withUnsafeMutableBufferPointer { totals in
                    var running: UInt32 = 0
                    for x in 0..<sums.count {
                        running &+= sums[x]
                        totals[x + 1] = running
                    }
                }
            }
        }

        /// The mean over the window centred on column `x` (32-bit division: sums of up to 2^32 / 255 pixels, several
        /// times cheaper than 64-bit on many CPUs).
        func mean(x: Int) -> Int {
            let x0 = max(0, x - radius), x1 = min(columns.count, x + radius + 1)
            return Int((totals[x1] &- totals[x0]) / UInt32((x1 - x0) * (bottom - top)))
        }
    }
}
