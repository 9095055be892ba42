/// Precomputed Savitzky–Golay weights for the window centre and each edge position.
public struct SavitzkyGolayWeights: Sendable, Equatable {
    /// Weights for interior points.
    public let centre: [Double]
    /// Weights for the first half-window, point by point, applied to the first full window.
    public let leading: [[Double]]
    /// Weights for the last half-window, point by point, applied to the last full window.
    public let trailing: [[Double]]
}
