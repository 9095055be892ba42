import Testing
@testable import SpectralAnalyzer

/// The compiled plan must give the per-step path's numbers (to 1e-12) for every kind of step.
@Suite struct PredictionPlanTests {
    static let pipelines = [
        "none", "snv", "msc", "sg:15:2:1", "sg:11:3:2", "sg:7:2", "sg:9:0", "snv,sg:15:2:1",
        "range:900-1700,snv,sg:15:2:1,center", "range:1000-1300,msc,sg:11:2:1,autoscale", "center,sg:5:2:1,center",
        "snv,sg:9:0", "msc,sg:7:2", "msc,sg:11:3:2,snv", "range:900-1100,snv,sg:31:2:1",
    ]

    @Test(arguments: pipelines)
    func planMatchesThePerStepPath(_ specification: String) throws {
        let data = try NIRData.gasoline()
        let training = NIRData.subset(data, "train"), test = NIRData.subset(data, "test")
        let model = try ModelTrainer.train(training, configuration: TrainingConfiguration(
            kind: .estimation, pipeline: try PreprocessingPipeline(parsing: specification), components: .fixed(3), folds: 5)).model
        let workspace = model.makeWorkspace()
        let regression = try #require(model.regression), outliers = try #require(model.outliers)
        for row in 0..<(training.count + test.count) {
            let spectrum = row < training.count ? training.spectra.row(row) : test.spectra.row(row - training.count)
            let preprocessed = model.preprocessing.transform(spectrum)
            let expected = regression.predict(preprocessed)[0]
            let statistics = outliers.assess(model: regression, preprocessed: preprocessed)
            let analysis = try model.analyze(spectrum, workspace: workspace)
            guard case .estimate(let value) = analysis.unscreenedValue else {
                Issue.record("estimate expected")
                return
            }
            #expect(close(value, expected, relative: 1e-12), "\(specification) row \(row): \(value) vs \(expected)")
            #expect(close(analysis.outlier.hotellingT2, statistics.hotellingT2, relative: 1e-12))
            #expect(abs(analysis.outlier.qResidual - statistics.qResidual) <= 1e-12 * statistics.qResidual)
            #expect(analysis.outlier.isOutlier == statistics.isOutlier)
        }
    }

    @Test func nonContiguousSelectionIsGathered() throws {
        let plain = try #require(FittedPreprocessingPipeline(inputWidth: 6, steps: [.columnSelection(indices: [0, 2, 3, 5])]))
        let regression = try PLSRegression.fit(
            x: Matrix(rowArrays: [[1, 2, 0, 1], [2, 1, 1, 0], [0, 1, 3, 2], [3, 0, 1, 1]])!,
            y: Matrix(rows: 4, columns: 1, values: [1, 2, 3, 4])!, components: 2)
        let plan = PredictionPlan(preprocessing: plain, regression: regression)
        let workspace = PredictionPlan.Workspace(for: plan)
        let spectrum: [Double] = [1, 9, 2, 0, 9, 1]
        let output = spectrum.withUnsafeBufferPointer { plan.run($0, workspace: workspace) }
        #expect(close(output.response, regression.predict([1, 2, 0, 1])[0], relative: 1e-12))
    }

    @Test func nonFiniteValuesAreRefusedWithTheirIndex() throws {
        let data = try NIRData.gasoline()
        let model = try ModelTrainer.train(NIRData.subset(data, "train"), configuration: TrainingConfiguration(
            kind: .estimation, components: .fixed(2), folds: 5)).model
        var spectrum = data.spectra.row(0)
        spectrum[123] = .infinity
        #expect(throws: AnalysisError.nonFiniteValue(index: 123)) { try model.analyze(spectrum) }
        spectrum[123] = 0
        spectrum[400] = .nan
        #expect(throws: AnalysisError.nonFiniteValue(index: 400)) { try model.analyze(spectrum) }
    }
}
