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
        for col in 0..<8 {
            var pivot = col
            for r in col..<8 where abs(a[r][col]) > abs(a[pivot][col]) { pivot = r }
            guard abs(a[pivot][col]) > 1e-12 else { return nil }
            a.swapAt(col, pivot)
            for r in 0..<8 where r != col {
                let f = a[r][col] / a[col][col]
                if f != 0 { for c in col..<9 { a[r][c] -= f * a[col][c] } }
            }
        }
        h = (0..<8).map { a[$0][8] / a[$0][$0] } + [1]
        guard h.allSatisfy(\.isFinite) else { return nil }
    }

    /// Where `p` goes.
    @inline(__always)
    public func apply(_ p: Point) -> Point {
        let w = h[6] * p.x + h[7] * p.y + h[8]
        return Point((h[0] * p.x + h[1] * p.y + h[2]) / w, (h[3] * p.x + h[4] * p.y + h[5]) / w)
    }
}
