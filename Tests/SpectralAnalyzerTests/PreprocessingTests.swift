import Testing
@testable import SpectralAnalyzer

@Suite struct PreprocessingTests {
    @Test func standardNormalVariateByHand() {
        // mean 2.5, sample sd sqrt(5/3)
        let result = ScatterCorrection.standardNormalVariate([1, 2, 3, 4])
        let sd = (5.0 / 3).squareRoot()
        for (value, expected) in zip(result, [-1.5 / sd, -0.5 / sd, 0.5 / sd, 1.5 / sd]) { #expect(close(value, expected)) }
        #expect(ScatterCorrection.standardNormalVariate([2, 2, 2]) == [0, 0, 0])
    }

    @Test func multiplicativeScatterCorrectionUndoesGainAndOffset() {
        let reference = [1.0, 2, 4, 3, 5]
        let scattered = reference.map { 0.3 + 1.7 * $0 }
        let corrected = ScatterCorrection.multiplicativeScatterCorrection(scattered, reference: reference)
        for (value, expected) in zip(corrected, reference) { #expect(close(value, expected)) }
    }

    @Test func mscReferenceIsTheTrainingMean() throws {
        let x = Matrix(rowArrays: [[1, 2, 3], [3, 4, 8]])!
        let fitted = try PreprocessingPipeline([.multiplicativeScatterCorrection]).fit(spectra: x, wavelengths: [1, 2, 3])
        #expect(fitted.steps == [.multiplicativeScatterCorrection(reference: [2, 3, 5.5])])
    }

    @Test func centringAndAutoscalingUseTrainingStatistics() throws {
        let x = Matrix(rowArrays: [[1, 10], [3, 10], [5, 10]])!
        let pipeline = try PreprocessingPipeline([.autoscaling]).fit(spectra: x, wavelengths: [900, 902])
        #expect(pipeline.steps == [.scaling(means: [3, 10], scales: [2, 1])])
        #expect(pipeline.transform([7, 12]) == [2, 2])
        let centring = try PreprocessingPipeline([.meanCentering]).fit(spectra: x, wavelengths: [900, 902])
        #expect(centring.transform([4, 9]) == [1, -1])
    }

    @Test func wavelengthRangeKeepsTheClosedInterval() throws {
        let x = Matrix(rowArrays: [[1, 2, 3, 4, 5]])!
        let pipeline = try PreprocessingPipeline([.wavelengthRange(minimum: 902, maximum: 906)])
            .fit(spectra: x, wavelengths: [900, 902, 904, 906, 908])
        #expect(pipeline.transform([1, 2, 3, 4, 5]) == [2, 3, 4])
        #expect(pipeline.outputWidth == 3)
        #expect(throws: PreprocessingError.emptyWavelengthRange(minimum: 1000, maximum: 1100, available: 900...908)) {
            try PreprocessingPipeline([.wavelengthRange(minimum: 1000, maximum: 1100)])
                .fit(spectra: x, wavelengths: [900, 902, 904, 906, 908])
        }
    }

    @Test func stepsComposeInOrder() throws {
        let x = Matrix(rowArrays: [[1, 2, 4, 7, 11, 16, 22], [2, 3, 5, 8, 12, 17, 23]])!
        let wavelengths = (0..<7).map { 900 + 2 * Double($0) }
        let pipeline = try PreprocessingPipeline(parsing: "range:902-912, sg:5:2:1, center")
        let fitted = try pipeline.fit(spectra: x, wavelengths: wavelengths)
        // Both rows differ by a constant, so after differentiation they are equal and centre to zero.
        #expect(fitted.transform(x.row(0)).allSatisfy { abs($0) < 1e-12 })
        #expect(pipeline.specification == "range:902-912,sg:5:2:1,center")
    }

    @Test func compactFormRoundTripsAndRejectsNonsense() throws {
        let text = "range:950-1650,snv,msc,sg:11:2:1,center,autoscale"
        #expect(try PreprocessingPipeline(parsing: text).specification == text)
        #expect(throws: PreprocessingError.unparsableStep("smooth")) { try PreprocessingPipeline(parsing: "snv,smooth") }
        #expect(throws: PreprocessingError.unparsableStep("range:1700-900")) { try PreprocessingStep(parsing: "range:1700-900") }
        #expect(throws: PreprocessingError.invalidFilter(.windowNotOddOrTooSmall(window: 10))) {
            try PreprocessingStep(parsing: "sg:10:2:1")
        }
    }

    @Test func windowWiderThanTheSpectrumIsAnError() {
        let x = Matrix(rowArrays: [[1, 2, 3]])!
        #expect(throws: PreprocessingError.windowWiderThanSpectrum(window: 5, points: 3)) {
            try PreprocessingPipeline([.savitzkyGolay(filter: try SavitzkyGolay(window: 5, polynomialOrder: 2))])
                .fit(spectra: x, wavelengths: [1, 2, 3])
        }
    }
}
