/// Solves small dense linear systems by Gaussian elimination with partial pivoting.
public enum LinearSolver {
    /// Solves `matrix × X = rightHandSide`, or returns nil when the matrix is singular to working precision.
    public static func solve(_ matrix: Matrix, _ rightHandSide: Matrix) -> Matrix? {
        precondition(matrix.rows == matrix.columns, "the system matrix must be square")
        precondition(matrix.rows == rightHandSide.rows, "the right-hand side must have one row per equation")
        let order = matrix.rows, width = rightHandSide.columns
        var a = matrix, b = rightHandSide
        let scale = a.values.reduce(0) { max($0, abs($1)) }
        guard scale > 0 || order == 0 else { return nil }
        let tolerance = scale * Double(max(order, 1)) * Double.ulpOfOne
        for pivotColumn in 0..<order {
            var pivotRow = pivotColumn
            for candidate in (pivotColumn + 1)..<max(order, pivotColumn + 1)
            where abs(a[candidate, pivotColumn]) > abs(a[pivotRow, pivotColumn]) {
                pivotRow = candidate
            }
            guard abs(a[pivotRow, pivotColumn]) > tolerance else { return nil }
            if pivotRow != pivotColumn {
                for column in 0..<order { a.swapEntries(pivotRow, pivotColumn, column: column) }
                for column in 0..<width { b.swapEntries(pivotRow, pivotColumn, column: column) }
            }
            let pivot = a[pivotColumn, pivotColumn]
            for row in (pivotColumn + 1)..<max(order, pivotColumn + 1) {
                let factor = a[row, pivotColumn] / pivot
                if factor == 0 { continue }
                for column in pivotColumn..<order { a[row, column] -= factor * a[pivotColumn, column] }
                for column in 0..<width { b[row, column] -= factor * b[pivotColumn, column] }
            }
        }
        var solution = Matrix(rows: order, columns: width)
        for column in 0..<width {
            for row in stride(from: order - 1, through: 0, by: -1) {
                var sum = b[row, column]
                for k in (row + 1)..<max(order, row + 1) { sum -= a[row, k] * solution[k, column] }
                solution[row, column] = sum / a[row, row]
            }
        }
        return solution
    }

    /// The inverse of a square matrix, or nil when it is singular to working precision.
    public static func inverse(_ matrix: Matrix) -> Matrix? {
        solve(matrix, .identity(matrix.rows))
    }
}

extension Matrix {
    fileprivate mutating func swapEntries(_ first: Int, _ second: Int, column: Int) {
        let held = self[first, column]
        self[first, column] = self[second, column]
        self[second, column] = held
    }
}
