import Testing
@testable import SpectralAnalyzer

@Suite struct GroupedCrossValidationTests {
    @Test func everyGroupIsInOneFoldAndTheFoldsAreReproducible() throws {
        let groups = (0..<30).map { "sample\($0 / 3)" }
        let folds = try #require(KFold(groups: groups, folds: 4, seed: 11))
        #expect(folds.folds == 4 && folds.groupCount == 10)
        #expect(folds == KFold(groups: groups, folds: 4, seed: 11))
        for group in Set(groups) {
            let assigned = Set(groups.indices.filter { groups[$0] == group }.map { folds.assignments[$0] })
            #expect(assigned.count == 1, "\(group) is split over folds \(assigned)")
        }
        // Groups are dealt like samples: the sorted labels shuffled by the same Fisher–Yates.
        let byGroup = KFold(count: 10, folds: 4, seed: 11)
        #expect(folds.assignments == groups.map { byGroup.assignments[Int($0.dropFirst(6))!] })
        #expect(KFold(groups: groups, folds: 50, seed: 1)?.folds == 10)
        #expect(KFold(groups: ["a", "a", "a"], folds: 3, seed: 1) == nil)
    }

    /// Replicate scans make sample folds optimistic: a replicate in the training folds predicts its twin.
    @Test func replicatesFlatterSampleFoldsButNotGroupedFolds() throws {
        let data = try NIRData.gasoline()
        guard case .numeric(let octane)? = data.targets else { throw ExpectationFailedError() }
        var rows: [[Double]] = [], targets: [Double] = [], samples: [String] = []
        var generator = SplitMix64(seed: 3)
        for row in 0..<data.count {
            for _ in 0..<3 {
                rows.append(data.spectra.row(row).map { $0 + 1e-5 * (Double(generator.next() % 1000) / 1000 - 0.5) })
                targets.append(octane[row])
                samples.append("g\(row)")
            }
        }
        let replicated = try #require(SpectralDataset(
            wavelengths: data.wavelengths, spectra: Matrix(rowArrays: rows)!, targetName: "octane", targets: .numeric(targets),
            annotations: ["sample": samples]))
        var configuration = TrainingConfiguration(kind: .estimation, components: .fixed(12), folds: 10)
        let bySample = try ModelTrainer.train(replicated, configuration: configuration).model
        configuration.groupColumn = "sample"
        let byGroup = try ModelTrainer.train(replicated, configuration: configuration).model
        #expect(byGroup.training.groupColumn == "sample" && byGroup.training.groups == 60)
        #expect(bySample.training.groups == nil)
        let optimistic = try #require(bySample.training.crossValidation[11].rmsecv)
        let honest = try #require(byGroup.training.crossValidation[11].rmsecv)
        #expect(honest > 1.5 * optimistic, "grouped \(honest) vs sample \(optimistic)")

        configuration.groupColumn = "batch"
        #expect(throws: TrainingError.missingGroupColumn(name: "batch", available: ["sample"])) {
            try ModelTrainer.train(replicated, configuration: configuration)
        }
    }
}

private struct ExpectationFailedError: Error {}
