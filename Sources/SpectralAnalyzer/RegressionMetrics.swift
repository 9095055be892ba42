/// Accuracy figures for predicted against reference values: RMSE, R² and bias.
public struct RegressionMetrics: Sendable, Equatable, Codable {
    /// The number of value pairs.
    public let count: Int
    /// The root mean squared error.
    public let rootMeanSquaredError: Double
    /// The coefficient of determination, 1 − SSE / SST around the reference mean.
    public let rSquared: Double
    /// The mean of predicted minus reference.
    public let bias: Double

    /// Computes the figures; empty or mismatched input gives NaN figures with a count of zero.
    public init(predicted: [Double], reference: [Double]) {
        guard predicted.count == reference.count, !predicted.isEmpty else {
            count = 0
            rootMeanSquaredError = .nan
            rSquared = .nan
            bias = .nan
            return
        }
        let mean = Vector.mean(reference)
        var squaredError = 0.0, total = 0.0, difference = 0.0
        for (value, truth) in zip(predicted, reference) {
            squaredError += (value - truth) * (value - truth)
            total += (truth - mean) * (truth - mean)
            difference += value - truth
        }
        count = predicted.count
        rootMeanSquaredError = (squaredError / Double(count)).squareRoot()
        rSquared = total > 0 ? 1 - squaredError / total : .nan
        bias = difference / Double(count)
    }
}
