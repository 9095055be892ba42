import RigCore
import ScioCloud
import ScioProtocol
import ScioSimulator
import Spectrometer
import Testing
import Foundation
import SpectralAnalyzer
import SpectralModelIO

/// A calibrated reading of `material`, as the Spectrometer computes it, from a device of `version`.
func reading(of material: String, version: ScioVersion = .v1_2, seed: String = "") throws -> ScioReading {
    var random = SeededGenerator(seed: 7, stream: "cloud-test/\(material)/\(version)/\(seed)")
    let optics = ScioOptics(version: version)
    let white = optics.measure(.cover, temperature: 25, lampAge: 1000, inCover: true, calibrationMode: true, random: &random)
    let sample = optics.measure(try #require(ScioMaterial.named(material)).draw(&random), temperature: 26, lampAge: 1001, inCover: false,
                                calibrationMode: false, random: &random)
    let id = ScioDeviceID(bytes: [version.generationCode!, 1, 2, 3, 4, 5, 6, 7])!
    return ScioReading(deviceID: id.description, wavelengths: sample.wavelengths,
                       reflectance: sample.reflectance(calibration: white, coverReflectance: ScioCover.reflectance),
                       timestamp: 0, temperatureCelsius: 26, calibrationTemperatureCelsius: 25)
}

@Suite struct ScioCloudTests {
    @Test func listsCPAndOwnModelsWithSupportedVersions() async throws {
        let cloud = try ScioCloud.bundled()
        let cp = try await cloud.cpModels()
        #expect(cp.map(\.identifier) == ["cp.aspirin-authenticity", "cp.food-type"])
        #expect(cp.allSatisfy { $0.type == .classification && $0.supportedSCiOVersions == ["1.2", "1.3"] })
        let own = try await cloud.models()
        #expect(own.map(\.identifier) == ["own.milk-fat"])
        #expect(own.first?.type == .estimation && own.first?.attribute == "fat" && own.first?.unit == "%")
    }

    @Test func versionByDeviceID() async throws {
        let cloud = try ScioCloud.bundled()
        #expect(try await cloud.scioVersion(deviceID: "1300000000000001") == .v1_3)
        await #expect(throws: ScioCloudError.unknownDevice(deviceID: "9900000000000001")) { try await cloud.scioVersion(deviceID: "9900000000000001") }
        await #expect(throws: ScioCloudError.unknownDevice(deviceID: "xyz")) { try await cloud.scioVersion(deviceID: "xyz") }
    }

    @Test func estimatesFatAndClassifiesFood() async throws {
        let cloud = try ScioCloud.bundled()
        let cheese = try await cloud.analyze(try reading(of: "cheddar"), modelIdentifiers: ["own.milk-fat", "cp.food-type"])
        #expect(cheese.count == 2)
        guard case .number(let fat)? = cheese[0].attributeValue else { Issue.record("no fat estimate: \(cheese[0])"); return }
        #expect(abs(fat - 33) < 4, "cheddar is 33 % fat, estimated \(fat)")
        #expect(cheese[0].confidence == nil)
        #expect(cheese[1].attributeValue == .label("cheese"))
        #expect((cheese[1].confidence ?? 0) > 0.5)
        let tablet = try await cloud.analyze(try reading(of: "aspirin-counterfeit"), modelIdentifier: "cp.aspirin-authenticity")
        #expect(tablet.attributeValue == .label("counterfeit") && !tablet.isDegraded)
    }

    @Test func somethingUnlikeTheTrainingSpectraIsAnOutlierWithANullValue() async throws {
        let cloud = try ScioCloud.bundled()
        for material in ["polyethylene", "air"] {
            let result = try await cloud.analyze(try reading(of: material), modelIdentifier: "cp.food-type")
            #expect(result.attributeValue == nil, "\(material) gives null")
            #expect(result.confidence == nil)
        }
    }

    @Test func unsupportedVersionIsAnalyzedAsDegradedAndTheAppsGateBlocksIt() async throws {
        let cloud = try ScioCloud.bundled()
        let old = try reading(of: "whole-milk", version: .v1_1)
        let result = try await cloud.analyze(old, modelIdentifier: "own.milk-fat")
        #expect(result.isDegraded && result.scioVersion == .v1_1)
        let fat = try #require(try await cloud.models().first)
        let gate = ScioVersionGate(approvingOnlyVersionsOf: fat)
        #expect(gate.blocked == [.v1_1])
        #expect(throws: ScioCloudError.versionBlocked(version: "1.1", deviceID: old.deviceID)) { try gate.check(old, version: .v1_1) }
        try gate.check(try reading(of: "whole-milk", version: .v1_3), version: .v1_3)
    }

    @Test(arguments: [ScioCloudFailure.offline, .serverError(status: 503), .timeout])
    func everyRequestCanFailWithADescriptionAndAReason(_ failure: ScioCloudFailure) async throws {
        let clock = VirtualClock()
        let cloud = try ScioCloud.bundled(clock: clock)
        let milk = try reading(of: "whole-milk")
        let elapsed = try await clock.run {
            await cloud.setFailure(failure)
            let start = clock.now
            await #expect(throws: ScioCloudError.requestFailed(.models, failure)) { try await cloud.models() }
            let oneRequest = (clock.now - start).seconds
            await #expect(throws: ScioCloudError.requestFailed(.cpModels, failure)) { try await cloud.cpModels() }
            await #expect(throws: ScioCloudError.requestFailed(.versionLookup, failure)) { try await cloud.scioVersion(deviceID: milk.deviceID) }
            await #expect(throws: ScioCloudError.requestFailed(.analyze, failure)) { try await cloud.analyze(milk, modelIdentifier: "own.milk-fat") }
            await cloud.setFailure(nil)
            let models = try? await cloud.models()
            #expect(models?.count == 1, "works again once the fault is gone")
            return oneRequest
        }
        #expect(elapsed == (failure == .timeout ? 30 : 0), "a time-out waits the request time limit, other failures fail at once")
        let error = ScioCloudError.requestFailed(.analyze, failure)
        #expect(error.errorDescription == "Cannot analyze reading")
        #expect(!(error.failureReason ?? "").isEmpty)
    }

    @Test func unknownModelsAndMisfitReadingsAreClearErrors() async throws {
        let cloud = try ScioCloud.bundled()
        let milk = try reading(of: "whole-milk")
        await #expect(throws: ScioCloudError.unknownModel(identifier: "cp.nothing")) { try await cloud.analyze(milk, modelIdentifiers: ["own.milk-fat", "cp.nothing"]) }
        var short = milk
        short.wavelengths.removeLast()
        short.reflectance.removeLast()
        await #expect(throws: ScioCloudError.self) { try await cloud.analyze(short, modelIdentifier: "own.milk-fat") }
        var broken = milk
        broken.reflectance[10] = .nan
        await #expect(throws: ScioCloudError.self) { try await cloud.analyze(broken, modelIdentifier: "own.milk-fat") }
    }
}

/// The shipped models on the held-out rows of their training CSVs (`set=test`), as Docs/Scio.md reports them.
@Suite struct ShippedModelAccuracyTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func heldOut(_ csv: String, target: String, kind: SpectraCSV.TargetKind) throws -> (spectra: [[Double]], targets: SpectralDataset.Targets) {
        let data = try SpectraCSV.read(path: Self.root.appendingPathComponent("data/scio/\(csv)").path, targetColumn: target, targetKind: kind)
        let sets = try #require(data.annotations["set"])
        let rows = sets.indices.filter { sets[$0] == "test" }
        let test = data.selecting(rows)
        return ((0..<test.count).map { test.spectra.row($0) }, try #require(test.targets))
    }

    func model(_ path: String) throws -> SpectralModel {
        try ModelFile.load(path: Self.root.appendingPathComponent("Sources/ScioCloud/Models/\(path)").path)
    }

    @Test func fatEstimateWithinOnePercentRMSEP() throws {
        let (spectra, targets) = try heldOut("fat.csv", target: "fat", kind: .numeric)
        guard case .numeric(let truth) = targets else { Issue.record("numeric targets"); return }
        let fat = try model("own/milk-fat.json")
        var squared = 0.0
        for (spectrum, expected) in zip(spectra, truth) {
            guard case .estimate(let value) = try fat.analyze(spectrum).unscreenedValue else { continue }
            squared += (value - expected) * (value - expected)
        }
        #expect((squared / Double(spectra.count)).squareRoot() < 1.0)
    }

    @Test(arguments: [("aspirin.csv", "authenticity", "cp/aspirin-authenticity.json", 0.98), ("food.csv", "food", "cp/food-type.json", 0.85)])
    func classifiersReachTheirDocumentedAccuracy(_ csv: String, _ target: String, _ path: String, _ minimum: Double) throws {
        let (spectra, targets) = try heldOut(csv, target: target, kind: .labels)
        guard case .labels(let truth) = targets else { Issue.record("label targets"); return }
        let classifier = try model(path)
        let correct = zip(spectra, truth).filter { spectrum, expected in
            if case .classification(let label, _, _)? = try? classifier.analyze(spectrum).value { return label == expected }
            return false
        }.count
        #expect(Double(correct) / Double(spectra.count) >= minimum, "\(correct) of \(spectra.count)")
    }
}
