/// Trains a `SpectralModel` from a dataset: cross-validates, picks the component count, fits, calibrates.
public enum ModelTrainer {
    /// The trained model and the cross-validated predictions of its component count.
    public struct Result: Sendable {
        /// The model.
        public let model: SpectralModel
        /// Cross-validated predictions (samples × responses) with the chosen component count.
        public let crossValidatedPredictions: Matrix
        /// The cross-validated confusion matrix (classification only).
        public let crossValidatedConfusion: ConfusionMatrix?
    }

    /// Trains on every spectrum of `dataset`, whose targets must suit `configuration.kind`.
    public static func train(
        _ dataset: SpectralDataset, configuration: TrainingConfiguration
    ) throws(TrainingError) -> Result {
        guard let targets = dataset.targets else { throw .missingTargets }
        let attribute = dataset.targetName ?? "value"
        guard configuration.outlierConfidence > 0, configuration.outlierConfidence < 1 else {
            throw .invalidConfiguration("outlier confidence \(configuration.outlierConfidence) must be between 0 and 1")
        }
        guard configuration.folds >= 2 else {
            throw .invalidConfiguration("cross-validation needs at least 2 folds, got \(configuration.folds)")
        }
        let requested: Int
        switch configuration.components {
        case .automatic(let maximum), .fixed(let maximum):
            guard maximum >= 1 else { throw .invalidConfiguration("the component count must be at least 1, got \(maximum)") }
            requested = maximum
        }
        guard dataset.count >= 4 else { throw .tooFewSamples(found: dataset.count, needed: 4) }

        let responses: Matrix, classes: [String], truth: [Int]
        switch (configuration.kind, targets) {
        case (.estimation, .numeric(let values)):
            responses = Matrix(rows: values.count, columns: 1, values: values)!
            (classes, truth) = ([], [])
        case (.estimation, .labels):
            throw .targetsNotNumeric(column: attribute)
        case (.classification, .labels(let labels)):
            (classes, truth, responses) = oneHot(labels)
        case (.classification, .numeric(let values)):
            (classes, truth, responses) = oneHot(values.map { NumberFormatting.label($0) })
        }
        if configuration.kind == .classification, classes.count < 2 { throw .tooFewClasses(found: classes.count) }

        if configuration.method == .simca {
            guard configuration.kind == .classification else {
                throw .invalidConfiguration("SIMCA is a classification method: train it as a classification")
            }
        }
        let folds: KFold
        if let column = configuration.groupColumn {
            guard let labels = dataset.annotations[column] else {
                throw .missingGroupColumn(name: column, available: dataset.annotations.keys.sorted())
            }
            guard let grouped = KFold(groups: labels, folds: configuration.folds, seed: configuration.seed) else {
                throw .tooFewGroups(column: column, found: Set(labels).count)
            }
            folds = grouped
        } else {
            folds = KFold(count: dataset.count, folds: configuration.folds, seed: configuration.seed)
        }
        if configuration.method == .simca {
            return try trainSIMCA(
                dataset, configuration: configuration, attribute: attribute, classes: classes, truth: truth,
                requested: requested, folds: folds)
        }
        let validation = try CrossValidation.run(
            spectra: dataset.spectra, wavelengths: dataset.wavelengths, responses: responses,
            pipeline: configuration.pipeline, maximumComponents: requested, folds: folds)
        let scores = validation.predictions.enumerated().map { index, predicted in
            score(components: index + 1, predicted: predicted, responses: responses, truth: truth, kind: configuration.kind)
        }
        let chosen: Int
        switch configuration.components {
        case .fixed(let count):
            guard count <= validation.maximumComponents else {
                throw .regression(.componentsOutOfRange(requested: count, maximum: validation.maximumComponents))
            }
            chosen = count
        case .automatic:
            chosen = choose(scores, kind: configuration.kind, tolerance: configuration.parsimonyTolerance)
        }
        let cvPredictions = validation.predictions[chosen - 1]

        let preprocessing: FittedPreprocessingPipeline
        do {
            preprocessing = try configuration.pipeline.fit(spectra: dataset.spectra, wavelengths: dataset.wavelengths)
        } catch {
            throw .preprocessing(error)
        }
        let x = preprocessing.transform(dataset.spectra)
        let regression: PLSRegression
        do {
            regression = try PLSRegression.fit(x: x, y: responses, components: chosen)
        } catch {
            throw .regression(error)
        }
        guard let outliers = OutlierDetector.calibrate(
            model: regression, trainingSpectra: x, confidence: configuration.outlierConfidence)
        else { throw .outlierLimits }

        var confusion: ConfusionMatrix?
        var calibration: ConfidenceCalibration?
        if configuration.kind == .classification {
            calibration = ConfidenceCalibration.fit(scores: cvPredictions, truth: truth)
            var matrix = ConfusionMatrix(classes: classes)
            for row in 0..<cvPredictions.rows { matrix.record(actual: truth[row], predicted: argmax(cvPredictions.row(row))) }
            confusion = matrix
        }
        let summary = TrainingSummary(
            samples: dataset.count, components: regression.components,
            componentsChosenAutomatically: { if case .automatic = configuration.components { true } else { false } }(),
            folds: folds.folds, seed: folds.seed, crossValidation: scores,
            groupColumn: folds.groupCount == nil ? nil : configuration.groupColumn, groups: folds.groupCount)
        do {
            let model = try SpectralModel(
                name: configuration.name.isEmpty ? attribute : configuration.name, kind: configuration.kind,
                attributeName: attribute, unit: configuration.unit,
                supportedSCiOVersions: configuration.supportedSCiOVersions, wavelengths: dataset.wavelengths,
                pipeline: configuration.pipeline, preprocessing: preprocessing, regression: regression,
                classes: classes, calibration: calibration, outliers: outliers, training: summary)
            return Result(model: model, crossValidatedPredictions: cvPredictions, crossValidatedConfusion: confusion)
        } catch {
            throw .invalidConfiguration(error.description)
        }
    }

    /// SIMCA: cross-validates 1…`requested` components per class by accuracy (a refused spectrum counts
    /// as wrong), then fits every class on all spectra.
    private static func trainSIMCA(
        _ dataset: SpectralDataset, configuration: TrainingConfiguration, attribute: String, classes: [String],
        truth: [Int], requested: Int, folds: KFold
    ) throws(TrainingError) -> Result {
        let labels = truth.map { classes[$0] }
        var scores: [ComponentScore] = []
        var verdicts: [[SIMCAClassifier.Verdict?]] = []
        for count in 1...requested {
            var predicted = [SIMCAClassifier.Verdict?](repeating: nil, count: dataset.count)
            for fold in 0..<folds.folds {
                let (training, validation) = folds.split(fold)
                let model = try SIMCAClassifier.train(
                    spectra: dataset.spectra.selectingRows(training), wavelengths: dataset.wavelengths,
                    labels: training.map { labels[$0] }, pipeline: configuration.pipeline, components: count,
                    confidence: configuration.outlierConfidence)
                for sample in validation {
                    do {
                        predicted[sample] = try model.classify(dataset.spectra.row(sample))
                    } catch {
                        throw .invalidConfiguration("spectrum \(sample + 1): \(error.description)")
                    }
                }
            }
            let correct = predicted.indices.filter { predicted[$0]?.label == labels[$0] }.count
            scores.append(ComponentScore(components: count, accuracy: Double(correct) / Double(max(dataset.count, 1))))
            verdicts.append(predicted)
        }
        let chosen: Int
        switch configuration.components {
        case .fixed(let count): chosen = count
        case .automatic: chosen = choose(scores, kind: .classification, tolerance: configuration.parsimonyTolerance)
        }
        let simca = try SIMCAClassifier.train(
            spectra: dataset.spectra, wavelengths: dataset.wavelengths, labels: labels, pipeline: configuration.pipeline,
            components: chosen, confidence: configuration.outlierConfidence)
        var confusion = ConfusionMatrix(classes: classes)
        // One-hot of the class each spectrum was assigned in cross-validation (a zero row when refused).
        var margins = Matrix(rows: dataset.count, columns: classes.count)
        for (sample, verdict) in verdicts[chosen - 1].enumerated() {
            confusion.record(actual: truth[sample], predicted: verdict?.label.flatMap { classes.firstIndex(of: $0) })
            if let assigned = verdict?.label.flatMap({ classes.firstIndex(of: $0) }) { margins[sample, assigned] = 1 }
        }
        let summary = TrainingSummary(
            samples: dataset.count, components: chosen,
            componentsChosenAutomatically: { if case .automatic = configuration.components { true } else { false } }(),
            folds: folds.folds, seed: folds.seed, crossValidation: scores,
            groupColumn: folds.groupCount == nil ? nil : configuration.groupColumn, groups: folds.groupCount)
        do {
            let model = try SpectralModel(
                name: configuration.name.isEmpty ? attribute : configuration.name, attributeName: attribute,
                supportedSCiOVersions: configuration.supportedSCiOVersions, wavelengths: dataset.wavelengths,
                pipeline: configuration.pipeline, simca: simca, training: summary)
            return Result(model: model, crossValidatedPredictions: margins, crossValidatedConfusion: confusion)
        } catch {
            throw .invalidConfiguration(error.description)
        }
    }

    /// The index of the largest entry (the first of equals).
    static func argmax(_ values: [Double]) -> Int {
        var best = 0
        for index in values.indices where values[index] > values[best] { best = index }
        return best
    }

    private static func oneHot(_ labels: [String]) -> (classes: [String], truth: [Int], responses: Matrix) {
        let classes = Array(Set(labels)).sorted()
        let index = Dictionary(uniqueKeysWithValues: classes.enumerated().map { ($1, $0) })
        let truth = labels.map { index[$0]! }
        var responses = Matrix(rows: labels.count, columns: classes.count)
        for (row, label) in truth.enumerated() { responses[row, label] = 1 }
        return (classes, truth, responses)
    }

    private static func score(
        components: Int, predicted: Matrix, responses: Matrix, truth: [Int], kind: SpectralModel.Kind
    ) -> ComponentScore {
        switch kind {
        case .estimation:
            let metrics = RegressionMetrics(predicted: predicted.column(0), reference: responses.column(0))
            return ComponentScore(
                components: components, rmsecv: metrics.rootMeanSquaredError.finiteOrNil,
                rSquared: metrics.rSquared.finiteOrNil)
        case .classification:
            let correct = truth.indices.filter { argmax(predicted.row($0)) == truth[$0] }.count
            return ComponentScore(components: components, accuracy: Double(correct) / Double(max(truth.count, 1)))
        }
    }

    /// The fewest components whose error is within the tolerance of the best (regression) or equal to the best (classification).
    static func choose(_ scores: [ComponentScore], kind: SpectralModel.Kind, tolerance: Double) -> Int {
        switch kind {
        case .estimation:
            let errors = scores.map { $0.rmsecv ?? .infinity }
            guard let best = errors.min(), best.isFinite else { return 1 }
            return scores.first { ($0.rmsecv ?? .infinity) <= best * (1 + tolerance) }?.components ?? 1
        case .classification:
            let accuracies = scores.map { $0.accuracy ?? 0 }
            let best = accuracies.max() ?? 0
            return scores.first { ($0.accuracy ?? 0) >= best }?.components ?? 1
        }
    }
}
