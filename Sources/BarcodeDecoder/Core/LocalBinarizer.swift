/// Binarizes a grayscale image against the mean of a window around each pixel, so uneven light and glare gradients do not matter.
public enum LocalBinarizer {
    /// The window half-size used for an image of this size: large against a module, small against a light gradient.
    public static func radius(width: Int, height: Int) -> Int {
        max(12, min(60, min(width, height) / 8))
    }

    /// Dark cells where a pixel is darker than its neighbourhood mean by more than the noise margin.
    public static func binarize(_ image: GrayImage, integral: IntegralImage, radius: Int) -> BitMatrix {
        var out = BitMatrix(width: image.width, height: image.height)
        let w = image.width, h = image.height
        // Thresholds per 4×4 block (the windows are far larger than a block), compared per pixel.
        let block = 4
        let wide = radius * 3
        let blockColumns = (w + block - 1) / block
        // Each pixel column's threshold in the current block row (thresholds lie in -2...253): the pixel loop is then one
        // branch-free comparison per pixel, which the compiler vectorizes.
        var limits = [Int16](repeating: 0, count: w)
        image.pixels.withUnsafeBufferPointer { px in
            out.cells.withUnsafeMutableBufferPointer { cells in
                limits.withUnsafeMutableBufferPointer { limits in
                    let limit = limits.baseAddress!
                    var by = 0
                    while by < h {
                        let cy = min(h - 1, by + block / 2)
                        for column in 0..<blockColumns {
                            let cx = min(w - 1, column * block + block / 2)
                            let mean = integral.mean(x: cx, y: cy, radius: radius)
                            let threshold = mean - 2 - mean / 32
                            let wideThreshold = integral.mean(x: cx, y: cy, radius: wide) * 3 / 5
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
}
