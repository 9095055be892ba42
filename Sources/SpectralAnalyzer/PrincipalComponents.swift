/// A principal component model of mean-centred spectra, fitted through the eigenvectors of the sample Gram matrix.
///
/// With n spectra of p points (n ≪ p for NIR), the eigenvectors u of the n×n matrix `XXᵀ` give
/// the loadings `Xᵀu/√λ`; the eigenvalues left out of the model give the residual moments the
/// Q limit needs, without ever forming the p×p covariance.
public struct PrincipalComponents: Sendable, Equatable, Codable {
    /// The mean spectrum subtracted before projection.
    public let means: [Double]
    /// The loadings, one unit-length column per component (points × components).
    public let loadings: Matrix
    /// The variance of each component's scores (n − 1 denominator).
    public let scoreVariances: [Double]
    /// θ₁, θ₂, θ₃ of the residual covariance's eigenvalues, for the Q limit.
    public let residualMoments: [Double]

    /// Fits up to `components` components to the rows of `x`; fewer when the spectra span fewer dimensions.
    public static func fit(_ x: Matrix, components: Int) -> PrincipalComponents? {
        guard x.rows >= 2, x.columns >= 1, components >= 1 else { return nil }
        let means = x.columnMeans()
        let centred = x.subtractingFromRows(means)
        let eigen = SymmetricEigensolver(centred.multiplied(by: centred.transposed))
        let scale = 1 / Double(x.rows - 1)
        let largest = eigen.eigenvalues.first ?? 0
        let usable = eigen.eigenvalues.prefix { $0 > max(largest, 0) * 1e-12 }.count
        let count = min(components, usable, x.rows - 1)
        guard count >= 1 else { return nil }
        var loadings = Matrix(rows: x.columns, columns: count)
        for component in 0..<count {
            let direction = centred.transposeMultiplied(byVector: eigen.eigenvectors.column(component))
            loadings.setColumn(component, Vector.scaled(direction, by: 1 / eigen.eigenvalues[component].squareRoot()))
        }
        let rest = eigen.eigenvalues.dropFirst(count).map { max($0, 0) * scale }
        return PrincipalComponents(
            means: means, loadings: loadings,
            scoreVariances: eigen.eigenvalues.prefix(count).map { $0 * scale },
            residualMoments: [rest.reduce(0, +), rest.reduce(0) { $0 + $1 * $1 }, rest.reduce(0) { $0 + $1 * $1 * $1 }])
    }

    private init(means: [Double], loadings: Matrix, scoreVariances: [Double], residualMoments: [Double]) {
        self.means = means
        self.loadings = loadings
        self.scoreVariances = scoreVariances
        self.residualMoments = residualMoments
    }

    private enum CodingKeys: String, CodingKey { case means, loadings, scoreVariances, residualMoments }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        means = try container.decode([Double].self, forKey: .means)
        loadings = try container.decode(Matrix.self, forKey: .loadings)
        scoreVariances = try container.decode([Double].self, forKey: .scoreVariances)
        residualMoments = try container.decode([Double].self, forKey: .residualMoments)
        guard !means.isEmpty, means.allSatisfy(\.isFinite), loadings.rows == means.count, loadings.columns >= 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: .loadings, in: container,
                debugDescription: "loadings of \(loadings.rows)×\(loadings.columns) do not fit \(means.count) means")
        }
        guard scoreVariances.count == loadings.columns, scoreVariances.allSatisfy({ $0 > 0 && $0.isFinite }) else {
            throw DecodingError.dataCorruptedError(
                forKey: .scoreVariances, in: container,
                debugDescription: "one positive, finite variance per component (\(loadings.columns)) is needed")
        }
        guard residualMoments.count == 3, residualMoments.allSatisfy(\.isFinite) else {
            throw DecodingError.dataCorruptedError(
                forKey: .residualMoments, in: container, debugDescription: "three finite moments θ₁, θ₂, θ₃ are needed")
        }
    }

    /// The number of components.
    public var components: Int { loadings.columns }

    /// Hotelling's T² and Q of one spectrum against this model.
    public func statistics(of spectrum: [Double]) -> (hotellingT2: Double, qResidual: Double) {
        let centred = zip(spectrum, means).map { $0 - $1 }
        let scores = loadings.transposeMultiplied(byVector: centred)
        let explained = loadings.multiplied(byVector: scores)
        var t2 = 0.0
        for (score, variance) in zip(scores, scoreVariances) { t2 += score * score / variance }
        var q = 0.0
        for (value, part) in zip(centred, explained) { q += (value - part) * (value - part) }
        return (t2, q)
    }
}
