/// Why a spectrum cannot be analyzed by a model.
public enum AnalysisError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The spectrum has a different number of points than the model's wavelengths.
    case widthMismatch(expected: Int, found: Int)
    /// The spectrum holds a NaN or an infinity at this point index.
    case nonFiniteValue(index: Int)

    public var description: String {
        switch self {
        case .widthMismatch(let expected, let found):
            "the spectrum has \(found) points but the model expects \(expected)"
        case .nonFiniteValue(let index): "the spectrum's point \(index) is not a finite number"
        }
    }
}
