/// Flags spectra unlike the training set by Hotelling's T² in the score space and Q (SPE) off it.
///
/// The T² limit is `A(n−1)(n+1) / (n(n−A)) · F(α; A, n−A)`, the limit for a new observation.
/// The Q limit is Jackson–Mudholkar's, from the moments θ₁, θ₂, θ₃ of the eigenvalues of the
/// training residual covariance (computed as traces of the residual Gram matrix, so no
/// eigendecomposition is needed); when its exponent h₀ is not positive, Box's approximation
/// `g·χ²(α; h)` with `g = θ₂/θ₁`, `h = θ₁²/θ₂` is used instead.
public struct OutlierDetector: Sendable, Equatable, Codable {
    /// The confidence level of both limits, such as 0.95.
    public let confidence: Double
    /// The Hotelling T² limit.
    public let hotellingT2Limit: Double
    /// The Q residual (squared prediction error) limit.
    public let qResidualLimit: Double
    /// Which approximation produced the Q limit.
    public let qLimitMethod: QLimitMethod

    /// The approximation behind a Q limit.
    public enum QLimitMethod: String, Sendable, Codable {
        /// Jackson and Mudholkar (1979), a normal approximation.
        case jacksonMudholkar
        /// Box (1954), a scaled χ² approximation.
        case box
    }

    /// Creates a detector from known limits, or returns nil when they are not usable.
    public init?(confidence: Double, hotellingT2Limit: Double, qResidualLimit: Double, qLimitMethod: QLimitMethod) {
        guard confidence > 0, confidence < 1, hotellingT2Limit > 0, hotellingT2Limit.isFinite,
              qResidualLimit >= 0, qResidualLimit.isFinite
        else { return nil }
        self.confidence = confidence
        self.hotellingT2Limit = hotellingT2Limit
        self.qResidualLimit = qResidualLimit
        self.qLimitMethod = qLimitMethod
    }

    private enum CodingKeys: String, CodingKey { case confidence, hotellingT2Limit, qResidualLimit, qLimitMethod }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let confidence = try container.decode(Double.self, forKey: .confidence)
        let t2Limit = try container.decode(Double.self, forKey: .hotellingT2Limit)
        let qLimit = try container.decode(Double.self, forKey: .qResidualLimit)
        let method = try container.decode(QLimitMethod.self, forKey: .qLimitMethod)
        guard confidence > 0, confidence < 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: .confidence, in: container, debugDescription: "outlier confidence \(confidence) must be in (0, 1)")
        }
        guard t2Limit > 0, t2Limit.isFinite else {
            throw DecodingError.dataCorruptedError(
                forKey: .hotellingT2Limit, in: container,
                debugDescription: "the T² limit \(t2Limit) must be finite and positive")
        }
        guard qLimit >= 0, qLimit.isFinite else {
            throw DecodingError.dataCorruptedError(
                forKey: .qResidualLimit, in: container,
                debugDescription: "the Q limit \(qLimit) must be finite and not negative")
        }
        self.init(confidence: confidence, hotellingT2Limit: t2Limit, qResidualLimit: qLimit, qLimitMethod: method)!
    }

    /// Computes both limits from the preprocessed training spectra the model was fitted on.
    public static func calibrate(
        model: PLSRegression, trainingSpectra x: Matrix, confidence: Double
    ) -> OutlierDetector? {
        guard confidence > 0, confidence < 1, x.rows >= 2, x.columns == model.predictorCount else { return nil }
        var residuals = Matrix(rows: x.rows, columns: x.columns)
        for row in 0..<x.rows {
            residuals.setRow(row, residual(model: model, centred: model.centred(x.row(row))).vector)
        }
        let gram = residuals.multiplied(by: residuals.transposed)
        let scale = 1 / Double(x.rows - 1)
        var theta1 = 0.0, theta2 = 0.0
        for i in 0..<gram.rows {
            theta1 += gram[i, i] * scale
            for j in 0..<gram.columns { theta2 += gram[i, j] * gram[i, j] * scale * scale }
        }
        let gramSquared = gram.multiplied(by: gram)
        var theta3 = 0.0
        for i in 0..<gram.rows {
            for j in 0..<gram.columns { theta3 += gramSquared[i, j] * gram[j, i] * scale * scale * scale }
        }
        let t2Limit = hotellingT2Limit(components: model.components, samples: x.rows, confidence: confidence)
        let (qLimit, method) = qResidualLimit(theta: (theta1, theta2, theta3), confidence: confidence)
        return OutlierDetector(
            confidence: confidence, hotellingT2Limit: t2Limit.isFinite ? t2Limit : .greatestFiniteMagnitude,
            qResidualLimit: qLimit, qLimitMethod: method)
    }

    /// The T² limit for a new observation: `A(n−1)(n+1) / (n(n−A)) · F(α; A, n−A)`, infinite when n ≤ A.
    public static func hotellingT2Limit(components: Int, samples: Int, confidence: Double) -> Double {
        guard samples > components, components >= 1 else { return .infinity }
        let a = Double(components), n = Double(samples)
        return a * (n - 1) * (n + 1) / (n * (n - a)) * Distributions.fQuantile(confidence, d1: a, d2: n - a)
    }

    /// The Q limit from θ₁, θ₂, θ₃ (sums of the first three powers of the residual eigenvalues):
    /// Jackson–Mudholkar, or Box when JM's exponent h₀ is not positive.
    public static func qResidualLimit(
        theta: (Double, Double, Double), confidence: Double
    ) -> (limit: Double, method: QLimitMethod) {
        let (theta1, theta2, theta3) = theta
        guard theta1 > 0, theta2 > 0 else { return (0, .jacksonMudholkar) }
        let h0 = 1 - 2 * theta1 * theta3 / (3 * theta2 * theta2)
        if h0 > 0 {
            let z = Distributions.normalQuantile(confidence)
            let base = z * (2 * theta2 * h0 * h0).squareRoot() / theta1 + 1 + theta2 * h0 * (h0 - 1) / (theta1 * theta1)
            return (theta1 * CMath.power(max(base, 0), 1 / h0), .jacksonMudholkar)
        }
        let g = theta2 / theta1, h = theta1 * theta1 / theta2
        return (g * Distributions.chiSquareQuantile(confidence, degreesOfFreedom: h), .box)
    }

    /// The part of a centred spectrum the model's components do not explain, and its scores.
    static func residual(model: PLSRegression, centred: [Double]) -> (vector: [Double], scores: [Double]) {
        let scores = model.scores(centred: centred)
        let explained = model.xLoadings.multiplied(byVector: scores)
        return (zip(centred, explained).map { $0 - $1 }, scores)
    }

    /// T², Q and the verdict for one preprocessed spectrum.
    public func assess(model: PLSRegression, preprocessed spectrum: [Double]) -> OutlierStatistics {
        let (residual, scores) = Self.residual(model: model, centred: model.centred(spectrum))
        var t2 = 0.0
        for (score, variance) in zip(scores, model.scoreVariances) { t2 += score * score / variance }
        let q = Vector.dot(residual, residual)
        return OutlierStatistics(
            hotellingT2: t2, qResidual: q,
            exceedsT2: !(t2 <= hotellingT2Limit), exceedsQ: !(q <= qResidualLimit))
    }
}
