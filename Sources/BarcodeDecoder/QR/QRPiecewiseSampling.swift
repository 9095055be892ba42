/// Samples a QR symbol through one transform per cell of its alignment grid, for a symbol on a curved surface (a bottle,
/// a can, a bent page).
///
/// One perspective transform, even fitted to every alignment pattern by least squares, cannot follow a label wrapped round
/// a cylinder: the modules squeeze towards both sides alike, so the fit puts the outer columns off their centres. The
/// finder and alignment centres are the symbol's own landmarks every 16 to 28 modules: each cell between four of them
/// gets the transform those four make, and modules beyond the outermost landmarks take the nearest cell's.
enum QRPiecewiseSampling {
    /// The grid of `framing`'s symbol sampled cell by cell, `fitted` (the least-squares transform) placing the search for
    /// each alignment pattern and standing in for one not found; nil below version 7 (fewer than three alignment centres a
    /// side) or when fewer than three alignment patterns are found.
    static func grid(_ frame: PreparedFrame, _ framing: QRDetector.Framing, fitted: PerspectiveTransform) -> BitMatrix? {
        let n = framing.dimension
        guard let version = QRVersion(dimension: n), version.alignmentCenters.count >= 3 else { return nil }
        let centers = version.alignmentCenters
        let m = centers.count
        // The landmarks, row by row: module coordinates and image points. A finder corner's landmark is the finder's centre.
        var source: [Point] = [], destination: [Point] = []
        var found = 0
        for cy in centers {
            for cx in centers {
                let at = Point(Double(cx) + 0.5, Double(cy) + 0.5)
                if QRFunctionPatterns.isFinderCorner(cx, cy, n) {
                    let anchors = framing.anchors
                    guard let k = anchors.source.indices.min(by: { anchors.source[$0].distance(to: at) < anchors.source[$1].distance(to: at) })
                    else { return nil }
                    source.append(anchors.source[k])
                    destination.append(anchors.destination[k])
                    continue
                }
                if let point = QRDetector.alignment(frame, at: at, through: fitted) {
                    destination.append(point)
                    found += 1
                } else {
                    destination.append(fitted.apply(at))
                }
                source.append(at)
            }
        }
        guard found >= 3 else { return nil }
        // Each cell's transform, from its four landmarks (nil where they make none: the fitted one stands in).
        var cells: [PerspectiveTransform?] = []
        cells.reserveCapacity((m - 1) * (m - 1))
        for j in 0..<(m - 1) {
            for i in 0..<(m - 1) {
                let corners = [j * m + i, j * m + i + 1, (j + 1) * m + i + 1, (j + 1) * m + i]
                cells.append(PerspectiveTransform(from: corners.map { source[$0] }, to: corners.map { destination[$0] }))
            }
        }
        // The cell a module centre falls in along one axis: the last whose first landmark lies at or before it.
        func cell(_ u: Double) -> Int {
            var k = 0
            while k + 1 < m - 1 && Double(centers[k + 1]) + 0.5 <= u { k += 1 }
            return k
        }
        var gray = [Double](repeating: 255, count: n * n)
        var lo = 255.0, hi = 0.0
        let width = Double(frame.image.width), height = Double(frame.image.height)
        for y in 0..<n {
            let row = cell(Double(y) + 0.5)
            for x in 0..<n {
                let transform = cells[row * (m - 1) + cell(Double(x) + 0.5)] ?? fitted
                let p = transform.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                let v = frame.gray(p.x, p.y)
                gray[y * n + x] = v
                // A module off the image reads light but is no part of the image's range (as `ModuleSampler.sample`).
                if p.x >= 0 && p.y >= 0 && p.x < width && p.y < height {
                    lo = min(lo, v)
                    hi = max(hi, v)
                }
            }
        }
        return ModuleSampler.threshold(gray, width: n, height: n, globalMid: (lo + hi) / 2, minimumContrast: (hi - lo) * 0.35)
    }
}
