/// Why a PLS model cannot be fitted or assembled.
public enum PLSError: Error, Sendable, Equatable, CustomStringConvertible {
    /// X and Y have different numbers of samples.
    case sampleCountMismatch(x: Int, y: Int)
    /// At least two samples are needed.
    case tooFewSamples(found: Int)
    /// X or Y has no columns.
    case noVariables
    /// The requested number of components is below 1 or above min(samples − 1, predictors).
    case componentsOutOfRange(requested: Int, maximum: Int)
    /// X or Y holds a NaN or an infinity.
    case nonFiniteValue
    /// X has no variance correlated with Y, so not even one component exists.
    case noCorrelatedVariance
    /// The stored parts of a model have shapes that do not fit together.
    case inconsistentParameters
    /// PᵀW is singular, so the model cannot be turned into rotations.
    case singularLoadings

    public var description: String {
        switch self {
        case .sampleCountMismatch(let x, let y): "X has \(x) samples but Y has \(y)"
        case .tooFewSamples(let found): "PLS needs at least 2 samples, found \(found)"
        case .noVariables: "X or Y has no columns"
        case .componentsOutOfRange(let requested, let maximum):
            "\(requested) components requested; between 1 and \(maximum) are possible with this data"
        case .nonFiniteValue: "the data holds a value that is not a finite number"
        case .noCorrelatedVariance: "the spectra have no variance related to the target"
        case .inconsistentParameters: "the model's matrices have shapes that do not fit together"
        case .singularLoadings: "the model's loadings are singular"
        }
    }
}
