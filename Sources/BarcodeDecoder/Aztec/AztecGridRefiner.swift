/// Refines the transform of a large full-range Aztec symbol on its reference grid.
///
/// The bull's-eye alone fixes the transform over 7 modules, and a symbol can be 151 wide: small errors at the centre grow
/// outwards. The reference grid's lines (every 16th row and column from the centre, dark on every second module) cross at
/// known modules; ring by ring outwards, each crossing is looked for around where the current transform puts it (within a
/// module), and the transform is refitted by least squares to every crossing found.
enum AztecGridRefiner {
    static func refine(_ frame: PreparedFrame, layout: AztecLayout, transform: PerspectiveTransform, anchors: [(grid: Point, image: Point)]) -> PerspectiveTransform {
        guard !layout.isCompact else { return transform }
        let n = layout.size, c = n / 2
        let reach = c / 16
        guard reach >= 1 else { return transform }
        var current = transform
        var grid = anchors.map(\.grid), image = anchors.map(\.image)
        for ring in 1...reach {
            for j in -ring...ring {
                for i in -ring...ring where max(abs(i), abs(j)) == ring {
                    let gx = c + 16 * i, gy = c + 16 * j
                    if let found = crossing(frame, current, gx: gx, gy: gy, size: n) {
                        grid.append(Point(Double(gx) + 0.5, Double(gy) + 0.5))
                        image.append(found)
                    }
                }
            }
            if grid.count >= 6, let refitted = PerspectiveTransform(fitting: grid, to: image) { current = refitted }
        }
        return current
    }

    /// Where the reference-grid crossing at module (gx, gy) lies in the image: the middle of the offsets (in quarter modules, up to
    /// one module each way) at which the modules along both lines best show their dark-light alternation.
    static func crossing(_ frame: PreparedFrame, _ t: PerspectiveTransform, gx: Int, gy: Int, size: Int) -> Point? {
        let center = Point(Double(gx) + 0.5, Double(gy) + 0.5)
        let p = t.apply(center)
        let ex = t.apply(center + Point(1, 0)) - p, ey = t.apply(center + Point(0, 1)) - p
        var scores: [(score: Double, point: Point)] = []
        for b in -4...4 {
            for a in -4...4 {
                let q = p + ex * (Double(a) / 4) + ey * (Double(b) / 4)
                var dark = 0.0, light = 0.0, darkCount = 0, lightCount = 0
                for s in -5...5 where s != 0 {
                    for (inside, offset) in [(gx + s >= 0 && gx + s < size, ex * Double(s)), (gy + s >= 0 && gy + s < size, ey * Double(s))] where inside {
                        let v = frame.gray(q.x + offset.x, q.y + offset.y)
                        if s % 2 == 0 { dark += v; darkCount += 1 } else { light += v; lightCount += 1 }
                    }
                }
                guard darkCount >= 4, lightCount >= 4 else { continue }
                scores.append((light / Double(lightCount) - dark / Double(darkCount), q))
            }
        }
        // Sharp modules score alike over a plateau of offsets: its middle is the crossing.
        guard let top = scores.map(\.score).max(), top > 20 else { return nil }
        let plateau = scores.filter { $0.score >= top * 0.95 }.map(\.point)
        return plateau.reduce(Point(0, 0), +) * (1 / Double(plateau.count))
    }
}
