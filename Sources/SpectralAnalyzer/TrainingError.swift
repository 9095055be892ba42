/// Why a model cannot be trained from a dataset.
public enum TrainingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The dataset has no target column, so there is nothing to learn.
    case missingTargets
    /// An estimation model needs numeric targets; the column holds labels.
    case targetsNotNumeric(column: String)
    /// A classification model needs at least two classes.
    case tooFewClasses(found: Int)
    /// Too few spectra for the cross-validation or the model.
    case tooFewSamples(found: Int, needed: Int)
    /// A configuration value is out of its range.
    case invalidConfiguration(String)
    /// The spectra, targets and folds disagree in size.
    case datasetMismatch
    /// The preprocessing pipeline cannot be fitted.
    case preprocessing(PreprocessingError)
    /// The PLS model cannot be fitted.
    case regression(PLSError)
    /// The outlier limits cannot be computed from the training spectra.
    case outlierLimits
    /// The group column for grouped cross-validation is not in the data.
    case missingGroupColumn(name: String, available: [String])
    /// Grouped cross-validation needs at least two groups.
    case tooFewGroups(column: String, found: Int)

    public var description: String {
        switch self {
        case .missingTargets: "the data has no target column to train on"
        case .targetsNotNumeric(let column): "target column '\(column)' must hold numbers for an estimation model"
        case .tooFewClasses(let found): "classification needs at least 2 classes, found \(found)"
        case .tooFewSamples(let found, let needed): "training needs at least \(needed) spectra, found \(found)"
        case .invalidConfiguration(let detail): detail
        case .datasetMismatch: "the spectra, targets and folds disagree in size"
        case .preprocessing(let error): error.description
        case .regression(let error): error.description
        case .outlierLimits: "outlier limits cannot be computed from the training spectra"
        case .missingGroupColumn(let name, let available):
            "no group column '\(name)'" + (available.isEmpty ? " (the data has no named columns)" : "; named columns: \(available.joined(separator: ", "))")
        case .tooFewGroups(let column, let found):
            "grouped cross-validation needs at least 2 groups in column '\(column)', found \(found)"
        }
    }
}
