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
        var a = system
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
        let h = (0..<8).map { a[$0][8] / a[$0][$0] } + [1]
        return h.allSatisfy(\.isFinite) ? h : nil
    }

    /// Where `p` goes.
    @inline(__always)
    public func apply(_ p: Point) -> Point {
        let w = h[6] * p.x + h[7] * p.y + h[8]
        return Point((h[0] * p.x + h[1] * p.y + h[2]) / w, (h[3] * p.x + h[4] * p.y + h[5]) / w)
    }
}
