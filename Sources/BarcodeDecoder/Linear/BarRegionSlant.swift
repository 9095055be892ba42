/// The direction across a striped region's bars measured from the bars themselves: two lines along the region's direction,
/// a few pixels either side of its centre, see the same bars shifted by as much as the bars lean from the region's normal.
///
/// Why: the region finder's direction comes from block gradients taken as differences two pixels apart, which weaken
/// stripes near a pixel a module across the bars (a third of their contrast at 1.3 px a module) and not along them, where
/// the bars are turned: the direction leans away from the bars, more the finer the modules (`itf-1/1` turned 30°: 42°;
/// `rssexpanded-3/108-corrected` turned 12°: −18.7°). A short or turned symbol's lines at that angle leave it before they
/// cross it. Measured here: 29.7° and −12.2°.
extension BarRegionFinder.Region {
    /// Half the distance between the two lines, 12 px apart: both cross a symbol more than 12 px tall near its middle.
    static let slantHalfSpacing = 6.0
    /// The largest shift looked at, in pixels: a lean of up to atan(4 / 12) ≈ 18° from the region's direction.
    static let slantLargestShift = 4
    /// The correlation the best shift must reach: the two lines see the same bars, not text or texture.
    static let slantLeastCorrelation = 0.7

    /// The unit vector across the bars the two lines see, if they see the same pattern shifted by less than the largest
    /// shift (with a neighbour either side, so the shift is placed between whole pixels by a parabola).
    func measuredDirection(in image: GrayImage) -> Point? {
        let s = Self.slantHalfSpacing, largest = Self.slantLargestShift
        guard halfWidth >= 1.5 * s else { return nil }
        let d = direction, n = Point(-d.y, d.x)
        // At most 80 px either side of the centre: a 6° error leaves a 34-px-tall symbol's middle 160 px inside it.
        let reach = Double(Int(min(halfLength, 80)))
        let count = 2 * Int(reach) + 1
        guard count > 4 * largest else { return nil }
        var near = [Double](repeating: 0, count: count), far = [Double](repeating: 0, count: count)
        near.withUnsafeMutableBufferPointer { image.bilinearLine(origin: center - n * s, direction: d, from: -reach, step: 1, count: count, into: $0.baseAddress!) }
        far.withUnsafeMutableBufferPointer { image.bilinearLine(origin: center + n * s, direction: d, from: -reach, step: 1, count: count, into: $0.baseAddress!) }
        // Normalised correlation of far(t) with near(t − shift) where both are sampled.
        func correlation(_ shift: Int) -> Double {
            let first = max(0, shift), end = min(count, count + shift)
            let m = Double(end - first)
            var sumA = 0.0, sumB = 0.0
            for t in first..<end { sumA += near[t - shift]; sumB += far[t] }
            let meanA = sumA / m, meanB = sumB / m
            var ab = 0.0, aa = 0.0, bb = 0.0
            for t in first..<end {
                let a = near[t - shift] - meanA, b = far[t] - meanB
                ab += a * b; aa += a * a; bb += b * b
            }
            return aa > 0 && bb > 0 ? ab / (aa * bb).squareRoot() : 0
        }
        let scores = (-largest...largest).map(correlation)
        guard let best = scores.indices.max(by: { scores[$0] < scores[$1] }), scores[best] >= Self.slantLeastCorrelation,
              best > 0, best < scores.count - 1 else { return nil }
        let (before, peak, after) = (scores[best - 1], scores[best], scores[best + 1])
        let curvature = before - 2 * peak + after
        let shift = Double(best - largest) + (curvature < 0 ? 0.5 * (before - after) / curvature : 0)
        // A bar at t on the near line is at t + shift on the far one: the bars run along 2s·n + shift·d, and across them
        // is d − (shift / 2s)·n.
        let lean = shift / (2 * s)
        let across = d - n * lean
        let length = across.distance(to: Point(0, 0))
        return across * (1 / length)
    }
}
