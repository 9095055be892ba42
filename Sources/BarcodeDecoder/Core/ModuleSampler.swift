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
                    // The row's terms of the transform, computed once (the same products, added in the same order).
                    let xRow = h1 * py, yRow = h4 * py, wRow = h7 * py
                    for i in 0..<cw {
                        let px = Double(columns[i]) + 0.5
                        let w = h6 * px + wRow + h8
                        let v = PreparedFrame.bilinear(pixels, width: image.width, height: image.height, stride: image.stride,
                                                       (h0 * px + xRow + h2) / w, (h3 * px + yRow + h5) / w)
                        g[j * cw + i] = v
                        lo = v < lo ? v : lo
                        hi = v > hi ? v : hi
                    }
                }
            }
        }
        let globalMid = (lo + hi) / 2
        let minimumContrast = (hi - lo) * 0.35
        // Neighbours are the sampled modules within two modules in the full grid: a gap between corner squares separates them.
        return threshold(gray, columns: columns, rows: rows, width: width, height: height, globalMid: globalMid,
                         minimumContrast: minimumContrast)
    }

    /// Thresholds every module of a fully sampled grid against the midpoint of the darkest and lightest module within two
    /// modules (where they differ by `minimumContrast`), else against `globalMid`.
    static func threshold(_ gray: [Double], width: Int, height: Int, globalMid: Double, minimumContrast: Double) -> BitMatrix {
        threshold(gray, columns: Array(0..<width), rows: Array(0..<height), width: width, height: height, globalMid: globalMid,
                  minimumContrast: minimumContrast)
    }

    /// Thresholds the modules at `columns` × `rows` of a `width` × `height` grid, sampled into `gray` row by row, each
    /// against the midpoint of the darkest and lightest sampled module within two modules of it in the full grid. The
    /// rest of the grid stays light. The neighbourhood is a product of one range of sampled columns and one of sampled
    /// rows (both lists ascend), so the extremes are taken separably: along each row, then down each column.
    private static func threshold(_ gray: [Double], columns: [Int], rows: [Int], width: Int, height: Int, globalMid: Double,
                                  minimumContrast: Double) -> BitMatrix {
        let cw = columns.count, ch = rows.count
        let across = neighbourRanges(columns), down = neighbourRanges(rows)
        var rowLow = [Double](repeating: 0, count: cw * ch), rowHigh = [Double](repeating: 0, count: cw * ch)
        var low = [Double](repeating: 0, count: cw), high = [Double](repeating: 0, count: cw)
        var grid = BitMatrix(width: width, height: height)
        gray.withUnsafeBufferPointer { g in
            rowLow.withUnsafeMutableBufferPointer { rl in
                rowHigh.withUnsafeMutableBufferPointer { rh in
                    // Along each row: five modules at a time where the whole neighbourhood was sampled, else its range.
                    for j in 0..<ch {
                        let row = j * cw
                        for i in 0..<cw {
                            let (first, last) = across[i]
                            var a: Double, b: Double
                            if last - first == 4 {
                                let v0 = g[row + first], v1 = g[row + first + 1], v2 = g[row + first + 2]
                                let v3 = g[row + first + 3], v4 = g[row + first + 4]
                                let a01 = v1 < v0 ? v1 : v0, a23 = v3 < v2 ? v3 : v2
                                let b01 = v1 > v0 ? v1 : v0, b23 = v3 > v2 ? v3 : v2
                                a = a23 < a01 ? a23 : a01
                                b = b23 > b01 ? b23 : b01
                                a = v4 < a ? v4 : a
                                b = v4 > b ? v4 : b
                            } else {
                                a = 255; b = 0
                                for ni in first...last {
                                    let v = g[row + ni]
                                    a = v < a ? v : a
                                    b = v > b ? v : b
                                }
                            }
                            rl[row + i] = a
                            rh[row + i] = b
                        }
                    }
                    // Down the columns, a whole row of modules at a time.
                    low.withUnsafeMutableBufferPointer { lo in
                        high.withUnsafeMutableBufferPointer { hi in
                            grid.cells.withUnsafeMutableBufferPointer { cells in
                                for j in 0..<ch {
                                    for i in 0..<cw { lo[i] = 255; hi[i] = 0 }
                                    for nj in down[j].first...down[j].last {
                                        let row = nj * cw
                                        for i in 0..<cw {
                                            let l = rl[row + i], u = rh[row + i]
                                            lo[i] = l < lo[i] ? l : lo[i]
                                            hi[i] = u > hi[i] ? u : hi[i]
                                        }
                                    }
                                    let row = j * cw, out = rows[j] * width
                                    for i in 0..<cw {
                                        let a = lo[i], b = hi[i]
                                        let threshold = b - a >= minimumContrast ? (a + b) / 2 : globalMid
                                        if g[row + i] < threshold { cells[out + columns[i]] = 1 }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return grid
    }

    /// For each index into the ascending `positions`, the first and last index whose position is within two of its own.
    private static func neighbourRanges(_ positions: [Int]) -> [(first: Int, last: Int)] {
        positions.indices.map { i in
            var first = i, last = i
            while first > 0, i - first < 2, positions[i] - positions[first - 1] <= 2 { first -= 1 }
            while last < positions.count - 1, last - i < 2, positions[last + 1] - positions[i] <= 2 { last += 1 }
            return (first, last)
        }
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
