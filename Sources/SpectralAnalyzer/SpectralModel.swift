/// A trained analyzer model: preprocessing, PLS, classes and outlier limits, plus what it describes.
///
/// Every initialiser checks that the parts fit together, so `analyze(_:)` never traps on a
/// model that exists, whether it was trained or decoded from a file.
public struct SpectralModel: Sendable, Equatable, Codable {
    /// The pipeline and PLS model compiled for fast analysis.
    public let plan: PredictionPlan

    /// What a model reports, as the SCiO SDK's model types.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// A numeric value of the attribute.
        case estimation
        /// A class of the attribute with a confidence.
        case classification
    }

    /// The model's name.
    public let name: String
    /// Estimation or classification.
    public let kind: Kind
    /// The attribute the model reports, such as `octane`.
    public let attributeName: String
    /// The unit of an estimated attribute; empty when it has none.
    public let unit: String
    /// The SCiO versions whose spectra the model accepts.
    public let supportedSCiOVersions: [String]
    /// The wavelengths (or channels) an input spectrum must have, in order.
    public let wavelengths: [Double]
    /// The preprocessing as specified.
    public let pipeline: PreprocessingPipeline
    /// The preprocessing with its fitted parameters.
    public let preprocessing: FittedPreprocessingPipeline
    /// The PLS model: one response for estimation, one per class for classification.
    public let regression: PLSRegression
    /// The class labels, in response order; empty for estimation.
    public let classes: [String]
    /// The softmax calibration of class confidences; nil for estimation.
    public let calibration: ConfidenceCalibration?
    /// The outlier limits.
    public let outliers: OutlierDetector
    /// How the model was trained and how it cross-validated.
    public let training: TrainingSummary

    /// Assembles a model, checking that its parts fit together.
    public init(
        name: String, kind: Kind, attributeName: String, unit: String, supportedSCiOVersions: [String],
        wavelengths: [Double], pipeline: PreprocessingPipeline, preprocessing: FittedPreprocessingPipeline,
        regression: PLSRegression, classes: [String], calibration: ConfidenceCalibration?, outliers: OutlierDetector,
        training: TrainingSummary
    ) throws(ModelConsistencyError) {
        guard wavelengths.count == preprocessing.inputWidth, wavelengths.allSatisfy(\.isFinite) else {
            throw .wavelengthCount(wavelengths: wavelengths.count, pipelineInput: preprocessing.inputWidth)
        }
        if wavelengths.count >= 2 {
            let increasing = wavelengths[1] > wavelengths[0]
            for index in 1..<wavelengths.count {
                let (previous, current) = (wavelengths[index - 1], wavelengths[index])
                guard increasing ? current > previous : current < previous else {
                    throw .wavelengthOrder(index: index, wavelength: current, previous: previous)
                }
            }
        }
        guard preprocessing.outputWidth == regression.predictorCount else {
            throw .predictorCount(pipelineOutput: preprocessing.outputWidth, model: regression.predictorCount)
        }
        switch kind {
        case .estimation:
            guard regression.responseCount == 1, classes.isEmpty, calibration == nil else {
                throw .responses(kind: kind, responses: regression.responseCount, classes: classes.count)
            }
        case .classification:
            guard classes.count >= 2, regression.responseCount == classes.count, calibration != nil,
                  Set(classes).count == classes.count
            else { throw .responses(kind: kind, responses: regression.responseCount, classes: classes.count) }
        }
        guard training.components == regression.components else {
            throw .trainingComponents(summary: training.components, fitted: regression.components)
        }
        guard training.samples >= 2, training.samples > training.components else {
            throw .trainingSamples(samples: training.samples, components: training.components)
        }
        guard training.folds >= 2, training.folds <= training.samples else {
            throw .trainingFolds(folds: training.folds, samples: training.samples)
        }
        if training.groups != nil || training.groupColumn != nil {
            guard let groups = training.groups, training.groupColumn != nil, groups >= training.folds, groups <= training.samples else {
                throw .trainingGroups(groups: training.groups, folds: training.folds, samples: training.samples)
            }
        }
        self.name = name
        self.kind = kind
        self.attributeName = attributeName
        self.unit = unit
        self.supportedSCiOVersions = supportedSCiOVersions
        self.wavelengths = wavelengths
        self.pipeline = pipeline
        self.preprocessing = preprocessing
        self.regression = regression
        self.classes = classes
        self.calibration = calibration
        self.outliers = outliers
        self.training = training
        self.plan = PredictionPlan(preprocessing: preprocessing, regression: regression)
    }

    public static func == (left: SpectralModel, right: SpectralModel) -> Bool {
        left.name == right.name && left.kind == right.kind && left.attributeName == right.attributeName
            && left.unit == right.unit && left.supportedSCiOVersions == right.supportedSCiOVersions
            && left.wavelengths == right.wavelengths && left.pipeline == right.pipeline
            && left.preprocessing == right.preprocessing && left.regression == right.regression
            && left.classes == right.classes && left.calibration == right.calibration
            && left.outliers == right.outliers && left.training == right.training
    }

    private enum CodingKeys: String, CodingKey {
        case name, kind, attributeName, unit, supportedSCiOVersions, wavelengths, pipeline, preprocessing
        case regression, classes, calibration, outliers, training
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(
                name: container.decode(String.self, forKey: .name),
                kind: container.decode(Kind.self, forKey: .kind),
                attributeName: container.decode(String.self, forKey: .attributeName),
                unit: container.decode(String.self, forKey: .unit),
                supportedSCiOVersions: container.decode([String].self, forKey: .supportedSCiOVersions),
                wavelengths: container.decode([Double].self, forKey: .wavelengths),
                pipeline: container.decode(PreprocessingPipeline.self, forKey: .pipeline),
                preprocessing: container.decode(FittedPreprocessingPipeline.self, forKey: .preprocessing),
                regression: container.decode(PLSRegression.self, forKey: .regression),
                classes: container.decode([String].self, forKey: .classes),
                calibration: container.decodeIfPresent(ConfidenceCalibration.self, forKey: .calibration),
                outliers: container.decode(OutlierDetector.self, forKey: .outliers),
                training: container.decode(TrainingSummary.self, forKey: .training))
        } catch let error as ModelConsistencyError {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: container.codingPath + error.field.map(FieldKey.init), debugDescription: error.description))
        }
    }

    /// A member name in a decoding error's path.
    private struct FieldKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Whether spectra from the given SCiO version are approved for this model (any version when the list is empty).
    public func supports(scioVersion: String) -> Bool {
        supportedSCiOVersions.isEmpty || supportedSCiOVersions.contains(scioVersion)
    }

    /// Analyzes one raw spectrum: an outlier gets no value, as in the SCiO SDK.
    public func analyze(_ spectrum: [Double]) throws(AnalysisError) -> Analysis {
        try analyze(spectrum, workspace: PredictionPlan.Workspace(for: plan))
    }

    /// Analyzes one raw spectrum with a caller-owned workspace, so repeated calls allocate nothing
    /// for an estimation model; `unscreenedValue` holds the value even for an outlier.
    public func analyze(_ spectrum: [Double], workspace: PredictionPlan.Workspace) throws(AnalysisError) -> Analysis {
        guard spectrum.count == wavelengths.count else {
            throw .widthMismatch(expected: wavelengths.count, found: spectrum.count)
        }
        return try spectrum.withUnsafeBufferPointer { buffer throws(AnalysisError) in
            try analyze(buffer, workspace: workspace)
        }
    }

    /// Analyzes one raw spectrum held in a buffer of `wavelengths.count` points.
    public func analyze(_ spectrum: UnsafeBufferPointer<Double>, workspace: PredictionPlan.Workspace) throws(AnalysisError) -> Analysis {
        guard spectrum.count == wavelengths.count else {
            throw .widthMismatch(expected: wavelengths.count, found: spectrum.count)
        }
        if let bad = Kernels.firstNonFinite(spectrum.baseAddress!, spectrum.count) { throw .nonFiniteValue(index: bad) }
        let value: Analysis.Value
        let output: PredictionPlan.Output
        switch kind {
        case .estimation:
            output = plan.run(spectrum, workspace: workspace)
            value = .estimate(output.response)
        case .classification:
            var responses = [Double](repeating: 0, count: classes.count)
            output = responses.withUnsafeMutableBufferPointer { plan.run(spectrum, workspace: workspace, responses: $0) }
            let probabilities = (calibration ?? ConfidenceCalibration(temperature: 1)!).probabilities(responses)
            let best = probabilities.indices.max { probabilities[$0] < probabilities[$1] } ?? 0
            value = .classification(className: classes[best], confidence: probabilities[best], probabilities: probabilities)
        }
        let statistics = OutlierStatistics(
            hotellingT2: output.hotellingT2, qResidual: output.qResidual,
            exceedsT2: !(output.hotellingT2 <= outliers.hotellingT2Limit),
            exceedsQ: !(output.qResidual <= outliers.qResidualLimit))
        return Analysis(value: statistics.isOutlier || !value.isFinite ? nil : value, unscreenedValue: value, outlier: statistics)
    }
}
