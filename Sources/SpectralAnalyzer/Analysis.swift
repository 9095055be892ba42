/// The result of analyzing one spectrum with a model.
public struct Analysis: Sendable, Equatable {
    /// What a model reports for a spectrum.
    public enum Value: Sendable, Equatable {
        /// An estimated value of the attribute.
        case estimate(Double)
        /// The most probable class, its confidence in (0, 1], and every class's probability in model order.
        case classification(className: String, confidence: Double, probabilities: [Double])

        /// Whether the numbers in the value are finite.
        public var isFinite: Bool {
            switch self {
            case .estimate(let value): value.isFinite
            case .classification(_, let confidence, _): confidence.isFinite
            }
        }
    }

    /// The reported value; nil when the spectrum is an outlier, as the SCiO SDK's null attribute value.
    public let value: Value?
    /// The value the model computed before outlier screening, for diagnostics and benchmarks.
    public let unscreenedValue: Value
    /// Hotelling's T², Q and their verdicts.
    public let outlier: OutlierStatistics
}
