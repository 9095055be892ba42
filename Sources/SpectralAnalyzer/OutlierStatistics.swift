/// Hotelling's T² and the Q residual of one spectrum against a model's limits.
public struct OutlierStatistics: Sendable, Equatable, Codable {
    /// Hotelling's T² in the model's score space.
    public let hotellingT2: Double
    /// The squared residual off the model's score space (SPE).
    public let qResidual: Double
    /// Whether T² is above its limit (or not a number).
    public let exceedsT2: Bool
    /// Whether Q is above its limit (or not a number).
    public let exceedsQ: Bool

    /// Whether the spectrum is an outlier: either statistic above its limit.
    public var isOutlier: Bool { exceedsT2 || exceedsQ }
}
