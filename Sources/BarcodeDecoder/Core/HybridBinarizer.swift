/// Binarizes against a threshold per 8×8 block: the block's mean where it has contrast, a value carried over from its
/// neighbours where it is flat, smoothed over the 5×5 blocks around it.
///
/// Flat blocks inside a symbol's large dark modules keep the darker neighbours' threshold, and flat light areas stay light
/// instead of turning into noise; the 40×40-pixel window follows glare and shadows closely.
///
/// It runs on every frame where no 2D symbol was read. A block's sums and extremes are taken a row of eight pixels at a
/// time, the 5×5 smoothing as sums of column sums, and each pixel row is compared against a row of its blocks' thresholds
/// in one branch-free loop: the same cells as a pixel-by-pixel pass with a test per pixel, in a fifth of the instructions.
public enum HybridBinarizer {
    static let block = 8
    /// A whole block's 64 pixels, as a shift of their sum (`blockThresholds`).
    static let blockShift = 6
    /// A block whose brightest and darkest pixels differ by less than this is flat.
    static let minimumRange = 24

    public static func binarize(_ image: GrayImage) -> BitMatrix {
        let w = image.width, h = image.height
        guard w > 0, h > 0 else { return BitMatrix(width: w, height: h) }
        let bw = (w + block - 1) / block, bh = (h + block - 1) / block
        let thresholds = blockThresholds(image, blockColumns: bw, blockRows: bh)
        // Each pixel column's smoothed threshold in the current block row.
        var limits = [Int16](repeating: 0, count: w)
        var columnSums = [Int](repeating: 0, count: bw)
        return BitMatrix(width: w, height: h) { cells in
            image.pixels.withUnsafeBufferPointer { px in
                limits.withUnsafeMutableBufferPointer { limits in
                    let limit = limits.baseAddress!
                    for by in 0..<bh {
                        // The 5×5 blocks' sum around each block: the five block rows' column sums, then five of those.
                        let top = max(0, by - 2), bottom = min(bh - 1, by + 2)
                        for bx in 0..<bw {
                            var column = 0
                            for ny in top...bottom { column += thresholds[ny * bw + bx] }
                            columnSums[bx] = column
                        }
                        for bx in 0..<bw {
                            let left = max(0, bx - 2), right = min(bw - 1, bx + 2)
                            var sum = 0
                            for nx in left...right { sum += columnSums[nx] }
                            let t = Int16(sum / ((bottom - top + 1) * (right - left + 1)))
                            for x in (bx * block)..<min(w, bx * block + block) { limit[x] = t }
                        }
                        for y in (by * block)..<min(h, by * block + block) {
                            let row = px.baseAddress! + y * image.stride, out = cells.baseAddress! + y * w
                            for x in 0..<w { out[x] = Int16(row[x]) <= limit[x] ? 1 : 0 }
                        }
                    }
                }
            }
        }
    }

    /// Each block's threshold, row by row: the mean where the block has contrast; where it is flat, half its darkest
    /// pixel, or the neighbours' (above, left twice, above-left) mean when that is above its darkest pixel.
    static func blockThresholds(_ image: GrayImage, blockColumns bw: Int, blockRows bh: Int) -> [Int] {
        let w = image.width, h = image.height
        var thresholds = [Int](repeating: 0, count: bw * bh)
        image.pixels.withUnsafeBufferPointer { px in
            for by in 0..<bh {
                let y0 = by * block, rows = min(h, y0 + block) - y0
                for bx in 0..<bw {
                    let x0 = bx * block, columns = min(w, x0 + block) - x0
                    var lo: UInt8 = 255, hi: UInt8 = 0, sum = 0
                    if columns == block {
                        // A whole row of the block: its eight pixels at once, lane by lane (the lanes' sums fit 16 bits:
                        // at most eight rows of 255).
                        var low = SIMD8<UInt8>(repeating: 255), high = SIMD8<UInt8>(repeating: 0), sums = SIMD8<UInt16>()
                        for y in y0..<(y0 + rows) {
                            let v = UnsafeRawPointer(px.baseAddress! + y * image.stride + x0).loadUnaligned(as: SIMD8<UInt8>.self)
                            low = pointwiseMin(low, v)
                            high = pointwiseMax(high, v)
                            sums &+= SIMD8<UInt16>(truncatingIfNeeded: v)
                        }
                        lo = low.min()
                        hi = high.max()
                        sum = Int(sums.wrappedSum())
                    } else {
                        for y in y0..<(y0 + rows) {
                            let p = px.baseAddress! + y * image.stride + x0
                            for k in 0..<columns {
                                let v = p[k]
                                sum &+= Int(v)
                                lo = min(lo, v)
                                hi = max(hi, v)
                            }
                        }
                    }
                    let lowest = Int(lo)
                    // A whole block's mean as a shift (the sum is not negative): a division at every block was the
                    // slowest instruction of the loop.
                    var t = rows == block && columns == block ? sum >> blockShift : sum / (rows * columns)
                    if Int(hi) - lowest < minimumRange {
                        // Flat: light unless the neighbours above and to the left say this is inside something dark.
                        t = lowest / 2
                        if bx > 0 && by > 0 {
                            let neighbours = (thresholds[(by - 1) * bw + bx] + 2 * thresholds[by * bw + bx - 1] + thresholds[(by - 1) * bw + bx - 1]) / 4
                            if lowest < neighbours { t = neighbours }
                        }
                    }
                    thresholds[by * bw + bx] = t
                }
            }
        }
        return thresholds
    }
}
