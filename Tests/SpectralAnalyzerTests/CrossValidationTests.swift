import Testing
@testable import SpectralAnalyzer

@Suite struct CrossValidationTests {
    @Test func splitMix64MatchesTheReferenceSequence() {
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 7_960_286_522_194_355_700)
    }

    @Test func foldsAreAPartitionOfBalancedSizeAndReproducible() {
        let folds = KFold(count: 23, folds: 5, seed: 7)
        #expect(folds == KFold(count: 23, folds: 5, seed: 7))
        #expect(folds != KFold(count: 23, folds: 5, seed: 8))
        let sizes = (0..<5).map { fold in folds.assignments.filter { $0 == fold }.count }
        #expect(sizes.sorted() == [4, 4, 5, 5, 5])
        for fold in 0..<5 {
            let (training, validation) = folds.split(fold)
            #expect(Set(training).isDisjoint(with: validation) && training.count + validation.count == 23)
        }
    }

    @Test func foldCountIsClampedToTheSamples() {
        #expect(KFold(count: 3, folds: 10, seed: 1).folds == 3)
    }

    @Test func metricsByHand() {
        let metrics = RegressionMetrics(predicted: [1, 2, 4], reference: [1, 3, 3])
        #expect(close(metrics.rootMeanSquaredError, (2.0 / 3).squareRoot()))
        // SST around 7/3: 16/9 + 4/9 + 4/9 = 24/9; SSE 2
        #expect(close(metrics.rSquared, 1 - 2 / (24.0 / 9)))
        #expect(close(metrics.bias, 0))
    }

    @Test func confusionMatrixCountsOutliersAsWrong() {
        var confusion = ConfusionMatrix(classes: ["a", "b"])
        confusion.record(actual: 0, predicted: 0)
        confusion.record(actual: 0, predicted: 1)
        confusion.record(actual: 1, predicted: 1)
        confusion.record(actual: 1, predicted: nil)
        #expect(confusion.counts == [[1, 1], [0, 1]])
        #expect(confusion.unpredicted == [0, 1])
        #expect(confusion.accuracy == 0.5)
        #expect(confusion.table.contains("outlier"))
    }

    @Test func automaticChoiceTakesTheFewestComponentsNearTheBest() {
        let scores = [1.0, 0.5, 0.30, 0.295, 0.29, 0.31].enumerated().map {
            ComponentScore(components: $0.offset + 1, rmsecv: $0.element)
        }
        #expect(ModelTrainer.choose(scores, kind: .estimation, tolerance: 0.02) == 4)
        #expect(ModelTrainer.choose(scores, kind: .estimation, tolerance: 0) == 5)
        let accuracies = [0.5, 0.9, 0.95, 0.95].enumerated().map {
            ComponentScore(components: $0.offset + 1, accuracy: $0.element)
        }
        #expect(ModelTrainer.choose(accuracies, kind: .classification, tolerance: 0.02) == 3)
    }
}
