/// Eigenvalues and eigenvectors of a small symmetric matrix by cyclic Jacobi rotations.
public struct SymmetricEigensolver: Sendable {
    /// The eigenvalues, largest first.
    public let eigenvalues: [Double]
    /// The eigenvectors as columns, in the order of `eigenvalues`, each of unit length.
    public let eigenvectors: Matrix

    /// Decomposes `matrix`, which must be square; only its upper triangle is trusted to be symmetric.
    public init(_ matrix: Matrix, maximumSweeps: Int = 100) {
        precondition(matrix.rows == matrix.columns, "the matrix must be square")
        let order = matrix.rows
        var a = matrix
        for row in 0..<order {
            for column in 0..<row { a[row, column] = a[column, row] }
        }
        var vectors = Matrix.identity(order)
        for _ in 0..<maximumSweeps {
            var offDiagonal = 0.0, diagonal = 0.0
            for row in 0..<order {
                diagonal += a[row, row] * a[row, row]
                for column in (row + 1)..<max(order, row + 1) { offDiagonal += a[row, column] * a[row, column] }
            }
            if offDiagonal <= 1e-30 * max(diagonal, Double.leastNormalMagnitude) { break }
            for p in 0..<order {
                for q in (p + 1)..<max(order, p + 1) where a[p, q] != 0 {
                    let theta = (a[q, q] - a[p, p]) / (2 * a[p, q])
                    let t = (theta >= 0 ? 1.0 : -1.0) / (abs(theta) + (theta * theta + 1).squareRoot())
                    let c = 1 / (t * t + 1).squareRoot(), s = t * c
                    for k in 0..<order {
                        let akp = a[k, p], akq = a[k, q]
                        a[k, p] = c * akp - s * akq
                        a[k, q] = s * akp + c * akq
                    }
                    for k in 0..<order {
                        let apk = a[p, k], aqk = a[q, k]
                        a[p, k] = c * apk - s * aqk
                        a[q, k] = s * apk + c * aqk
                    }
                    for k in 0..<order {
                        let vkp = vectors[k, p], vkq = vectors[k, q]
                        vectors[k, p] = c * vkp - s * vkq
                        vectors[k, q] = s * vkp + c * vkq
                    }
                }
            }
        }
        let order_ = (0..<order).sorted { a[$0, $0] > a[$1, $1] }
        eigenvalues = order_.map { a[$0, $0] }
        eigenvectors = vectors.selectingColumns(order_)
    }
}
