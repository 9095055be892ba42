import Testing
@testable import SpectralAnalyzer

/// Outlier limits on all 60 gasoline spectra against NumPy/SciPy computed once from scikit-learn's PLS
/// (eigenvalues of the residual covariance, `stats.norm`, `stats.chi2`, `stats.f`), recorded here.
@Suite struct OutlierLimitTests {
    func detector(_ pipeline: String, components: Int) throws -> OutlierDetector {
        let data = try NIRData.gasoline()
        let model = try ModelTrainer.train(data, configuration: TrainingConfiguration(
            kind: .estimation, pipeline: try PreprocessingPipeline(parsing: pipeline), components: .fixed(components)))
        return try #require(model.model.outliers)
    }

    @Test func jacksonMudholkarWhenItsExponentIsPositive() throws {
        let raw = try detector("none", components: 3)
        #expect(raw.qLimitMethod == .jacksonMudholkar)
        #expect(close(raw.qResidualLimit, 0.025600666666957896, relative: 1e-6))
        #expect(close(raw.hotellingT2Limit, 8.733693065332803, relative: 1e-9))

        let derivative = try detector("snv,sg:15:2:1", components: 4)
        #expect(close(derivative.qResidualLimit, 0.0003387621552154937, relative: 1e-6))
        #expect(close(derivative.hotellingT2Limit, 10.868034798135934, relative: 1e-9))
    }

    @Test func boxApproximationWhenJacksonMudholkarBreaksDown() throws {
        let msc = try detector("msc", components: 2)
        #expect(msc.qLimitMethod == .box)
        #expect(close(msc.qResidualLimit, 0.012940900689324528, relative: 1e-6))
        #expect(close(msc.hotellingT2Limit, 6.527700668546445, relative: 1e-9))
    }

    @Test func aSpectrumFarAlongTheScoresExceedsT2ButNotQ() throws {
        let data = try NIRData.gasoline()
        let model = try ModelTrainer.train(
            data, configuration: TrainingConfiguration(kind: .estimation, components: .fixed(3))).model
        let regression = try #require(model.regression)
        let mean = regression.xMeans
        let firstLoadingDirection = regression.weights.column(0)
        let spread = regression.scoreVariances[0].squareRoot()
        let extreme = zip(mean, firstLoadingDirection).map { $0 + 12 * spread * $1 }
        let statistics = try model.analyze(extreme).outlier
        #expect(statistics.exceedsT2)
        #expect(try model.analyze(extreme).value == nil)
    }
}
