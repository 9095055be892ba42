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
}
