import ScioProtocol

/// The result of analyzing a reading with one model, as the SDK's `CPScioModel`.
public struct ScioModelResult: Sendable, Equatable {
    /// A model's answer for a reading.
    public enum AttributeValue: Sendable, Equatable, CustomStringConvertible {
        /// An estimate, in the model's unit.
        case number(Double)
        /// A class label.
        case label(String)

        public var description: String {
            switch self {
            case .number(let value): String(value)
            case .label(let label): label
            }
        }
    }

    public var model: ScioModelInfo
    /// The value; nil when the reading is an outlier for the model (the SDK's "null").
    public var attributeValue: AttributeValue?
    /// The class's confidence, 0–1; nil for estimation and for outliers.
    public var confidence: Double?
    /// The reading's SCiO version is not among the model's supported versions: the cloud analyzed it with degraded performance.
    public var isDegraded: Bool
    /// The SCiO version of the device that took the reading.
    public var scioVersion: ScioVersion
    /// Hotelling's T² and Q residual of the reading against the model, for diagnostics.
    public var hotellingT2: Double
    public var qResidual: Double
}
