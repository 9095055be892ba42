/// Cross-validated accuracy for one component count.
public struct ComponentScore: Sendable, Equatable, Codable {
    /// The number of components.
    public let components: Int
    /// RMSECV (estimation only).
    public let rmsecv: Double?
    /// Cross-validated R² (estimation only).
    public let rSquared: Double?
    /// Cross-validated share of correctly classified spectra (classification only).
    public let accuracy: Double?

    /// Creates a score.
    public init(components: Int, rmsecv: Double? = nil, rSquared: Double? = nil, accuracy: Double? = nil) {
        self.components = components
        self.rmsecv = rmsecv
        self.rSquared = rSquared
        self.accuracy = accuracy
    }
}
