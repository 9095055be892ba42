/// Samples a Data Matrix symbol at module centres read off its own timing pattern, for symbols whose modules are not
/// evenly spaced (a label stretched by a thermal printer, a symbol printed with uneven module widths, strong blur that
/// shifts the apparent grid), where one perspective transform puts the far modules off their centres.
///
/// The top timing row gives each column's centre and the right timing column each row's centre (in the transform's
/// module coordinates): the gray profile along each is cut into alternating dark and light modules by its extremes
/// (with hysteresis, so noise makes no extra module). Only when the profile shows exactly one extreme per module is
/// the grid made. The centres are smoothed by a fitted cubic (perspective, a gradual stretch and a label's curvature,
/// without the noise of single extremes), and each module is sampled at (its column's centre, its row's centre).
enum DataMatrixTimingGrid {
    /// Profile samples per module.
    static let samplesPerModule = 8

    /// The fractions of the profile's range tried as hysteresis on a timing edge, in turn: the usual one, then a finer
    /// one (blur leaves a narrow module between wide ones only a shallow extreme), a coarser one (noise splits a wide
    /// module), and the two beyond them.
    static let hysteresisFractions = [0.2, 0.1, 0.3, 0.05, 0.4]

    /// The depths (in modules from the symbol's edge) a timing edge is read at: half a module in, then a quarter module
    /// to either side (the transform's edge may be a fraction of a module off).
    static let depths = [0.5, 0.3, 0.7]

    /// A timing edge's gray profile at one depth, kept between a transform's plain and sturdy attempts (the sturdy one
    /// reads the same profiles with other hystereses).
    enum Profile {
        case notMade
        /// Too little contrast for a timing pattern.
        case flat
        /// The profile, its range, and how many extremes the usual hysteresis found on it (up to two more than the
        /// modules; -1 until counted).
        case made(values: [Double], range: Double, extremes: Int)
    }

    /// Profiles a transform needs: the top row's at the three depths, then the right column's.
    static let profilesPerTransform = 6

    /// How an attempt reads its timing edges.
    enum Reading {
        /// The usual hysteresis only.
        case plain
        /// Each edge the first hysteresis of `hysteresisFractions` that finds its modules.
        case sturdy
        /// The usual hysteresis, and where it finds one or two dark–light pairs too few, those put back into the
        /// extremes blur merged them into (`splittingMerged`).
        case merged
    }

    /// The grid, or nil when a timing edge does not alternate once per module. `sturdy` lets each edge take the first
    /// hysteresis of `hysteresisFractions` that finds its modules (each at the three depths before the next; another
    /// than the usual one only on a profile where the usual one came within one extreme of the modules); without it only
    /// the usual one is tried. A sturdy grid whose two edges both took the usual one is the plain grid: nil; so is a
    /// merged grid whose two edges both alternated once per module.
    /// `profiles[base..<base + profilesPerTransform]` are this transform's profiles made so far, and get those made here.
    static func sample(_ frame: PreparedFrame, transform t: PerspectiveTransform, size: DataMatrixSize, reading: Reading,
                       profiles: inout [Profile], base: Int) -> BitMatrix? {
        // Top row: dark at even columns. Right column: light at row 0 (the top-right corner), dark at odd rows.
        let w = Double(size.columns)
        let fractions = reading == .sturdy ? hysteresisFractions[...] : hysteresisFractions[..<1]
        let merging = reading == .merged
        guard let (found, finerColumns) = edge(count: size.columns, firstDark: true, fractions: fractions, merging: merging, frame: frame,
                                               profiles: &profiles, base: base, point: { d, along in t.apply(Point(along, d)) }),
              let (foundRows, finerRows) = edge(count: size.rows, firstDark: false, fractions: fractions, merging: merging, frame: frame,
                                                profiles: &profiles, base: base + depths.count, point: { d, along in t.apply(Point(w - d, along)) })
        else { return nil }
        if reading != .plain, !finerColumns, !finerRows { return nil }
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

    /// A timing edge's module centres, with whether they needed a hysteresis after the first of `fractions` (or, with
    /// `merging`, merged extremes split): each fraction is tried at each depth before the next, and the splits after
    /// them all. `point(depth, along)` maps module coordinates to the image; `profiles[base + i]` is the profile at
    /// depth `i`.
    static func edge(count: Int, firstDark: Bool, fractions: ArraySlice<Double>, merging: Bool = false, frame: PreparedFrame,
                     profiles: inout [Profile], base: Int, point: (Double, Double) -> Point) -> ([Double], Bool)? {
        for (f, fraction) in zip(fractions.indices, fractions) {
            let usual = f == fractions.startIndex
            for (i, d) in depths.enumerated() {
                if case .notMade = profiles[base + i] {
                    profiles[base + i] = profile(count: count, frame: frame, point: { point(d, $0) })
                        .map { .made(values: $0.0, range: $0.1, extremes: -1) } ?? .flat
                }
                guard case .made(let values, let range, let usualExtremes) = profiles[base + i] else { continue }
                // Another hysteresis only where the usual one came within one extreme of the modules (blur that
                // flattens an end module's extreme into the L or the quiet zone, noise that splits a wide module): an
                // edge that is no timing pattern misses by more (most profiles of a frame without a symbol).
                if !usual, usualExtremes < 0 || abs(usualExtremes - count) > 1 { continue }
                let (found, extremes) = centres(values, count: count, firstDark: firstDark, hysteresis: range * fraction)
                if usual { profiles[base + i] = .made(values: values, range: range, extremes: extremes) }
                if let found { return (found, !usual) }
            }
        }
        guard merging, let fraction = fractions.first else { return nil }
        for i in depths.indices {
            guard case .made(let values, let range, let usualExtremes) = profiles[base + i],
                  usualExtremes == count - 2 || usualExtremes == count - 4 else { continue }
            let (found, _) = extremeCentres(values, count: count, firstDark: firstDark, hysteresis: range * fraction)
            if let split = splittingMerged(found, count: count) { return (split, true) }
        }
        return nil
    }

    /// `centres` one or two dark–light pairs short of `count`, each pair put back into the extreme that blur merged it
    /// into, or nil when no extreme stands out as merged. A light module between two dark ones (or a dark one between
    /// light ones) that blur shut leaves one extreme three modules wide where three were: its neighbours lie twice as
    /// far from it as elsewhere (`#794`'s top timing row: the light modules 1 and 13 of 26). Each round takes the
    /// extreme whose neighbours lie farthest apart for the modules between them (the profile's start, a half module
    /// before the first module's middle, and the last module's middle stand in for the neighbours at the ends), if that
    /// spacing lies at least halfway from the median to what a merged extreme's would be (half as large again inside,
    /// more at the ends, whose whole spans are shorter and less sure), and spaces three modules evenly in its place.
    static func splittingMerged(_ found: [Double], count: Int) -> [Double]? {
        var centres = found
        while centres.count < count {
            let n = centres.count
            guard n >= 4 else { return nil }
            // The span between extreme i's neighbours, and the modules it holds with extreme i whole or merged.
            func span(_ i: Int) -> (low: Double, high: Double, whole: Double, merged: Double) {
                let low = i > 0 ? centres[i - 1] : 0, high = i + 1 < n ? centres[i + 1] : Double(count) - 0.5
                return i == 0 ? (low, high, 1.5, 3.5) : i == n - 1 ? (low, high, 1, 3) : (low, high, 2, 4)
            }
            var pitches = [Double](repeating: 0, count: n)
            for i in 0..<n {
                let s = span(i)
                pitches[i] = (s.high - s.low) / s.whole
            }
            let median = pitches.sorted()[n / 2]
            // Each spacing against the least a merged extreme's may show: halfway from the median to merged.
            var widest = -1, widestRatio = 1.0
            for i in 0..<n {
                let s = span(i)
                let ratio = pitches[i] / (median * (1 + (s.merged / s.whole - 1) / 2))
                if ratio >= widestRatio { widest = i; widestRatio = ratio }
            }
            guard widest >= 0 else { return nil }
            let s = span(widest)
            let pitch = (s.high - s.low) / s.merged
            // The first extreme's low end is the profile's start, half a module before its middle.
            let first = widest == 0 ? s.low + pitch / 2 : s.low + pitch
            centres.replaceSubrange(widest...widest, with: [first, first + pitch, first + 2 * pitch])
        }
        return centres
    }

    /// The gray profile along an edge (`samplesPerModule` a module) and its range, or nil when its contrast is too low
    /// for a timing pattern. `point` maps a module coordinate along the edge to the image.
    ///
    /// The profile ends at the middle of the edge's last module: that module runs on into the L's bottom row (the right
    /// column) or the quiet zone (the top row) and shows its extreme by then, while a corner placed a little beyond the
    /// symbol (a label's far side squeezed and fading, its outline pushed out by blur) would add the light quiet zone
    /// below the L as one module more.
    static func profile(count: Int, frame: PreparedFrame, point: (Double) -> Point) -> ([Double], Double)? {
        let n = count * samplesPerModule - samplesPerModule / 2
        var profile = [Double](repeating: 0, count: n)
        var lo = 255.0, hi = 0.0
        // `frame.gray` with the pixel buffer held once for the whole profile, and the points inside the pixel centres (all
        // but a symbol's at the frame's edge) read with each pixel's value from a table (`PreparedFrame.interior`, the same
        // value to the bit): each sample took the buffer and converted its coordinates and four bytes with range tests.
        let image = frame.image
        let width = image.width, height = image.height, stride = image.stride
        let lastX = Double(width - 1), lastY = Double(height - 1)
        image.pixels.withUnsafeBufferPointer { pixels in
            PreparedFrame.pixelValues.withUnsafeBufferPointer { values in
                for k in 0..<n {
                    let p = point((Double(k) + 0.5) / Double(samplesPerModule))
                    let fx = p.x - 0.5, fy = p.y - 0.5
                    let v = fx >= 0 && fy >= 0 && fx < lastX && fy < lastY
                        ? PreparedFrame.interior(pixels.baseAddress!, stride: stride, fx, fy, values: values.baseAddress!)
                        : PreparedFrame.bilinear(pixels, width: width, height: height, stride: stride, p.x, p.y)
                    profile[k] = v
                    lo = min(lo, v)
                    hi = max(hi, v)
                }
            }
        }
        guard (hi - lo) * 0.2 > 4 else { return nil }
        return (profile, hi - lo)
    }

    /// The centres (in module coordinates along the edge) of `count` alternating modules, or nil when the profile does
    /// not alternate exactly `count` times with this hysteresis; and the extremes found (counted up to `count + 2`,
    /// where the scan stops: more than one too many).
    static func centres(_ profile: [Double], count: Int, firstDark: Bool, hysteresis: Double) -> ([Double]?, Int) {
        let (found, extremes) = extremeCentres(profile, count: count, firstDark: firstDark, hysteresis: hysteresis)
        return (extremes == count ? found : nil, extremes)
    }

    /// The centres of the first `count` extremes of the profile (all of them when there are fewer), and the extremes
    /// found (counted up to `count + 2`, where the scan stops).
    static func extremeCentres(_ profile: [Double], count: Int, firstDark: Bool, hysteresis: Double) -> ([Double], Int) {
        let n = profile.count
        var out: [Double] = []
        out.reserveCapacity(count)
        var extremes = 0
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
                extremes += 1
                if extremes > count + 1 { return (out, extremes) }
                if extremes <= count { out.append(Double(first + last + 1) / 2 / Double(samplesPerModule)) }
                seekingDark.toggle()
                extreme = v; first = k; last = k
            }
        }
        extremes += 1
        if extremes <= count { out.append(Double(first + last + 1) / 2 / Double(samplesPerModule)) }
        return (out, extremes)
    }

    /// The centres replaced by the cubic fitted to them by least squares (the end modules, biased by the L and the
    /// quiet zone beside them, left out of the fit): perspective and a smooth stretch, without one module's noise. A
    /// cubic, not a quadratic: a label round a can squeezes its modules alike on both sides of the middle (the image
    /// of arc s is R·sin(s / R), odd about the middle), which a quadratic cannot follow (0.9 of a module off on 26
    /// modules at 55° either side) and a cubic does to within a few hundredths; what a quadratic followed (perspective,
    /// a gradual stretch), a cubic follows as closely.
    static func smoothed(_ centres: [Double]) -> [Double] {
        let n = centres.count
        guard n >= 6 else { return centres }
        // Normal equations for c0 + c1·u + c2·u² + c3·u³, u the index scaled to −1…1 (so that the powers stay of one
        // magnitude and the elimination needs no care beyond pivoting).
        let terms = 4
        let middle = Double(n - 1) / 2
        var s = [Double](repeating: 0, count: 2 * terms - 1), r = [Double](repeating: 0, count: terms)
        for i in 1..<(n - 1) {
            let u = (Double(i) - middle) / middle, y = centres[i]
            var p = 1.0
            for k in 0..<(2 * terms - 1) {
                s[k] += p
                if k < terms { r[k] += p * y }
                p *= u
            }
        }
        // Gauss–Jordan elimination with partial pivoting on the augmented matrix [S | r].
        var m = (0..<terms).map { i in (0..<terms).map { j in s[i + j] } + [r[i]] }
        for column in 0..<terms {
            var pivot = column
            for row in column..<terms where abs(m[row][column]) > abs(m[pivot][column]) { pivot = row }
            guard abs(m[pivot][column]) > 1e-12 else { return centres }
            m.swapAt(column, pivot)
            for row in 0..<terms where row != column {
                let f = m[row][column] / m[column][column]
                for k in column...terms { m[row][k] -= f * m[column][k] }
            }
        }
        let c = (0..<terms).map { m[$0][terms] / m[$0][$0] }
        return (0..<n).map { i in
            let u = (Double(i) - middle) / middle
            return c[0] + u * (c[1] + u * (c[2] + u * c[3]))
        }
    }
}
