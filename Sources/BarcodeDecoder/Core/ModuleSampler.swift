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
