/// How a model was trained and the cross-validated accuracy of each component count.
public struct TrainingSummary: Sendable, Equatable, Codable {
    /// The number of training spectra.
    public let samples: Int
    /// The number of PLS components the model uses.
    public let components: Int
    /// Whether the component count was chosen by cross-validation.
    public let componentsChosenAutomatically: Bool
    /// The number of cross-validation folds.
    public let folds: Int
    /// The seed of the fold shuffle.
    public let seed: UInt64
    /// The cross-validated accuracy for 1, 2, … components.
    public let crossValidation: [ComponentScore]
    /// The annotation column that kept groups in one fold; nil when folds were drawn by sample.
    public let groupColumn: String?
    /// The number of distinct groups in `groupColumn`; nil when folds were drawn by sample.
    public let groups: Int?

    /// Creates a summary.
    public init(
        samples: Int, components: Int, componentsChosenAutomatically: Bool, folds: Int, seed: UInt64,
        crossValidation: [ComponentScore], groupColumn: String? = nil, groups: Int? = nil
    ) {
        self.samples = samples
        self.components = components
        self.componentsChosenAutomatically = componentsChosenAutomatically
        self.folds = folds
        self.seed = seed
        self.crossValidation = crossValidation
        self.groupColumn = groupColumn
        self.groups = groups
    }
}
