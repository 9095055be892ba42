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
        image.pixels.withUnsafeBufferPointer { px in
            out.cells.withUnsafeMutableBufferPointer { cells in
                var by = 0
                while by < h {
                    let cy = min(h - 1, by + block / 2)
                    var bx = 0
                    while bx < w {
                        let cx = min(w - 1, bx + block / 2)
                        let mean = integral.mean(x: cx, y: cy, radius: radius)
                        let threshold = mean - 2 - mean / 32
                        let wideThreshold = integral.mean(x: cx, y: cy, radius: wide) * 3 / 5
                        let limit = max(threshold, wideThreshold)
                        for y in by..<min(h, by + block) {
                            let row = y * image.stride, outRow = y * w
                            for x in bx..<min(w, bx + block) where Int(px[row + x]) < limit { cells[outRow + x] = 1 }
                        }
                        bx += block
                    }
                    by += block
                }
            }
        }
        return out
    }
}
