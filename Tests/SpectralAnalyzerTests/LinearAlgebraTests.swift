import Testing
@testable import SpectralAnalyzer

@Suite struct LinearAlgebraTests {
    @Test func productAndTransposeProductsAgree() {
        let a = Matrix(rowArrays: [[1, 2, 3], [4, 5, 6]])!
        let b = Matrix(rowArrays: [[7, 8], [9, 10], [11, 12]])!
        #expect(a.multiplied(by: b) == Matrix(rowArrays: [[58, 64], [139, 154]])!)
        #expect(a.transposeMultiplied(by: a) == a.transposed.multiplied(by: a))
        #expect(a.multiplied(byVector: [1, 0, -1]) == [-2, -2])
        #expect(a.transposeMultiplied(byVector: [1, -1]) == [-3, -3, -3])
    }

    @Test func solvesWithPivoting() throws {
        let a = Matrix(rowArrays: [[0, 2, 1], [1, 1, 1], [2, 1, 0]])!
        let x = try #require(LinearSolver.solve(a, Matrix(rowArrays: [[5], [4], [4]])!))
        #expect(close(x[0, 0], 1) && close(x[1, 0], 2) && close(x[2, 0], 1))
        let inverse = try #require(LinearSolver.inverse(a))
        let identity = a.multiplied(by: inverse)
        for i in 0..<3 { for j in 0..<3 { #expect(close(identity[i, j], i == j ? 1 : 0)) } }
    }

    @Test func singularSystemIsNil() {
        let a = Matrix(rowArrays: [[1, 2], [2, 4]])!
        #expect(LinearSolver.inverse(a) == nil)
    }

    @Test func jacobiFindsKnownEigenpairs() {
        let a = Matrix(rowArrays: [[2, 1, 0], [1, 2, 0], [0, 0, 5]])!
        let eigen = SymmetricEigensolver(a)
        #expect(close(eigen.eigenvalues[0], 5) && close(eigen.eigenvalues[1], 3) && close(eigen.eigenvalues[2], 1))
        let v = eigen.eigenvectors.column(1)
        #expect(close(abs(v[0]), 0.5.squareRoot()) && close(abs(v[1]), 0.5.squareRoot()) && close(v[2], 0))
    }

    @Test func matrixDecodingRejectsWrongValueCount() {
        #expect(Matrix(rows: 2, columns: 2, values: [1, 2, 3]) == nil)
        #expect(Matrix(rowArrays: [[1, 2], [3]]) == nil)
    }
}
