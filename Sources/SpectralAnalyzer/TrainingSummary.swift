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

    /// Creates a summary.
    public init(
        samples: Int, components: Int, componentsChosenAutomatically: Bool, folds: Int, seed: UInt64,
        crossValidation: [ComponentScore]
    ) {
        self.samples = samples
        self.components = components
        self.componentsChosenAutomatically = componentsChosenAutomatically
        self.folds = folds
        self.seed = seed
        self.crossValidation = crossValidation
    }
}
