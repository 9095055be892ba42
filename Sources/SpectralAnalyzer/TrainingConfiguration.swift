/// What to train: model type, naming, preprocessing, component choice, cross-validation and outlier confidence.
public struct TrainingConfiguration: Sendable, Equatable {
    /// How the number of PLS components is chosen.
    public enum ComponentChoice: Sendable, Equatable {
        /// Cross-validate 1…maximum and take the fewest components within `parsimonyTolerance` of the best.
        case automatic(maximum: Int)
        /// Use exactly this many components (cross-validation still reports accuracy).
        case fixed(Int)
    }

    /// Estimation (a value) or classification (a class with a confidence).
    public var kind: SpectralModel.Kind
    /// PLS (estimation or PLS-DA) or SIMCA (classification only).
    public var method: SpectralModel.Method
    /// The model's name.
    public var name: String
    /// The unit of the estimated attribute; empty when it has none.
    public var unit: String
    /// The SCiO versions whose spectra the model accepts.
    public var supportedSCiOVersions: [String]
    /// The preprocessing applied before PLS.
    public var pipeline: PreprocessingPipeline
    /// How many components to use.
    public var components: ComponentChoice
    /// The number of cross-validation folds (clamped to the number of spectra).
    public var folds: Int
    /// The seed of the fold shuffle.
    public var seed: UInt64
    /// The annotation column whose equal values must share a cross-validation fold; nil for sample folds.
    public var groupColumn: String?
    /// The confidence level of the outlier limits, in (0, 1).
    public var outlierConfidence: Double
    /// How far above the best cross-validated error (relative, for regression) an automatic choice may be to use fewer components.
    public var parsimonyTolerance: Double

    /// Creates a configuration; the defaults are 10 folds, seed 20250101, 95 % outlier limits, automatic up to 15 components.
    public init(
        kind: SpectralModel.Kind, method: SpectralModel.Method = .pls, name: String = "", unit: String = "", supportedSCiOVersions: [String] = [],
        pipeline: PreprocessingPipeline = PreprocessingPipeline(), components: ComponentChoice = .automatic(maximum: 15),
        folds: Int = 10, seed: UInt64 = 20_250_101, groupColumn: String? = nil, outlierConfidence: Double = 0.95,
        parsimonyTolerance: Double = 0.02
    ) {
        self.kind = kind
        self.method = method
        self.name = name
        self.unit = unit
        self.supportedSCiOVersions = supportedSCiOVersions
        self.pipeline = pipeline
        self.components = components
        self.folds = folds
        self.seed = seed
        self.groupColumn = groupColumn
        self.outlierConfidence = outlierConfidence
        self.parsimonyTolerance = parsimonyTolerance
    }
}
