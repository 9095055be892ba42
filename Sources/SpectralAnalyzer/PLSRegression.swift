/// Partial least squares regression (NIPALS, regression-mode deflation) for one or more responses.
///
/// X and Y are mean-centred inside the model. Each component's weight vector is the dominant
/// left singular vector of the current cross-covariance `XᵀY`; for several responses it is
/// found exactly from the eigenvector of the small `YᵀXXᵀY`, which is the vector the NIPALS
/// inner loop converges to. The first `a` components of a fit are the `a`-component model,
/// so `truncated(to:)` yields every smaller model without refitting.
public struct PLSRegression: Sendable, Equatable, Codable {
    /// The training mean of each predictor column.
    public let xMeans: [Double]
    /// The training mean of each response.
    public let yMeans: [Double]
    /// The X weights W, one column per component (predictors × components).
    public let weights: Matrix
    /// The X loadings P, one column per component (predictors × components).
    public let xLoadings: Matrix
    /// The Y loadings Q, one column per component (responses × components).
    public let yLoadings: Matrix
    /// The training score variance of each component (n − 1 denominator), used by Hotelling's T².
    public let scoreVariances: [Double]
    /// The rotations W(PᵀW)⁻¹ that map centred X straight to scores (predictors × components).
    public let rotations: Matrix
    /// The regression coefficients on centred X (predictors × responses).
    public let coefficients: Matrix

    /// The number of latent components.
    public var components: Int { weights.columns }

    /// Fits up to `components` latent components to `x` (samples × predictors) and `y` (samples × responses).
    ///
    /// Fewer components are fitted when X runs out of variance correlated with Y first; zero is an error.
    public static func fit(x: Matrix, y: Matrix, components: Int) throws(PLSError) -> PLSRegression {
        guard x.rows == y.rows else { throw .sampleCountMismatch(x: x.rows, y: y.rows) }
        guard x.rows >= 2 else { throw .tooFewSamples(found: x.rows) }
        guard x.columns >= 1, y.columns >= 1 else { throw .noVariables }
        let maximum = min(x.rows - 1, x.columns)
        guard components >= 1, components <= maximum else {
            throw .componentsOutOfRange(requested: components, maximum: maximum)
        }
        guard x.values.allSatisfy(\.isFinite), y.values.allSatisfy(\.isFinite) else { throw .nonFiniteValue }
        let xMeans = x.columnMeans(), yMeans = y.columnMeans()
        var residualX = x.subtractingFromRows(xMeans)
        var residualY = y.subtractingFromRows(yMeans)
        let initialScale = residualX.values.reduce(0) { $0 + $1 * $1 }
        var weightColumns: [[Double]] = [], loadingColumns: [[Double]] = [], yLoadingColumns: [[Double]] = []
        var variances: [Double] = []
        for _ in 0..<components {
            let crossCovariance = residualX.transposeMultiplied(by: residualY)
            var weight: [Double]
            if crossCovariance.columns == 1 {
                weight = crossCovariance.column(0)
            } else {
                let small = crossCovariance.transposeMultiplied(by: crossCovariance)
                let direction = SymmetricEigensolver(small).eigenvectors.column(0)
                weight = crossCovariance.multiplied(byVector: direction)
            }
            let weightNorm = Vector.norm(weight)
            guard weightNorm > 0, weightNorm.isFinite else { break }
            weight = Vector.scaled(weight, by: 1 / weightNorm)
            let scores = residualX.multiplied(byVector: weight)
            let scoreSquares = Vector.dot(scores, scores)
            guard scoreSquares > 1e-12 * initialScale, scoreSquares > 0 else { break }
            let loading = Vector.scaled(residualX.transposeMultiplied(byVector: scores), by: 1 / scoreSquares)
            let yLoading = Vector.scaled(residualY.transposeMultiplied(byVector: scores), by: 1 / scoreSquares)
            residualX.subtractOuterProduct(scores, loading)
            residualY.subtractOuterProduct(scores, yLoading)
            weightColumns.append(weight)
            loadingColumns.append(loading)
            yLoadingColumns.append(yLoading)
            variances.append(scoreSquares / Double(x.rows - 1))
        }
        guard !weightColumns.isEmpty else { throw .noCorrelatedVariance }
        let build = { (columns: [[Double]], height: Int) -> Matrix in
            var matrix = Matrix(rows: height, columns: columns.count)
            for (index, column) in columns.enumerated() { matrix.setColumn(index, column) }
            return matrix
        }
        return try PLSRegression(
            xMeans: xMeans, yMeans: yMeans,
            weights: build(weightColumns, x.columns),
            xLoadings: build(loadingColumns, x.columns),
            yLoadings: build(yLoadingColumns, y.columns),
            scoreVariances: variances)
    }

    /// Assembles a model from its fitted parts, deriving rotations and coefficients.
    public init(
        xMeans: [Double], yMeans: [Double], weights: Matrix, xLoadings: Matrix, yLoadings: Matrix,
        scoreVariances: [Double]
    ) throws(PLSError) {
        let count = weights.columns
        guard count >= 1, weights.rows == xMeans.count, xLoadings.rows == xMeans.count, xLoadings.columns == count,
              yLoadings.rows == yMeans.count, yLoadings.columns == count, scoreVariances.count == count,
              scoreVariances.allSatisfy({ $0 > 0 && $0.isFinite })
        else { throw .inconsistentParameters }
        guard let inverse = LinearSolver.inverse(xLoadings.transposeMultiplied(by: weights)) else {
            throw .singularLoadings
        }
        self.xMeans = xMeans
        self.yMeans = yMeans
        self.weights = weights
        self.xLoadings = xLoadings
        self.yLoadings = yLoadings
        self.scoreVariances = scoreVariances
        self.rotations = weights.multiplied(by: inverse)
        self.coefficients = rotations.multiplied(by: yLoadings.transposed)
    }

    private enum CodingKeys: String, CodingKey {
        case xMeans, yMeans, weights, xLoadings, yLoadings, scoreVariances
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(
                xMeans: container.decode([Double].self, forKey: .xMeans),
                yMeans: container.decode([Double].self, forKey: .yMeans),
                weights: container.decode(Matrix.self, forKey: .weights),
                xLoadings: container.decode(Matrix.self, forKey: .xLoadings),
                yLoadings: container.decode(Matrix.self, forKey: .yLoadings),
                scoreVariances: container.decode([Double].self, forKey: .scoreVariances))
        } catch let error as PLSError {
            throw DecodingError.dataCorruptedError(
                forKey: .weights, in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(xMeans, forKey: .xMeans)
        try container.encode(yMeans, forKey: .yMeans)
        try container.encode(weights, forKey: .weights)
        try container.encode(xLoadings, forKey: .xLoadings)
        try container.encode(yLoadings, forKey: .yLoadings)
        try container.encode(scoreVariances, forKey: .scoreVariances)
    }

    /// The model made of the first `count` components (1 ≤ count ≤ components).
    public func truncated(to count: Int) -> PLSRegression {
        precondition(count >= 1 && count <= components, "component count out of range")
        if count == components { return self }
        let kept = Array(0..<count)
        do {
            return try PLSRegression(
                xMeans: xMeans, yMeans: yMeans,
                weights: weights.selectingColumns(kept), xLoadings: xLoadings.selectingColumns(kept),
                yLoadings: yLoadings.selectingColumns(kept), scoreVariances: Array(scoreVariances.prefix(count)))
        } catch {
            preconditionFailure("a leading block of a fitted model is always valid: \(error)")
        }
    }

    /// The number of predictors the model takes.
    public var predictorCount: Int { xMeans.count }

    /// The number of responses the model predicts.
    public var responseCount: Int { yMeans.count }

    /// The predictor vector with the training means subtracted.
    public func centred(_ predictors: [Double]) -> [Double] {
        zip(predictors, xMeans).map { $0 - $1 }
    }

    /// The latent scores of one centred predictor vector.
    public func scores(centred: [Double]) -> [Double] {
        rotations.transposeMultiplied(byVector: centred)
    }

    /// The predicted responses for one predictor vector.
    public func predict(_ predictors: [Double]) -> [Double] {
        let centredX = centred(predictors)
        let contribution = coefficients.transposeMultiplied(byVector: centredX)
        return zip(contribution, yMeans).map { $0 + $1 }
    }

    /// The predicted responses for every row of `x`.
    public func predict(_ x: Matrix) -> Matrix {
        var result = x.subtractingFromRows(xMeans).multiplied(by: coefficients)
        for row in 0..<result.rows {
            for column in 0..<result.columns { result[row, column] += yMeans[column] }
        }
        return result
    }
}
