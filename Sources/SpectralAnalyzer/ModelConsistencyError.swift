/// Why the parts of a model do not fit together.
public enum ModelConsistencyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The wavelength list and the preprocessing input disagree in length (or a wavelength is not finite).
    case wavelengthCount(wavelengths: Int, pipelineInput: Int)
    /// The preprocessing output and the PLS model's predictors disagree in number.
    case predictorCount(pipelineOutput: Int, model: Int)
    /// The responses, classes and calibration do not match the model kind.
    case responses(kind: SpectralModel.Kind, responses: Int, classes: Int)
    /// The parts present do not match the method (PLS needs a regression and outlier limits, SIMCA its class models).
    case method(SpectralModel.Method)
    /// The wavelengths are neither strictly increasing nor strictly decreasing; `index` is the first out of order.
    case wavelengthOrder(index: Int, wavelength: Double, previous: Double)
    /// The training summary's component count is not the fitted model's.
    case trainingComponents(summary: Int, fitted: Int)
    /// The training summary's spectrum count cannot have produced the model (fewer than 2, or not above the components).
    case trainingSamples(samples: Int, components: Int)
    /// The training summary's fold count is not between 2 and the number of spectra.
    case trainingFolds(folds: Int, samples: Int)
    /// The training summary's group count is not between the folds and the spectra, or comes without its column.
    case trainingGroups(groups: Int?, folds: Int, samples: Int)

    /// The member of the model (JSON path below `model`) that holds the inconsistency.
    public var field: [String] {
        switch self {
        case .method: ["method"]
        case .wavelengthCount: ["wavelengths"]
        case .wavelengthOrder(let index, _, _): ["wavelengths", "[\(index)]"]
        case .predictorCount: ["preprocessing"]
        case .responses: ["classes"]
        case .trainingComponents: ["training", "components"]
        case .trainingSamples: ["training", "samples"]
        case .trainingFolds: ["training", "folds"]
        case .trainingGroups: ["training", "groups"]
        }
    }

    public var description: String {
        switch self {
        case .wavelengthCount(let wavelengths, let input):
            "the model lists \(wavelengths) wavelengths but its preprocessing takes \(input) finite points"
        case .predictorCount(let output, let model):
            "preprocessing yields \(output) points but the PLS model takes \(model)"
        case .responses(let kind, let responses, let classes):
            "a \(kind.rawValue) model cannot have \(responses) responses and \(classes) distinct classes"
        case .method(let method):
            method == .pls
                ? "a PLS model needs 'regression' and 'outliers' and no 'simca'"
                : "a SIMCA model is a classification with 'simca' class models and no 'regression', 'outliers' or 'calibration'"
        case .wavelengthOrder(let index, let wavelength, let previous):
            "wavelength \(index) (\(wavelength)) after \(previous) is out of order: wavelengths must strictly increase or strictly decrease"
        case .trainingComponents(let summary, let fitted):
            "the training summary says \(summary) components but the model has \(fitted) fitted"
        case .trainingSamples(let samples, let components):
            "\(samples) training spectra cannot fit \(components) components (at least components + 1 are needed)"
        case .trainingFolds(let folds, let samples):
            "\(folds) cross-validation folds is not between 2 and the \(samples) training spectra"
        case .trainingGroups(let groups, let folds, let samples):
            "\(groups.map(String.init) ?? "no") groups: grouped cross-validation needs a group column and between"
                + " \(folds) (the folds) and \(samples) (the spectra) groups"
        }
    }
}
