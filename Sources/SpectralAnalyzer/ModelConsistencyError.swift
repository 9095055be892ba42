/// Why the parts of a model do not fit together.
public enum ModelConsistencyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The wavelength list and the preprocessing input disagree in length (or a wavelength is not finite).
    case wavelengthCount(wavelengths: Int, pipelineInput: Int)
    /// The preprocessing output and the PLS model's predictors disagree in number.
    case predictorCount(pipelineOutput: Int, model: Int)
    /// The responses, classes and calibration do not match the model kind.
    case responses(kind: SpectralModel.Kind, responses: Int, classes: Int)

    public var description: String {
        switch self {
        case .wavelengthCount(let wavelengths, let input):
            "the model lists \(wavelengths) wavelengths but its preprocessing takes \(input) finite points"
        case .predictorCount(let output, let model):
            "preprocessing yields \(output) points but the PLS model takes \(model)"
        case .responses(let kind, let responses, let classes):
            "a \(kind.rawValue) model cannot have \(responses) responses and \(classes) distinct classes"
        }
    }
}
