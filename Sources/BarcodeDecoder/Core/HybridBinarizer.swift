/// Binarizes against a threshold per 8×8 block: the block's mean where it has contrast, a value carried over from its
/// neighbours where it is flat, smoothed over the 5×5 blocks around it.
///
/// Flat blocks inside a symbol's large dark modules keep the darker neighbours' threshold, and flat light areas stay light
/// instead of turning into noise; the 40×40-pixel window follows glare and shadows closely.
public enum HybridBinarizer {
    static let block = 8
    /// A block whose brightest and darkest pixels differ by less than this is flat.
    static let minimumRange = 24

    public static func binarize(_ image: GrayImage) -> BitMatrix {
        let w = image.width, h = image.height
        let bw = (w + block - 1) / block, bh = (h + block - 1) / block
        var thresholds = [Int](repeating: 0, count: bw * bh)
        image.pixels.withUnsafeBufferPointer { px in
            for by in 0..<bh {
                for bx in 0..<bw {
                    var lo = 255, hi = 0, sum = 0, n = 0
                    for y in (by * block)..<min(h, by * block + block) {
                        let row = y * image.stride
                        for x in (bx * block)..<min(w, bx * block + block) {
                            let v = Int(px[row + x])
                            sum += v; n += 1
                            if v < lo { lo = v }
                            if v > hi { hi = v }
                        }
                    }
                    var t = sum / max(1, n)
                    if hi - lo < minimumRange {
                        // Flat: light unless the neighbours above and to the left say this is inside something dark.
                        t = lo / 2
                        if bx > 0 && by > 0 {
                            let neighbours = (thresholds[(by - 1) * bw + bx] + 2 * thresholds[by * bw + bx - 1] + thresholds[(by - 1) * bw + bx - 1]) / 4
                            if lo < neighbours { t = neighbours }
                        }
                    }
                    thresholds[by * bw + bx] = t
                }
            }
        }
        var out = BitMatrix(width: w, height: h)
        image.pixels.withUnsafeBufferPointer { px in
            out.cells.withUnsafeMutableBufferPointer { cells in
                for by in 0..<bh {
                    for bx in 0..<bw {
                        var sum = 0, n = 0
                        for ny in max(0, by - 2)...min(bh - 1, by + 2) {
                            for nx in max(0, bx - 2)...min(bw - 1, bx + 2) { sum += thresholds[ny * bw + nx]; n += 1 }
                        }
                        let t = sum / n
                        for y in (by * block)..<min(h, by * block + block) {
                            let row = y * image.stride, outRow = y * w
                            for x in (bx * block)..<min(w, bx * block + block) where Int(px[row + x]) <= t { cells[outRow + x] = 1 }
                        }
                    }
                }
            }
        }
        return out
    }
}
