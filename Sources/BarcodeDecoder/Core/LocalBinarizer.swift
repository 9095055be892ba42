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
        let w1 = w + 1
        let wide = radius * 3
        var columns = [Int](repeating: 0, count: w1), wideColumns = [Int](repeating: 0, count: w1)
        image.pixels.withUnsafeBufferPointer { px in
            integral.sums.withUnsafeBufferPointer { sums in
                out.cells.withUnsafeMutableBufferPointer { cells in
                    columns.withUnsafeMutableBufferPointer { col in
                        wideColumns.withUnsafeMutableBufferPointer { wideCol in
                            for y in 0..<h {
                                let y0 = max(0, y - radius), y1 = min(h, y + radius + 1)
                                let wy0 = max(0, y - wide), wy1 = min(h, y + wide + 1)
                                let rows = y1 - y0, wideRows = wy1 - wy0
                                for x in 0..<w1 {
                                    col[x] = Int(sums[y1 * w1 + x] &- sums[y0 * w1 + x])
                                    wideCol[x] = Int(sums[wy1 * w1 + x] &- sums[wy0 * w1 + x])
                                }
                                let row = y * image.stride
                                for x in 0..<w {
                                    let x0 = max(0, x - radius), x1 = min(w, x + radius + 1)
                                    let area = (x1 - x0) * rows
                                    let sum = col[x1] - col[x0]
                                    let p = Int(px[row + x])
                                    // pixel < mean − 2 − mean/32, without dividing: pixel·area·32 < 31·sum − 64·area.
                                    if p * area * 32 < 31 * sum - 64 * area { cells[y * w + x] = 1; continue }
                                    // Inside large dark areas the local mean is dark too: compare with a window three times wider.
                                    let wx0 = max(0, x - wide), wx1 = min(w, x + wide + 1)
                                    let wideArea = (wx1 - wx0) * wideRows
                                    if p * wideArea * 5 < 3 * (wideCol[wx1] - wideCol[wx0]) { cells[y * w + x] = 1 }
                                }
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}
