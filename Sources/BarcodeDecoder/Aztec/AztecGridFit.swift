/// Fits an Aztec symbol's module grid to the image where the bull's-eye alone places it too roughly.
///
/// The bull's-eye fixes the transform over 6 modules; a perspective tilt or a little blur in its edges puts the outer
/// layers half a module off. Modules sampled at their centres are clearly dark or light, sampled across an edge they are
/// grey: the symbol's four outer corners are moved (by half, then a quarter of a module) while that makes the samples
/// clearer, corner by corner and axis by axis.
enum AztecGridFit {
    static func sharpened(_ frame: PreparedFrame, size n: Int, transform: PerspectiveTransform) -> PerspectiveTransform {
        let side = Double(n)
        var corners = [Point(0, 0), Point(side, 0), Point(side, side), Point(0, side)].map(transform.apply)
        let module = corners[0].distance(to: corners[1]) / side
        // Large symbols: every second module is enough to judge.
        let stride = n > 60 ? 2 : 1
        func clarity(_ corners: [Point]) -> Double {
            guard let t = PerspectiveTransform(rectangleWidth: side, height: side, to: corners) else { return -1 }
            var values: [Double] = []
            values.reserveCapacity((n / stride + 1) * (n / stride + 1))
            for y in Swift.stride(from: 0, to: n, by: stride) {
                for x in Swift.stride(from: 0, to: n, by: stride) {
                    let p = t.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                    values.append(frame.gray(p.x, p.y))
                }
            }
            let mid = values.reduce(0, +) / Double(values.count)
            return values.reduce(0) { $0 + abs($1 - mid) } / Double(values.count)
        }
        var best = clarity(corners)
        for step in [0.5, 0.25] {
            var improved = true
            var rounds = 0
            while improved && rounds < 4 {
                improved = false
                rounds += 1
                for i in 0..<4 {
                    for axis in [Point(module * step, 0), Point(0, module * step)] {
                        for sign in [1.0, -1.0] {
                            var trial = corners
                            trial[i] = trial[i] + axis * sign
                            let score = clarity(trial)
                            if score > best {
                                best = score
                                corners = trial
                                improved = true
                                break
                            }
                        }
                    }
                }
            }
        }
        return PerspectiveTransform(rectangleWidth: side, height: side, to: corners) ?? transform
    }
}
