/// Samples a 2D symbol's modules through a transform and thresholds each against its own neighbourhood of modules.
///
/// Thresholding sampled module values (not image pixels) keeps blurred light modules among dark ones light.
///
/// Readers sample many candidate grids per frame (each size estimate, each corner nudge), so the loops read the pixels
/// and the transform's coefficients directly rather than through `PreparedFrame.gray` and `PerspectiveTransform.apply`,
/// with the same arithmetic (the same values, bit for bit).
enum ModuleSampler {
    /// Samples every module, or with `corners` only those within `corners` modules of both a vertical and a horizontal
    /// edge (the four corner squares, e.g. a QR symbol's finders with their format and version information); the rest
    /// stay light. The corner squares are sampled and thresholded on their own, without a buffer for the whole grid.
    static func sample(_ frame: PreparedFrame, transform: PerspectiveTransform, width: Int, height: Int,
                       corners: Int? = nil) -> BitMatrix {
        let columns = corners.map { c in (0..<width).filter { $0 < c || $0 >= width - c } } ?? Array(0..<width)
        let rows = corners.map { c in (0..<height).filter { $0 < c || $0 >= height - c } } ?? Array(0..<height)
        let cw = columns.count, ch = rows.count
        var gray = [Double](repeating: 0, count: cw * ch)
        var lo = 255.0, hi = 0.0
        let h = transform.h
        let (h0, h1, h2, h3, h4, h5, h6, h7, h8) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8])
        let image = frame.image
        image.pixels.withUnsafeBufferPointer { pixels in
            gray.withUnsafeMutableBufferPointer { g in
                for j in 0..<ch {
                    let py = Double(rows[j]) + 0.5
                    for i in 0..<cw {
                        let px = Double(columns[i]) + 0.5
                        let w = h6 * px + h7 * py + h8
                        let v = PreparedFrame.bilinear(pixels, width: image.width, height: image.height, stride: image.stride,
                                                   (h0 * px + h1 * py + h2) / w, (h3 * px + h4 * py + h5) / w)
                        g[j * cw + i] = v
                        lo = min(lo, v)
                        hi = max(hi, v)
                    }
                }
            }
        }
        let globalMid = (lo + hi) / 2
        let minimumContrast = (hi - lo) * 0.35
        if corners == nil { return threshold(gray, width: width, height: height, globalMid: globalMid, minimumContrast: minimumContrast) }
        // Neighbours are the sampled modules within two modules in the full grid: a gap between corner squares separates them.
        var grid = BitMatrix(width: width, height: height)
        for j in 0..<ch {
            for i in 0..<cw {
                var a = 255.0, b = 0.0
                for nj in max(0, j - 2)...min(ch - 1, j + 2) where abs(rows[nj] - rows[j]) <= 2 {
                    for ni in max(0, i - 2)...min(cw - 1, i + 2) where abs(columns[ni] - columns[i]) <= 2 {
                        let v = gray[nj * cw + ni]
                        a = min(a, v)
                        b = max(b, v)
                    }
                }
                let threshold = b - a >= minimumContrast ? (a + b) / 2 : globalMid
                grid[columns[i], rows[j]] = gray[j * cw + i] < threshold
            }
        }
        return grid
    }


    /// Thresholds every module of a fully sampled grid against the midpoint of the darkest and lightest module within two
    /// modules (where they differ by `minimumContrast`), else against `globalMid`; the 5×5 extremes are taken separably.
    static func threshold(_ gray: [Double], width: Int, height: Int, globalMid: Double, minimumContrast: Double) -> BitMatrix {
        let count = width * height
        var rowLow = [Double](repeating: 0, count: count), rowHigh = [Double](repeating: 0, count: count)
        var grid = BitMatrix(width: width, height: height)
        gray.withUnsafeBufferPointer { g in
            rowLow.withUnsafeMutableBufferPointer { rl in
                rowHigh.withUnsafeMutableBufferPointer { rh in
                    for y in 0..<height {
                        let row = y * width
                        for x in 0..<width {
                            var a = 255.0, b = 0.0
                            for nx in max(0, x - 2)...min(width - 1, x + 2) {
                                let v = g[row + nx]
                                a = Swift.min(a, v); b = Swift.max(b, v)
                            }
                            rl[row + x] = a; rh[row + x] = b
                        }
                    }
                    grid.cells.withUnsafeMutableBufferPointer { cells in
                        for y in 0..<height {
                            for x in 0..<width {
                                var a = 255.0, b = 0.0
                                for ny in max(0, y - 2)...min(height - 1, y + 2) {
                                    a = Swift.min(a, rl[ny * width + x]); b = Swift.max(b, rh[ny * width + x])
                                }
                                let threshold = b - a >= minimumContrast ? (a + b) / 2 : globalMid
                                if g[y * width + x] < threshold { cells[y * width + x] = 1 }
                            }
                        }
                    }
                }
            }
        }
        return grid
    }

    /// Every module's centre looked up in the frame's binary image: a second opinion where the module-relative threshold
    /// fails (strong perspective or curvature that puts a module's neighbourhood across light and shadow).
    static func sampleBinary(_ frame: PreparedFrame, transform: PerspectiveTransform, width: Int, height: Int) -> BitMatrix {
        var grid = BitMatrix(width: width, height: height)
        let h = transform.h
        let (h0, h1, h2, h3, h4, h5, h6, h7, h8) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8])
        let bits = frame.binary
        let bw = Double(bits.width), bh = Double(bits.height)
        bits.cells.withUnsafeBufferPointer { source in
            grid.cells.withUnsafeMutableBufferPointer { cells in
                for y in 0..<height {
                    let py = Double(y) + 0.5
                    for x in 0..<width {
                        let px = Double(x) + 0.5
                        let w = h6 * px + h7 * py + h8
                        let ix = (h0 * px + h1 * py + h2) / w, iy = (h3 * px + h4 * py + h5) / w
                        if ix >= 0, iy >= 0, ix < bw, iy < bh, source[Int(iy) * bits.width + Int(ix)] != 0 { cells[y * width + x] = 1 }
                    }
                }
            }
        }
        return grid
    }
}
