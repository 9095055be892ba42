import Foundation
import RigCore
import RigScenario
import RigSystem
import ScioCloud
import ScioProtocol
import ScioSimulator
import Spectrometer

/// The SCiO's error branches, where apps break: cloud requests failing, the phone's storage full, damaged cache
/// files, models that do not fit the reading, and the device refusing or not answering.
enum ScioErrorScenarios {
    static var all: [Scenario] { [cloudRequestsFail, modelTypesAndMisfits, scanCacheFullAndDamaged, deviceRefusesAndTimesOut] }

    static let device = "SCiO scio"

    static let cloudRequestsFail = Scenario("SCiO: models, CP models, analysis and version lookup fail offline, on a server error and a time-out",
                                            .tags(.scio)) { rig in
        let scio = try await ScioFixture(rig)
        let reading = Shared<ScioReading>("a whole-milk reading")
        Step("Scan whole milk while the cloud works") {
            try await scio.calibrate(thenSample: "whole-milk")
            reading.set(try await scio.spectrometer.scan())
        }
        for failure in [ScioCloudFailure.offline, .serverError(status: 503), .timeout] {
            Step("Cloud \(failure): every request fails with a description and a failure reason") {
                let milk = try reading.get()
                await scio.cloud.setFailure(failure)
                let start = rigNow
                await expect(throws: ScioCloudError.requestFailed(.models, failure), "get models") { try await scio.cloud.models() }
                let waited = (rigNow - start).seconds
                await expect(throws: ScioCloudError.requestFailed(.cpModels, failure), "get CP models") { try await scio.cloud.cpModels() }
                await expect(throws: ScioCloudError.requestFailed(.versionLookup, failure), "get SCiO version by device ID") {
                    try await scio.cloud.scioVersion(deviceID: milk.deviceID)
                }
                await expect(throws: ScioCloudError.requestFailed(.analyze, failure), "analyze with one model") {
                    try await scio.cloud.analyze(milk, modelIdentifier: "own.milk-fat")
                }
                await expect(throws: ScioCloudError.requestFailed(.analyze, failure), "analyze with several models") {
                    try await scio.cloud.analyze(milk, modelIdentifiers: ["own.milk-fat", "cp.food-type"])
                }
                let error = ScioCloudError.requestFailed(.analyze, failure)
                expect(error.errorDescription, equals: "Cannot analyze reading", "alert title (NSLocalizedDescriptionKey)")
                expect(!(error.failureReason ?? "").isEmpty, "alert message (NSLocalizedFailureReasonErrorKey) is set")
                // Exact on the virtual clock; a wall-clock rig adds a few milliseconds.
                expect(waited, in: failure == .timeout ? 30...30.5 : 0...0.5, "seconds a failed request takes")
            }
        }
        Step("Back online: the same reading is analyzed") {
            await scio.cloud.setFailure(nil)
            let result = try await scio.cloud.analyze(try reading.get(), modelIdentifier: "own.milk-fat")
            measure("whole milk fat after the outage", try require(result.number, "a fat estimate"), unit: "%", limits: 1.0...6.0)
        }
        Step("Only analysis down: the model lists still load") {
            await scio.cloud.setFailure(.offline, for: [.analyze])
            expect(try await scio.cloud.models().count, equals: 1, "own models")
            await expect(throws: ScioCloudError.requestFailed(.analyze, .offline), "analyze") {
                try await scio.cloud.analyze(try reading.get(), modelIdentifier: "own.milk-fat")
            }
            await scio.cloud.setFailure(nil)
        }
    }

    static let modelTypesAndMisfits = Scenario("SCiO: model types, an unknown model and a reading that does not fit the model", .tags(.scio)) { rig in
        let scio = try await ScioFixture(rig)
        Step("Each model says whether it estimates or classifies") {
            let all = try await scio.cloud.models() + scio.cloud.cpModels()
            expect(all.map(\.type), equals: [.estimation, .classification, .classification], "modelType of own.milk-fat, cp.aspirin-authenticity, cp.food-type")
            expect(all.map(\.classes), equals: [[], ["counterfeit", "genuine"], ["cheese", "flour", "fruit", "milk", "oil", "sugar"]], "classes")
            expect(all.map(\.unit), equals: ["%", "", ""], "units")
        }
        Step("An unknown model identifier is refused, also inside a list") {
            try await scio.calibrate(thenSample: "apple")
            let apple = try await scio.spectrometer.scan()
            await expect(throws: ScioCloudError.unknownModel(identifier: "cp.wine-type"), "analyze") {
                try await scio.cloud.analyze(apple, modelIdentifier: "cp.wine-type")
            }
            await expect(throws: ScioCloudError.unknownModel(identifier: "cp.wine-type"), "analyze with several") {
                try await scio.cloud.analyze(apple, modelIdentifiers: ["cp.food-type", "cp.wine-type"])
            }
        }
        Step("A reading with other wavelengths does not fit the model") {
            var cut = try await scio.spectrometer.scan()
            cut.wavelengths.removeLast(31)
            cut.reflectance.removeLast(31)
            await expect(throws: ScioCloudError.readingMismatch(model: "Food type", reason: "300 points, the model needs its 331 wavelengths"), "analyze") {
                try await scio.cloud.analyze(cut, modelIdentifier: "cp.food-type")
            }
        }
    }

    static let scanCacheFullAndDamaged = Scenario("SCiO: a full phone fails \"save last scan\"; missing and damaged cache files are clear errors",
                                                  .tags(.scio)) { rig in
        let scio = try await ScioFixture(rig)
        let cache = rig.scanCache()
        let taken = Shared<ScioReading>("the scan")
        Step("Scan") {
            try await scio.calibrate(thenSample: "olive-oil")
            taken.set(try await scio.spectrometer.scan())
        }
        Step("The phone's storage is full: storing the last scan fails and nothing is written") {
            await rig.host.setFreeStorage(bytes: 1000)
            do {
                try await cache.store(try taken.get(), fileName: "last-scan")
                expect(false, "the store failed")
            } catch let error as ScanCacheError {
                guard case .storageFull(_, _, let free) = error else { expect(false, "storageFull, got \(error)"); return }
                expect(free, equals: 1000, "free bytes in the error")
                expect("\(error)".hasPrefix("Failed to save scan"), "the alert says the scan was not saved: \(error)")
            }
            expect(cache.fileNames(), equals: [], "cached scans")
            expect(await rig.host.snapshot.freeStorageBytes, equals: 1000, "free storage untouched")
        }
        Step("Storage freed: the store works and takes the file's size") {
            await rig.host.setFreeStorage(megabytes: 100)
            try await cache.store(try taken.get(), fileName: "last-scan")
            let used = 100_000_000 - (await rig.host.snapshot.freeStorageBytes)
            expect(used, in: 4_000...20_000, "bytes the cached reading takes")
        }
        Step("readArchive of a name never stored: not found") {
            await expect(throws: ScanCacheError.notFound(file: cache.directory.appendingPathComponent("never-stored").path), "read") {
                try cache.read(fileName: "never-stored")
            }
        }
        Step("readArchive of a damaged file: corrupt, naming the file") {
            let path = cache.directory.appendingPathComponent("last-scan").path
            try OutputFile.write(Array("{\"format\": \"rigkit.scio-reading\", \"formatVer".utf8), to: path)
            do {
                _ = try cache.read(fileName: "last-scan")
                expect(false, "the read failed")
            } catch let error as ScanCacheError {
                guard case .corrupt(path, let reason) = error else { expect(false, "corrupt naming \(path), got \(error)"); return }
                expect(reason.contains("invalid JSON"), "the reason: \(reason)")
            }
        }
    }

    static let deviceRefusesAndTimesOut = Scenario("SCiO: the device busy, a scan without answer, a failed battery read and a refused rename",
                                                   .tags(.scio), .requires(.faultInjection)) { rig in
        let scio = try await ScioFixture(rig)
        Step("Calibrate") { try await scio.calibrate(thenSample: "table-sugar") }
        Step("Busy: the scan is refused with busy") {
            await scio.simulator.setFault(.status(.busy), for: .sampleSpectrum)
            await expect(throws: SpectrometerError.busy(device: device, command: .sampleSpectrum), "scan") { try await scio.spectrometer.scan() }
        }
        Step("No answer: the scan times out after 15 s, the link stays up") {
            await scio.simulator.setFault(.noAnswer, for: .sampleSpectrum)
            let start = rigNow
            await expect(throws: SpectrometerError.timeout(device: device, command: .sampleSpectrum), "scan") { try await scio.spectrometer.scan() }
            expect((rigNow - start).seconds, in: 15...15.5, "seconds until the time-out (exactly 15 on the virtual clock)")
            expect(await scio.spectrometer.state, equals: .connected, "connection state")
            await scio.simulator.setFault(nil, for: .sampleSpectrum)
            expect(try await scio.spectrometer.scan().reflectance.count, equals: 331, "the next scan works")
        }
        Step("Battery read fails: an error, no made-up percentage") {
            await scio.simulator.setFault(.status(.hardwareFault), for: .batteryState)
            await expect(throws: SpectrometerError.refused(device: device, command: .batteryState, status: "hardware fault"), "battery status") {
                try await scio.spectrometer.batteryStatus()
            }
            await scio.simulator.setFault(nil, for: .batteryState)
            expect(try await scio.spectrometer.batteryStatus().percentage, in: 80...85, "battery once the fault is gone")
        }
        Step("The device refuses a valid name: an error, the old name stays") {
            let before = try await scio.spectrometer.name()
            await scio.simulator.setFault(.status(.invalidArgument), for: .writeDeviceName)
            await expect(throws: SpectrometerError.refused(device: device, command: .writeDeviceName, status: "invalid argument"), "rename") {
                try await scio.spectrometer.rename(to: "Kitchen")
            }
            expect(try await scio.spectrometer.name(), equals: before, "name read back")
            await scio.simulator.setFault(nil, for: .writeDeviceName)
            try await scio.spectrometer.rename(to: "Kitchen")
            expect(try await scio.spectrometer.name(), equals: "Kitchen", "name after the fault")
        }
    }
}
