/// A trained analyzer model: preprocessing, then PLS (estimation, PLS-DA) or SIMCA (classification),
/// classes and outlier limits, plus what it describes.
///
/// Every initialiser checks that the parts fit together, so `analyze(_:)` never traps on a
/// model that exists, whether it was trained or decoded from a file.
public struct SpectralModel: Sendable, Equatable, Codable {
    /// The pipeline and PLS model compiled for fast analysis; nil for SIMCA.
    public let plan: PredictionPlan?

    /// How a model turns a preprocessed spectrum into its result.
    public enum Method: String, Sendable, Codable, CaseIterable {
        /// PLS regression (estimation) or PLS-DA (classification) with Hotelling T² and Q outlier limits.
        case pls
        /// SIMCA: one principal component model per class with its own T² and Q limits (classification only).
        case simca
    }

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
    /// PLS or SIMCA.
    public let method: Method
    /// The PLS model: one response for estimation, one per class for classification; nil for SIMCA.
    public let regression: PLSRegression?
    /// The SIMCA class models; nil for PLS.
    public let simca: SIMCAClassifier?
    /// The class labels, in response order; empty for estimation.
    public let classes: [String]
    /// The softmax calibration of PLS-DA class confidences; nil for estimation and SIMCA.
    public let calibration: ConfidenceCalibration?
    /// The outlier limits of a PLS model; nil for SIMCA, whose limits are per class.
    public let outliers: OutlierDetector?
    /// How the model was trained and how it cross-validated.
    public let training: TrainingSummary

    /// Assembles a PLS model, checking that its parts fit together.
    public init(
        name: String, kind: Kind, attributeName: String, unit: String, supportedSCiOVersions: [String],
        wavelengths: [Double], pipeline: PreprocessingPipeline, preprocessing: FittedPreprocessingPipeline,
        regression: PLSRegression, classes: [String], calibration: ConfidenceCalibration?, outliers: OutlierDetector,
        training: TrainingSummary
    ) throws(ModelConsistencyError) {
        try self.init(
            name: name, kind: kind, attributeName: attributeName, unit: unit, supportedSCiOVersions: supportedSCiOVersions,
            wavelengths: wavelengths, pipeline: pipeline, preprocessing: preprocessing, method: .pls, regression: regression,
            simca: nil, classes: classes, calibration: calibration, outliers: outliers, training: training)
    }

    /// Assembles a SIMCA classification model, checking that its parts fit together.
    public init(
        name: String, attributeName: String, supportedSCiOVersions: [String], wavelengths: [Double],
        pipeline: PreprocessingPipeline, simca: SIMCAClassifier, training: TrainingSummary
    ) throws(ModelConsistencyError) {
        try self.init(
            name: name, kind: .classification, attributeName: attributeName, unit: "", supportedSCiOVersions: supportedSCiOVersions,
            wavelengths: wavelengths, pipeline: pipeline, preprocessing: simca.preprocessing, method: .simca, regression: nil,
            simca: simca, classes: simca.classes.map(\.label), calibration: nil, outliers: nil, training: training)
    }

    private init(
        name: String, kind: Kind, attributeName: String, unit: String, supportedSCiOVersions: [String],
        wavelengths: [Double], pipeline: PreprocessingPipeline, preprocessing: FittedPreprocessingPipeline,
        method: Method, regression: PLSRegression?, simca: SIMCAClassifier?, classes: [String],
        calibration: ConfidenceCalibration?, outliers: OutlierDetector?, training: TrainingSummary
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
        let components: Int
        switch method {
        case .pls:
            guard let regression, outliers != nil, simca == nil else { throw .method(method) }
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
            components = regression.components
        case .simca:
            guard let simca, regression == nil, outliers == nil, calibration == nil, kind == .classification else {
                throw .method(method)
            }
            guard simca.preprocessing == preprocessing else {
                throw .predictorCount(pipelineOutput: preprocessing.outputWidth, model: simca.preprocessing.outputWidth)
            }
            if let wrong = simca.classes.first(where: { $0.components.means.count != preprocessing.outputWidth }) {
                throw .predictorCount(pipelineOutput: preprocessing.outputWidth, model: wrong.components.means.count)
            }
            guard classes.count >= 2, Set(classes).count == classes.count else {
                throw .responses(kind: kind, responses: simca.classes.count, classes: classes.count)
            }
            components = simca.classes.map(\.components.components).max() ?? 0
            guard components <= training.components else {
                throw .trainingComponents(summary: training.components, fitted: components)
            }
        }
        if method == .pls {
            guard training.components == components else {
                throw .trainingComponents(summary: training.components, fitted: components)
            }
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
        self.method = method
        self.regression = regression
        self.simca = simca
        self.classes = classes
        self.calibration = calibration
        self.outliers = outliers
        self.training = training
        self.plan = regression.map { PredictionPlan(preprocessing: preprocessing, regression: $0) }
    }

    /// The number of latent components (for SIMCA, the most any class model has).
    public var components: Int {
        regression?.components ?? simca?.classes.map(\.components.components).max() ?? 0
    }

    public static func == (left: SpectralModel, right: SpectralModel) -> Bool {
        left.name == right.name && left.kind == right.kind && left.attributeName == right.attributeName
            && left.unit == right.unit && left.supportedSCiOVersions == right.supportedSCiOVersions
            && left.wavelengths == right.wavelengths && left.pipeline == right.pipeline
            && left.preprocessing == right.preprocessing && left.method == right.method
            && left.regression == right.regression && left.simca == right.simca
            && left.classes == right.classes && left.calibration == right.calibration
            && left.outliers == right.outliers && left.training == right.training
    }

    private enum CodingKeys: String, CodingKey {
        case name, kind, attributeName, unit, supportedSCiOVersions, wavelengths, pipeline, preprocessing
        case method, regression, simca, classes, calibration, outliers, training
    }

    /// The `simca` member: the class models (the preprocessing is the model's own).
    private struct SIMCAMember: Codable {
        let classes: [SIMCAClassifier.ClassModel]
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let preprocessing = try container.decode(FittedPreprocessingPipeline.self, forKey: .preprocessing)
        let method = try container.decodeIfPresent(Method.self, forKey: .method) ?? .pls
        let foreign: [CodingKeys] = method == .pls ? [.simca] : [.regression, .outliers, .calibration]
        if foreign.contains(where: container.contains) {
            let error = ModelConsistencyError.method(method)
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: container.codingPath + error.field.map(FieldKey.init), debugDescription: error.description))
        }
        do {
            try self.init(
                name: container.decode(String.self, forKey: .name),
                kind: container.decode(Kind.self, forKey: .kind),
                attributeName: container.decode(String.self, forKey: .attributeName),
                unit: container.decode(String.self, forKey: .unit),
                supportedSCiOVersions: container.decode([String].self, forKey: .supportedSCiOVersions),
                wavelengths: container.decode([Double].self, forKey: .wavelengths),
                pipeline: container.decode(PreprocessingPipeline.self, forKey: .pipeline),
                preprocessing: preprocessing, method: method,
                regression: method == .pls ? container.decode(PLSRegression.self, forKey: .regression) : nil,
                simca: method == .simca
                    ? SIMCAClassifier(preprocessing: preprocessing, classes: container.decode(SIMCAMember.self, forKey: .simca).classes)
                    : nil,
                classes: container.decode([String].self, forKey: .classes),
                calibration: container.decodeIfPresent(ConfidenceCalibration.self, forKey: .calibration),
                outliers: method == .pls ? container.decode(OutlierDetector.self, forKey: .outliers) : nil,
                training: container.decode(TrainingSummary.self, forKey: .training))
        } catch let error as ModelConsistencyError {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: container.codingPath + error.field.map(FieldKey.init), debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(kind, forKey: .kind)
        try container.encode(attributeName, forKey: .attributeName)
        try container.encode(unit, forKey: .unit)
        try container.encode(supportedSCiOVersions, forKey: .supportedSCiOVersions)
        try container.encode(wavelengths, forKey: .wavelengths)
        try container.encode(pipeline, forKey: .pipeline)
        try container.encode(preprocessing, forKey: .preprocessing)
        // Version 1 has no `method`: a PLS model leaves it out and stays readable by older RigKits.
        if method != .pls { try container.encode(method, forKey: .method) }
        try container.encodeIfPresent(regression, forKey: .regression)
        if let simca { try container.encode(SIMCAMember(classes: simca.classes), forKey: .simca) }
        try container.encode(classes, forKey: .classes)
        try container.encodeIfPresent(calibration, forKey: .calibration)
        try container.encodeIfPresent(outliers, forKey: .outliers)
        try container.encode(training, forKey: .training)
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

    /// Scratch buffers for `analyze(_:workspace:)`; make one per thread and reuse it.
    public func makeWorkspace() -> PredictionPlan.Workspace {
        plan.map { PredictionPlan.Workspace(for: $0) } ?? PredictionPlan.Workspace(width: 1, components: 1)
    }

    /// Analyzes one raw spectrum: an outlier gets no value, as in the SCiO SDK.
    public func analyze(_ spectrum: [Double]) throws(AnalysisError) -> Analysis {
        try analyze(spectrum, workspace: makeWorkspace())
    }

    /// Analyzes one raw spectrum with a caller-owned workspace, so repeated calls allocate nothing
    /// for a PLS estimation model; `unscreenedValue` holds the value even for an outlier.
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
        guard let plan, let outliers else { return analyzeWithSIMCA(Array(spectrum)) }
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

    /// SIMCA: the nearest class whose limits the spectrum meets, else (unscreened) the nearest class.
    ///
    /// The confidence is a margin, not a probability: `1 − max(T²/T²lim, Q/Qlim)` for the class, 0 at
    /// the edge of its limits (and below 0 clipped to 0); `probabilities` holds that margin per class.
    private func analyzeWithSIMCA(_ spectrum: [Double]) -> Analysis {
        guard let simca, let verdict = try? simca.classify(spectrum) else {
            preconditionFailure("a SIMCA model classifies any finite spectrum of its width")
        }
        let margins = simca.classes.indices.map { index -> Double in
            let model = simca.classes[index]
            return max(0, 1 - max(verdict.hotellingT2[index] / model.hotellingT2Limit, verdict.qResiduals[index] / model.qResidualLimit))
        }
        let nearest = verdict.label.flatMap { label in simca.classes.firstIndex { $0.label == label } }
            ?? verdict.distances.indices.min { verdict.distances[$0] < verdict.distances[$1] } ?? 0
        let model = simca.classes[nearest]
        let statistics = OutlierStatistics(
            hotellingT2: verdict.hotellingT2[nearest], qResidual: verdict.qResiduals[nearest],
            exceedsT2: !(verdict.hotellingT2[nearest] <= model.hotellingT2Limit),
            exceedsQ: !(verdict.qResiduals[nearest] <= model.qResidualLimit))
        let value = Analysis.Value.classification(className: model.label, confidence: margins[nearest], probabilities: margins)
        return Analysis(value: verdict.label == nil || !value.isFinite ? nil : value, unscreenedValue: value, outlier: statistics)
    }
}
