import Testing
@testable import SpectralAnalyzer

@Suite struct ModelTests {
    @Test func gasolineModelPredictsTheTestSetAndFlagsACorruptedSpectrum() throws {
        let data = try NIRData.gasoline()
        let result = try ModelTrainer.train(
            NIRData.subset(data, "train"),
            configuration: TrainingConfiguration(kind: .estimation, unit: "octane number", supportedSCiOVersions: ["1.2"]))
        let model = result.model
        #expect(model.training.componentsChosenAutomatically)
        #expect((2...10).contains(try #require(model.regression).components))
        let test = NIRData.subset(data, "test")
        guard case .numeric(let reference)? = test.targets else { Issue.record("no targets"); return }
        var predicted: [Double] = []
        for row in 0..<test.count {
            let analysis = try model.analyze(test.spectra.row(row))
            if case .estimate(let value) = analysis.unscreenedValue { predicted.append(value) }
        }
        let metrics = RegressionMetrics(predicted: predicted, reference: reference)
        #expect(metrics.rootMeanSquaredError < 0.5, "RMSEP \(metrics.rootMeanSquaredError)")

        var corrupted = test.spectra.row(0)
        for index in 150..<170 { corrupted[index] += 0.3 }
        let flagged = try model.analyze(corrupted)
        #expect(flagged.outlier.exceedsQ)
        #expect(flagged.value == nil)
        #expect(flagged.unscreenedValue != .estimate(.nan))
    }

    @Test func fewTrainingSpectraAreOutliersAtTheirOwnLimits() throws {
        let data = try NIRData.gasoline()
        let model = try ModelTrainer.train(data, configuration: TrainingConfiguration(kind: .estimation)).model
        let flagged = try (0..<data.count).filter { try model.analyze(data.spectra.row($0)).outlier.isOutlier }
        // Two 95 % limits: roughly a tenth may exceed one of them by chance; far more means the limits are wrong.
        #expect(flagged.count <= 12, "\(flagged.count) of \(data.count) training spectra flagged")
    }

    @Test func analyzeRejectsWrongWidthAndNonFiniteValues() throws {
        let data = try NIRData.yarn()
        let model = try ModelTrainer.train(
            data, configuration: TrainingConfiguration(kind: .estimation, components: .fixed(3), folds: 4)).model
        #expect(throws: AnalysisError.widthMismatch(expected: 268, found: 3)) { try model.analyze([1, 2, 3]) }
        var spectrum = data.spectra.row(0)
        spectrum[7] = .nan
        #expect(throws: AnalysisError.nonFiniteValue(index: 7)) { try model.analyze(spectrum) }
    }

    @Test func classificationGivesAClassWithCalibratedConfidence() throws {
        let data = try NIRData.mayonnaise()
        let result = try ModelTrainer.train(
            NIRData.subset(data, "train"),
            configuration: TrainingConfiguration(
                kind: .classification, pipeline: try PreprocessingPipeline(parsing: "snv,sg:11:2:1"),
                components: .automatic(maximum: 15)))
        let model = result.model
        #expect(model.classes == ["oil1", "oil2", "oil3", "oil4", "oil5", "oil6"])
        let temperature = try #require(model.calibration?.temperature)
        #expect(temperature > 0)
        let test = NIRData.subset(data, "test")
        guard case .labels(let labels)? = test.targets else { Issue.record("no labels"); return }
        var correct = 0
        for row in 0..<test.count {
            let analysis = try model.analyze(test.spectra.row(row))
            guard case .classification(let name, let confidence, let probabilities) = analysis.unscreenedValue else {
                Issue.record("classification expected")
                continue
            }
            #expect(confidence > 1.0 / 6 && confidence <= 1)
            #expect(close(probabilities.reduce(0, +), 1))
            if name == labels[row] { correct += 1 }
        }
        #expect(Double(correct) / Double(test.count) > 0.75, "\(correct)/\(test.count)")
        let confusion = try #require(result.crossValidatedConfusion)
        #expect(confusion.total == 120)
    }

    @Test func trainingRefusesUnsuitableTargets() throws {
        let data = try NIRData.mayonnaise()
        #expect(throws: TrainingError.targetsNotNumeric(column: "oil")) {
            try ModelTrainer.train(data, configuration: TrainingConfiguration(kind: .estimation))
        }
        let oneClass = data.selecting([0, 1, 2, 3, 4, 5])
        #expect(throws: TrainingError.tooFewClasses(found: 1)) {
            try ModelTrainer.train(oneClass, configuration: TrainingConfiguration(kind: .classification))
        }
    }
}
