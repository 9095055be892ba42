/// Samples a Data Matrix symbol at module centres read off its own timing pattern, for symbols whose modules are not
/// evenly spaced (a label stretched by a thermal printer, a symbol printed with uneven module widths, strong blur that
/// shifts the apparent grid), where one perspective transform puts the far modules off their centres.
///
/// The top timing row gives each column's centre and the right timing column each row's centre (in the transform's
/// module coordinates): the gray profile along each is cut into alternating dark and light modules by its extremes
/// (with hysteresis, so noise makes no extra module). Only when the profile shows exactly one extreme per module is
/// the grid made. The centres are smoothed by a fitted quadratic (perspective and a gradual stretch, without the noise
/// of single extremes), and each module is sampled at (its column's centre, its row's centre).
enum DataMatrixTimingGrid {
    /// Profile samples per module.
    static let samplesPerModule = 8

    static func sample(_ frame: PreparedFrame, transform t: PerspectiveTransform, size: DataMatrixSize) -> BitMatrix? {
        // Top row: dark at even columns. Right column: light at row 0 (the top-right corner), dark at odd rows.
        // The timing edges are read half a module in, then a quarter module to either side (the transform's edge may
        // be a fraction of a module off).
        let depths = [0.5, 0.3, 0.7]
        let w = Double(size.columns)
        guard let found = depths.lazy.compactMap({ d in centres(count: size.columns, firstDark: true, frame: frame, point: { t.apply(Point($0, d)) }) }).first,
              let foundRows = depths.lazy.compactMap({ d in centres(count: size.rows, firstDark: false, frame: frame, point: { t.apply(Point(w - d, $0)) }) }).first
        else { return nil }
        let columns = smoothed(found), rows = smoothed(foundRows)
        var gray = [Double](repeating: 0, count: size.columns * size.rows)
        var lo = 255.0, hi = 0.0
        for y in 0..<size.rows {
            for x in 0..<size.columns {
                let p = t.apply(Point(columns[x], rows[y]))
                let v = frame.gray(p.x, p.y)
                gray[y * size.columns + x] = v
                lo = min(lo, v)
                hi = max(hi, v)
            }
        }
        return ModuleSampler.threshold(gray, width: size.columns, height: size.rows, globalMid: (lo + hi) / 2,
                                       minimumContrast: (hi - lo) * 0.35)
    }

    /// The centres (in module coordinates along the edge) of `count` alternating modules, or nil when the gray profile
    /// along the edge does not alternate exactly `count` times. `point` maps a module coordinate along the edge to the image.
    static func centres(count: Int, firstDark: Bool, frame: PreparedFrame, point: (Double) -> Point) -> [Double]? {
        let n = count * samplesPerModule
        var profile = [Double](repeating: 0, count: n)
        var lo = 255.0, hi = 0.0
        for k in 0..<n {
            let p = point((Double(k) + 0.5) / Double(samplesPerModule))
            let v = frame.gray(p.x, p.y)
            profile[k] = v
            lo = min(lo, v)
            hi = max(hi, v)
        }
        let hysteresis = (hi - lo) * 0.2
        guard hysteresis > 4 else { return nil }
        var out: [Double] = []
        out.reserveCapacity(count)
        var seekingDark = firstDark
        var extreme = profile[0], first = 0, last = 0
        for k in 1..<n {
            let v = profile[k]
            let beyond = seekingDark ? v < extreme : v > extreme
            if beyond {
                extreme = v; first = k; last = k
            } else if abs(v - extreme) <= 2 {
                last = k
            } else if seekingDark ? v > extreme + hysteresis : v < extreme - hysteresis {
                out.append(Double(first + last + 1) / 2 / Double(samplesPerModule))
                guard out.count < count else { return nil }
                seekingDark.toggle()
                extreme = v; first = k; last = k
            }
        }
        out.append(Double(first + last + 1) / 2 / Double(samplesPerModule))
        return out.count == count ? out : nil
    }

    /// The centres replaced by the quadratic fitted to them by least squares (the end modules, biased by the L and the
    /// quiet zone beside them, left out of the fit): perspective and a smooth stretch, without one module's noise.
    static func smoothed(_ centres: [Double]) -> [Double] {
        let n = centres.count
        guard n >= 6 else { return centres }
        // Normal equations for c0 + c1·i + c2·i².
        var s = [Double](repeating: 0, count: 5), r = [Double](repeating: 0, count: 3)
        for i in 1..<(n - 1) {
            let x = Double(i), y = centres[i]
            var p = 1.0
            for k in 0..<5 { s[k] += p; if k < 3 { r[k] += p * y }; p *= x }
        }
        let m = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
        func det(_ a: [[Double]]) -> Double {
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        let d = det(m)
        guard abs(d) > 1e-9 else { return centres }
        var c = [0.0, 0, 0]
        for k in 0..<3 {
            var mk = m
            for row in 0..<3 { mk[row][k] = r[row] }
            c[k] = det(mk) / d
        }
        return (0..<n).map { i in c[0] + c[1] * Double(i) + c[2] * Double(i * i) }
    }
}
