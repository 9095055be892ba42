import Testing
@testable import SpectralAnalyzer

/// Cross-validated figures on real NIR data against scikit-learn 1.9.1 on the same folds and preprocessing.
///
/// The constants were computed once with `scripts/sklearn_reference.py` (arguments in each test),
/// which reproduces RigKit's SplitMix64 folds and preprocessing and fits `PLSRegression(scale=False)`.
/// PLS1 is exact arithmetic in both, so RMSECV must agree to 1e-6 relative; PLS-DA accuracy may differ
/// by at most one spectrum because scikit-learn's multi-response NIPALS stops at a 1e-6 tolerance.
@Suite struct SklearnReferenceTests {
    func crossValidatedRMSE(
        _ dataset: SpectralDataset, pipeline: String, folds: Int = 10, maximum: Int
    ) throws -> [Double] {
        guard case .numeric(let values)? = dataset.targets else { Issue.record("numeric targets expected"); return [] }
        let y = Matrix(rows: values.count, columns: 1, values: values)!
        let validation = try CrossValidation.run(
            spectra: dataset.spectra, wavelengths: dataset.wavelengths, responses: y,
            pipeline: try PreprocessingPipeline(parsing: pipeline), maximumComponents: maximum,
            folds: KFold(count: dataset.count, folds: folds, seed: 20_250_101))
        return validation.predictions.map { RegressionMetrics(predicted: $0.column(0), reference: values).rootMeanSquaredError }
    }

    func expectAgreement(_ ours: [Double], _ reference: [Double]) {
        #expect(ours.count == reference.count)
        for (component, (a, b)) in zip(ours, reference).enumerated() {
            #expect(close(a, b, relative: 1e-6), "component \(component + 1): RigKit \(a), scikit-learn \(b)")
        }
    }

    /// `sklearn_reference.py --csv data/nir/gasoline.csv --target octane --max-components 6`
    @Test func gasolineRaw() throws {
        let ours = try crossValidatedRMSE(NIRData.gasoline(), pipeline: "none", maximum: 6)
        expectAgreement(ours, [1.3378869463885101, 0.3967253589961972, 0.24756852714137995,
                               0.24681083769009252, 0.2335777494436687, 0.21570760861387261])
        // Plausibility independent of scikit-learn: octane RMSECV of a few tenths from 3 components on.
        #expect(ours[2] > 0.1 && ours[2] < 0.4)
    }

    /// `… --max-components 5 --preprocess sg:15:2:1` (SciPy `savgol_filter(mode="interp")`)
    @Test func gasolineFirstDerivative() throws {
        expectAgreement(
            try crossValidatedRMSE(NIRData.gasoline(), pipeline: "sg:15:2:1", maximum: 5),
            [1.2478774114524591, 0.4772947442344776, 0.3225411775129276, 0.29527165710016523, 0.2466353082788072])
    }

    /// `… --max-components 5 --preprocess msc,range:1000-1600`
    @Test func gasolineMSCAndRange() throws {
        expectAgreement(
            try crossValidatedRMSE(NIRData.gasoline(), pipeline: "msc,range:1000-1600", maximum: 5),
            [1.1752617900697275, 0.2539367022245538, 0.2156998926996986, 0.21200948668858569, 0.20984198517342412])
    }

    /// `… --max-components 5 --preprocess snv,sg:9:3:2,autoscale`
    @Test func gasolineSNVSecondDerivativeAutoscaled() throws {
        expectAgreement(
            try crossValidatedRMSE(NIRData.gasoline(), pipeline: "snv,sg:9:3:2,autoscale", maximum: 5),
            [0.3404656695753652, 0.29401843192775173, 0.23405726214287131, 0.22287552063523383, 0.21283550233770837])
    }

    /// `sklearn_reference.py --csv data/nir/yarn.csv --target density --folds 7 --max-components 5 --preprocess snv`
    @Test func yarnSNV() throws {
        expectAgreement(
            try crossValidatedRMSE(NIRData.yarn(), pipeline: "snv", folds: 7, maximum: 5),
            [10.737023234972332, 4.789578777303153, 3.0539812232210872, 0.8159265663856732, 0.5601615635836174])
    }

    /// `sklearn_reference.py --csv data/nir/mayonnaise.csv --target oil --classify --max-components 12 --preprocess sg:11:2:1`
    @Test func mayonnaiseClassificationAccuracy() throws {
        let reference = [0.3950617283950617, 0.4074074074074074, 0.4506172839506173, 0.5185185185185185,
                         0.5679012345679012, 0.5925925925925926, 0.6790123456790124, 0.8148148148148148,
                         0.9074074074074074, 0.9506172839506173, 0.9506172839506173, 0.9567901234567902]
        let result = try ModelTrainer.train(
            NIRData.mayonnaise(),
            configuration: TrainingConfiguration(
                kind: .classification, pipeline: try PreprocessingPipeline(parsing: "sg:11:2:1"),
                components: .automatic(maximum: 12)))
        let accuracies = result.model.training.crossValidation.compactMap(\.accuracy)
        #expect(accuracies.count == reference.count)
        for (component, (a, b)) in zip(accuracies, reference).enumerated() {
            #expect(abs(a - b) <= 1.0 / 162 + 1e-12, "component \(component + 1): RigKit \(a), scikit-learn \(b)")
        }
    }
}
