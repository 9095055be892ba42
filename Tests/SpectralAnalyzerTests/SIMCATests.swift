import Testing
@testable import SpectralAnalyzer

@Suite struct SIMCATests {
    @Test func principalComponentsOfAPlaneAreExact() throws {
        // Points on a plane in 4-D: two components explain everything, Q is zero for the training points.
        var rows: [[Double]] = []
        for i in 0..<6 {
            let a = Double(i), b = Double((i * 3) % 5)
            rows.append([a + b, a - b, 2 * a, b + 1])
        }
        let pca = try #require(PrincipalComponents.fit(Matrix(rowArrays: rows)!, components: 3))
        #expect(pca.components == 2)
        for row in rows { #expect(pca.statistics(of: row).qResidual < 1e-18) }
        #expect(pca.residualMoments[0] < 1e-12)
        #expect(pca.statistics(of: [0, 0, 0, 5]).qResidual > 1)
    }

    @Test func mayonnaiseTestSpectraAreClassifiedOrRejected() throws {
        let data = try NIRData.mayonnaise()
        let training = NIRData.subset(data, "train"), test = NIRData.subset(data, "test")
        guard case .labels(let trainingLabels)? = training.targets, case .labels(let testLabels)? = test.targets else {
            Issue.record("labels expected")
            return
        }
        let simca = try SIMCAClassifier.train(
            spectra: training.spectra, wavelengths: training.wavelengths, labels: trainingLabels,
            pipeline: try PreprocessingPipeline(parsing: "snv,sg:11:2:1"), components: 4)
        var correct = 0, wrong = 0, rejected = 0
        for row in 0..<test.count {
            let verdict = try simca.classify(test.spectra.row(row))
            #expect(verdict.distances.count == 6)
            switch verdict.label {
            case testLabels[row]?: correct += 1
            case nil: rejected += 1
            default: wrong += 1
            }
        }
        // SIMCA may refuse spectra, but what it does assign must be mostly right.
        #expect(correct > 2 * wrong, "correct \(correct), wrong \(wrong), rejected \(rejected)")
        var bumped = test.spectra.row(0)
        for index in 100..<120 { bumped[index] += 0.3 }
        let foreign = try simca.classify(bumped)
        #expect(foreign.label == nil)
        #expect(foreign.memberships.allSatisfy { !$0 })
    }

    @Test func simcaModelsAreTrainedAndAnswerNoneOfThese() throws {
        let data = try NIRData.mayonnaise()
        let training = NIRData.subset(data, "train"), test = NIRData.subset(data, "test")
        guard case .labels(let testLabels)? = test.targets else { throw SIMCAFixtureError() }
        let result = try ModelTrainer.train(training, configuration: TrainingConfiguration(
            kind: .classification, method: .simca, pipeline: try PreprocessingPipeline(parsing: "snv,sg:11:2:1"),
            components: .automatic(maximum: 6), folds: 5))
        let model = result.model
        #expect(model.method == .simca && model.regression == nil && model.outliers == nil && model.plan == nil)
        #expect(model.classes == ["oil1", "oil2", "oil3", "oil4", "oil5", "oil6"])
        #expect(model.training.crossValidation.count == 6)
        #expect(model.training.crossValidation.allSatisfy { ($0.accuracy ?? -1) >= 0 && ($0.accuracy ?? 2) <= 1 })
        #expect(result.crossValidatedConfusion != nil)
        var assigned = 0, correct = 0
        for row in 0..<test.count {
            let analysis = try model.analyze(test.spectra.row(row))
            guard case .classification(let name, let margin, let margins) = analysis.unscreenedValue else {
                Issue.record("classification expected")
                return
            }
            #expect(margins.count == 6 && (0...1).contains(margin))
            // A spectrum within no class's limits is an outlier with no value, as the SDK's null.
            #expect((analysis.value == nil) == analysis.outlier.isOutlier)
            if analysis.value != nil {
                assigned += 1
                if name == testLabels[row] { correct += 1 }
            }
        }
        #expect(assigned > 0 && correct * 3 > assigned * 2, "\(correct) of \(assigned) assigned")

        #expect(throws: TrainingError.invalidConfiguration("SIMCA is a classification method: train it as a classification")) {
            try ModelTrainer.train(NIRData.gasoline(), configuration: TrainingConfiguration(kind: .estimation, method: .simca))
        }
    }
}

private struct SIMCAFixtureError: Error {}
