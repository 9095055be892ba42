/// A projective mapping of the plane, fixed by where four points go.
public struct PerspectiveTransform: Sendable {
    /// Row-major 3×3 matrix with h[8] = 1.
    let h: [Double]

    /// The transform taking each of the four `source` points to the matching `destination` point, or nil when three are collinear.
    public init?(from source: [Point], to destination: [Point]) {
        guard source.count == 4, destination.count == 4 else { return nil }
        var a = [[Double]](repeating: [Double](repeating: 0, count: 9), count: 8)
        for i in 0..<4 {
            let (x, y) = (source[i].x, source[i].y)
            let (u, v) = (destination[i].x, destination[i].y)
            a[2 * i] = [x, y, 1, 0, 0, 0, -u * x, -u * y, u]
            a[2 * i + 1] = [0, 0, 0, x, y, 1, -v * x, -v * y, v]
        }
        guard let solved = Self.solve(a) else { return nil }
        h = solved
    }

    /// The transform taking the rectangle (0, 0)–(`width`, `height`) to `quad` (the images of its corners (0, 0),
    /// (width, 0), (width, height), (0, height)), in closed form — no linear system to solve — or nil when degenerate.
    public init?(rectangleWidth width: Double, height: Double, to quad: [Point]) {
        guard quad.count == 4, width > 0, height > 0,
              let c = Self.rectangleToQuad(width: width, height: height, quad[0], quad[1], quad[2], quad[3]) else { return nil }
        h = [c.0, c.1, c.2, c.3, c.4, c.5, c.6, c.7, c.8]
    }

    /// The nine coefficients of the transform taking the rectangle (0, 0)–(`width`, `height`) to `p0`…`p3`, in closed
    /// form and without arrays (readers that score many candidate quads call it directly), or nil when degenerate.
    static func rectangleToQuad(width: Double, height: Double, _ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point)
        -> (Double, Double, Double, Double, Double, Double, Double, Double, Double)? {
        let dx1 = p1.x - p2.x, dx2 = p3.x - p2.x, dx3 = p0.x - p1.x + p2.x - p3.x
        let dy1 = p1.y - p2.y, dy2 = p3.y - p2.y, dy3 = p0.y - p1.y + p2.y - p3.y
        var g = 0.0, k = 0.0
        if dx3 != 0 || dy3 != 0 {
            let denominator = dx1 * dy2 - dx2 * dy1
            guard abs(denominator) > 1e-12 else { return nil }
            g = (dx3 * dy2 - dx2 * dy3) / denominator
            k = (dx1 * dy3 - dx3 * dy1) / denominator
        }
        let a = p1.x - p0.x + g * p1.x, b = p3.x - p0.x + k * p3.x
        let d = p1.y - p0.y + g * p1.y, e = p3.y - p0.y + k * p3.y
        let c = (a / width, b / height, p0.x, d / width, e / height, p0.y, g / width, k / height, 1.0)
        guard c.0.isFinite, c.1.isFinite, c.2.isFinite, c.3.isFinite, c.4.isFinite, c.5.isFinite, c.6.isFinite, c.7.isFinite
        else { return nil }
        return c
    }

    /// The least-squares transform taking `source` points to `destination` points (four or more pairs).
    public init?(fitting source: [Point], to destination: [Point]) {
        guard source.count == destination.count, source.count >= 4 else { return nil }
        var ata = [[Double]](repeating: [Double](repeating: 0, count: 9), count: 8)
        func accumulate(_ row: [Double], _ rhs: Double) {
            for i in 0..<8 {
                for j in 0..<8 { ata[i][j] += row[i] * row[j] }
                ata[i][8] += row[i] * rhs
            }
        }
        for (p, q) in zip(source, destination) {
            accumulate([p.x, p.y, 1, 0, 0, 0, -q.x * p.x, -q.x * p.y], q.x)
            accumulate([0, 0, 0, p.x, p.y, 1, -q.y * p.x, -q.y * p.y], q.y)
        }
        let a = ata
        guard let solved = Self.solve(a) else { return nil }
        h = solved
    }

    /// Solves the 8×8 system (augmented to 8×9) by Gaussian elimination with partial pivoting; h33 is 1.
    static func solve(_ system: [[Double]]) -> [Double]? {
        // One flat row-major 8×9 buffer: nested arrays cost an allocation and a uniqueness check per row operation.
        var a = [Double](repeating: 0, count: 72)
        for r in 0..<8 { for c in 0..<9 { a[r * 9 + c] = system[r][c] } }
        return a.withUnsafeMutableBufferPointer { m -> [Double]? in
            for col in 0..<8 {
                var pivot = col
                for r in col..<8 where abs(m[r * 9 + col]) > abs(m[pivot * 9 + col]) { pivot = r }
                guard abs(m[pivot * 9 + col]) > 1e-12 else { return nil }
                if pivot != col { for c in 0..<9 { m.swapAt(col * 9 + c, pivot * 9 + c) } }
                for r in 0..<8 where r != col {
                    let f = m[r * 9 + col] / m[col * 9 + col]
                    if f != 0 { for c in col..<9 { m[r * 9 + c] -= f * m[col * 9 + c] } }
                }
            }
            var h = [Double](repeating: 1, count: 9)
            for r in 0..<8 { h[r] = m[r * 9 + 8] / m[r * 9 + r] }
            return h.allSatisfy(\.isFinite) ? h : nil
        }
    }

    /// Where `p` goes.
    @inline(__always)
    public func apply(_ p: Point) -> Point {
        let w = h[6] * p.x + h[7] * p.y + h[8]
        return Point((h[0] * p.x + h[1] * p.y + h[2]) / w, (h[3] * p.x + h[4] * p.y + h[5]) / w)
    }
}
