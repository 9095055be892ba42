/// Samples a 2D symbol's modules through a transform and thresholds each against its own neighbourhood of modules.
///
/// Thresholding sampled module values (not image pixels) keeps blurred light modules among dark ones light.
enum ModuleSampler {
    /// Samples every module, or only those `only` accepts (the rest stay light), e.g. just the corners of a QR symbol.
    static func sample(_ frame: PreparedFrame, transform: PerspectiveTransform, width: Int, height: Int,
                       only: ((Int, Int) -> Bool)? = nil) -> BitMatrix {
        var gray = [Double](repeating: .nan, count: width * height)
        var lo = 255.0, hi = 0.0
        for y in 0..<height {
            for x in 0..<width where only?(x, y) ?? true {
                let p = transform.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                let v = frame.gray(p.x, p.y)
                gray[y * width + x] = v
                lo = min(lo, v)
                hi = max(hi, v)
            }
        }
        let globalMid = (lo + hi) / 2
        let minimumContrast = (hi - lo) * 0.35
        if only == nil { return threshold(gray, width: width, height: height, globalMid: globalMid, minimumContrast: minimumContrast) }
        var grid = BitMatrix(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width where !gray[y * width + x].isNaN {
                var a = 255.0, b = 0.0
                for ny in max(0, y - 2)...min(height - 1, y + 2) {
                    for nx in max(0, x - 2)...min(width - 1, x + 2) {
                        let v = gray[ny * width + nx]
                        guard !v.isNaN else { continue }
                        a = min(a, v)
                        b = max(b, v)
                    }
                }
                let threshold = b - a >= minimumContrast ? (a + b) / 2 : globalMid
                grid[x, y] = gray[y * width + x] < threshold
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
        for y in 0..<height {
            for x in 0..<width {
                let p = transform.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                if p.x >= 0, p.y >= 0, frame.binary[Int(p.x), Int(p.y)] { grid[x, y] = true }
            }
        }
        return grid
    }
}
