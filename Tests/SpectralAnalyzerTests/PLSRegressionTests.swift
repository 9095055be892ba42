import Testing
@testable import SpectralAnalyzer

@Suite struct PLSRegressionTests {
    /// Twelve samples of five predictors driven by two latent variables, and two responses linear in them.
    func latentData() -> (x: Matrix, y: Matrix) {
        var generator = SplitMix64(seed: 99)
        let uniform = { () -> Double in Double(generator.next() >> 11) / Double(1 << 53) - 0.5 }
        var xRows: [[Double]] = [], yRows: [[Double]] = []
        let loadings: [[Double]] = [[1, 0.5, -0.3, 0.8, 0.1], [0.2, -1, 0.7, 0.4, 0.9]]
        for _ in 0..<12 {
            let t = [uniform() * 4, uniform() * 2]
            xRows.append((0..<5).map { t[0] * loadings[0][$0] + t[1] * loadings[1][$0] + 3 })
            yRows.append([2 * t[0] - t[1] + 10, t[1] * 0.5 - 1])
        }
        return (Matrix(rowArrays: xRows)!, Matrix(rowArrays: yRows)!)
    }

    @Test func recoversAnExactLinearRelationWithEnoughComponents() throws {
        let (x, y) = latentData()
        let model = try PLSRegression.fit(x: x, y: y, components: 2)
        let predicted = model.predict(x)
        for i in 0..<x.rows { for j in 0..<2 { #expect(close(predicted[i, j], y[i, j], relative: 1e-9)) } }
    }

    @Test func stopsWhenXHasNoMoreVariance() throws {
        let (x, y) = latentData()
        let model = try PLSRegression.fit(x: x, y: y, components: 4)
        #expect(model.components == 2)
    }

    @Test func truncationEqualsAFreshFitWithFewerComponents() throws {
        let (x, y) = latentData()
        let full = try PLSRegression.fit(x: x, y: y.selectingColumns([0]), components: 2)
        let one = try PLSRegression.fit(x: x, y: y.selectingColumns([0]), components: 1)
        let truncated = full.truncated(to: 1)
        for (a, b) in zip(truncated.coefficients.values, one.coefficients.values) { #expect(close(a, b)) }
    }

    @Test func scoresOfTrainingDataHaveTheStoredVariances() throws {
        let (x, y) = latentData()
        let model = try PLSRegression.fit(x: x, y: y, components: 2)
        let scores = (0..<x.rows).map { model.scores(centred: model.centred(x.row($0))) }
        for component in 0..<2 {
            let values = scores.map { $0[component] }
            let variance = values.map { $0 * $0 }.reduce(0, +) / Double(values.count - 1)
            #expect(close(variance, model.scoreVariances[component], relative: 1e-9))
        }
    }

    @Test func rejectsBadShapes() {
        let x = Matrix(rowArrays: [[1, 2], [3, 4], [5, 7]])!
        #expect(throws: PLSError.sampleCountMismatch(x: 3, y: 2)) {
            try PLSRegression.fit(x: x, y: Matrix(rowArrays: [[1], [2]])!, components: 1)
        }
        #expect(throws: PLSError.componentsOutOfRange(requested: 3, maximum: 2)) {
            try PLSRegression.fit(x: x, y: Matrix(rowArrays: [[1], [2], [3]])!, components: 3)
        }
        #expect(throws: PLSError.noCorrelatedVariance) {
            try PLSRegression.fit(x: x, y: Matrix(rowArrays: [[1], [1], [1]])!, components: 1)
        }
    }
}
