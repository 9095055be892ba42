/// Turns PLS-DA class scores into probabilities with a softmax whose temperature is fitted on cross-validated scores.
///
/// `p_k = exp(ŷ_k / τ) / Σ_j exp(ŷ_j / τ)`; τ minimises the mean negative log-likelihood of the
/// true classes over the cross-validated predictions (golden-section search on log τ), so the
/// reported confidence tracks how often predictions of that confidence were right in CV.
public struct ConfidenceCalibration: Sendable, Equatable, Codable {
    /// The softmax temperature τ.
    public let temperature: Double

    /// Creates a calibration with a known temperature, or returns nil when it is not positive and finite.
    public init?(temperature: Double) {
        guard temperature > 0, temperature.isFinite else { return nil }
        self.temperature = temperature
    }

    private enum CodingKeys: String, CodingKey { case temperature }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let calibration = ConfidenceCalibration(temperature: try container.decode(Double.self, forKey: .temperature))
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .temperature, in: container, debugDescription: "the temperature must be positive and finite")
        }
        self = calibration
    }

    /// Fits τ to cross-validated class scores (samples × classes) and true class indices.
    public static func fit(scores: Matrix, truth: [Int]) -> ConfidenceCalibration {
        precondition(scores.rows == truth.count, "one true class per row of scores")
        let loss = { (logTemperature: Double) -> Double in
            let temperature = CMath.exp(logTemperature)
            var total = 0.0
            for row in 0..<scores.rows {
                total -= CMath.log(max(probabilities(scores.row(row), temperature: temperature)[truth[row]], 1e-300))
            }
            return total / Double(max(scores.rows, 1))
        }
        let ratio = (5.0.squareRoot() - 1) / 2
        var low = CMath.log(1e-3), high = CMath.log(1e2)
        var left = high - ratio * (high - low), right = low + ratio * (high - low)
        var leftLoss = loss(left), rightLoss = loss(right)
        for _ in 0..<100 where high - low > 1e-6 {
            if leftLoss < rightLoss {
                high = right
                right = left
                rightLoss = leftLoss
                left = high - ratio * (high - low)
                leftLoss = loss(left)
            } else {
                low = left
                left = right
                leftLoss = rightLoss
                right = low + ratio * (high - low)
                rightLoss = loss(right)
            }
        }
        return ConfidenceCalibration(temperature: CMath.exp((low + high) / 2)) ?? ConfidenceCalibration(temperature: 1)!
    }

    /// The class probabilities for one row of class scores.
    public func probabilities(_ scores: [Double]) -> [Double] {
        Self.probabilities(scores, temperature: temperature)
    }

    private static func probabilities(_ scores: [Double], temperature: Double) -> [Double] {
        guard let largest = scores.max(), largest.isFinite else {
            return Array(repeating: 1 / Double(max(scores.count, 1)), count: scores.count)
        }
        let exponentials = scores.map { CMath.exp(($0 - largest) / temperature) }
        let sum = exponentials.reduce(0, +)
        return exponentials.map { $0 / sum }
    }
}
