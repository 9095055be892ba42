import RigKitBLE
import RigKitScio
import RigKitUSB
import Foundation
import RigScenario
import ScioCloud
import ScioProtocol
import ScioSimulator
import Spectrometer

/// The SCiO as the ConsumerPhysics SDK documents it: calibration, scans, cloud analysis, cache, device settings and faults.
enum ScioScenarios {
    static var all: [Scenario] {
        [scanBeforeCalibration, calibrateOutsideCover, calibrationLostOnRestart, analyzeSingleAndMultiple, outlierIsNull, versionGating,
         renameLimits, batteryDrain, buttonTriggeredScan, cachedScanSurvivesRestart, disconnectMidScan, fragmentLoss, usbScan,
         selfTestAndPowerOff] + ScioErrorScenarios.all
    }

    static let device = "SCiO scio"

    static let scanBeforeCalibration = Scenario("SCiO: a scan without calibration is refused with \"calibrate before scan\"", .tags(.scio)) { rig in
        let scio = try await ScioFixture(rig)
        Step("Fresh app: calibration is invalid, scan refused") {
            expect(await scio.spectrometer.isCalibrationValid, equals: false, "isCalibrationValid")
            try await require(throws: SpectrometerError.calibrationRequired(device: device), "scan") { try await scio.spectrometer.scan() }
            expect("\(SpectrometerError.calibrationRequired(device: device))".contains("calibrate before scan"), "the error says what to do")
            expect(await scio.simulator.totalScans, equals: 0, "scans the device made")
        }
    }

    static let calibrateOutsideCover = Scenario("SCiO: calibration fails outside the cover and works in it", .tags(.scio)) { rig in
        let scio = try await ScioFixture(rig)
        Step("Out of the cover: calibration fails") {
            await scio.simulator.setInCover(false)
            try await require(throws: SpectrometerError.notInCover(device: device), "calibrate") { try await scio.spectrometer.calibrate() }
            expect(await scio.spectrometer.isCalibrationValid, equals: false, "isCalibrationValid")
        }
        Step("In the cover: calibration works and the cover reads as the white reference") {
            await scio.simulator.setInCover(true)
            try await scio.spectrometer.calibrate()
            expect(await scio.spectrometer.isCalibrationValid, equals: true, "isCalibrationValid")
            let white = try await scio.spectrometer.scan()
            let mean = white.reflectance.reduce(0, +) / Double(white.reflectance.count)
            measure("cover reflectance (mean)", mean, unit: "", limits: 0.97...0.99)
        }
    }

    static let calibrationLostOnRestart = Scenario("SCiO: calibration lasts until the app closes, not across a restart", .tags(.scio)) { rig in
        let scio = try await ScioFixture(rig)
        let app = try rig.scioApp()
        Step("Calibrate and scan") {
            try await scio.calibrate(thenSample: "apple")
            expect(try await scio.spectrometer.scan().reflectance.count, equals: 331, "points")
        }
        Step("Disconnect and reconnect in the same app session: still valid") {
            await scio.spectrometer.disconnect()
            try await scio.spectrometer.connect()
            expect(await scio.spectrometer.isCalibrationValid, equals: true, "isCalibrationValid after reconnect")
        }
        Step("Restart the app: disconnected and calibration lost") {
            await app.restart()
            expect(await scio.spectrometer.state, equals: .disconnected, "connection state")
            try await scio.spectrometer.connect()
            expect(await scio.spectrometer.isCalibrationValid, equals: false, "isCalibrationValid after restart")
            try await require(throws: SpectrometerError.calibrationRequired(device: device), "scan") { try await scio.spectrometer.scan() }
        }
        Step("Calibrate again and scan") {
            try await scio.calibrate(thenSample: "apple")
            expect(try await scio.spectrometer.scan().reflectance.count, equals: 331, "points")
        }
    }

    static let analyzeSingleAndMultiple = Scenario("SCiO: scan then analyze with one model and with several", .tags(.scio)) { rig in
        let scio = try await ScioFixture(rig)
        Step("Models and CP models list their supported SCiO versions") {
            let own = try await scio.cloud.models(), cp = try await scio.cloud.cpModels()
            expect(own.map(\.identifier), equals: ["own.milk-fat"], "own models")
            expect(cp.map(\.identifier), equals: ["cp.aspirin-authenticity", "cp.food-type"], "CP models")
            expect((own + cp).allSatisfy { $0.supportedSCiOVersions == ["1.2", "1.3"] }, "supported versions 1.2 and 1.3")
        }
        Step("Whole milk: fat estimate (single model)") {
            try await scio.calibrate(thenSample: "whole-milk")
            let reading = try await scio.spectrometer.scan()
            let fat = try await scio.cloud.analyze(reading, modelIdentifier: "own.milk-fat")
            let value = try require(fat.number, "a fat estimate")
            measure("whole milk fat", value, unit: "%", limits: 1.0...6.0)
            expect(fat.confidence == nil, "an estimate has no confidence")
        }
        Step("Cheddar: fat and food type (multiple models)") {
            let reading = try await scio.scan("cheddar")
            let results = try await scio.cloud.analyze(reading, modelIdentifiers: ["own.milk-fat", "cp.food-type"])
            expect(results.count, equals: 2, "results")
            measure("cheddar fat", try require(results[0].number, "a fat estimate"), unit: "%", limits: 28...38)
            expect(results[1].label, equals: "cheese", "food type")
            measure("cheddar food-type confidence", try require(results[1].confidence, "a confidence"), unit: "", limits: 0.5...1)
        }
        Step("Aspirin tablets: genuine and counterfeit") {
            for (sample, expected) in [("aspirin-genuine", "genuine"), ("aspirin-counterfeit", "counterfeit")] {
                let result = try await scio.cloud.analyze(try await scio.scan(sample), modelIdentifier: "cp.aspirin-authenticity")
                expect(result.label, equals: expected, "class of \(sample)")
                measure("\(sample) confidence", try require(result.confidence, "a confidence"), unit: "", limits: 0.5...1)
            }
        }
    }

    static let outlierIsNull = Scenario("SCiO: a sample unlike the model's training spectra gives a null value", .tags(.scio)) { rig in
        let scio = try await ScioFixture(rig)
        Step("Calibrate") { try await scio.calibrate(thenSample: "polyethylene") }
        Step("Polyethylene and an empty scan against the food model: null") {
            for sample in ["polyethylene", "air"] {
                let result = try await scio.cloud.analyze(try await scio.scan(sample), modelIdentifier: "cp.food-type")
                expect(result.attributeValue == nil, "\(sample) value is null")
                expect(result.confidence == nil, "\(sample) has no confidence")
                measure("\(sample) Hotelling T²", result.hotellingT2, unit: "")
            }
        }
        Step("Olive oil against the same model: a value") {
            let result = try await scio.cloud.analyze(try await scio.scan("olive-oil"), modelIdentifier: "cp.food-type")
            expect(result.label, equals: "oil", "food type")
        }
    }

    static let versionGating = Scenario("SCiO: the app blocks or approves spectra by the SCiO version the cloud reports; approved ones are degraded",
                                        .tags(.scio)) { rig in
        let scio = try await ScioFixture(rig)
        let old = Shared<ScioReading>("reading from a SCiO 1.1")
        Step("The cloud reports the connected device as a 1.2, which every model supports") {
            let id = try require(await scio.spectrometer.deviceID, "device ID")
            expect(try await scio.cloud.scioVersion(deviceID: id.description), equals: .v1_2, "version by device ID")
        }
        Step("Swap in a first-generation device (1.1) and scan") {
            await scio.simulator.setDeviceID(ScioDeviceID(hex: "11C0FFEE00000003")!)
            await scio.spectrometer.disconnect()
            try await scio.spectrometer.connect()
            expect(await scio.spectrometer.scioVersion, equals: .v1_1, "version the facade reads")
            try await scio.calibrate(thenSample: "whole-milk")
            let reading = try await scio.spectrometer.scan()
            expect(try await scio.cloud.scioVersion(deviceID: reading.deviceID), equals: .v1_1, "cloud version by device ID")
            old.set(reading)
        }
        Step("An app approving only the model's versions blocks the 1.1 before analysis") {
            let reading = try old.get()
            let fat = try require(try await scio.cloud.models().first { $0.identifier == "own.milk-fat" }, "the fat model")
            let gate = ScioVersionGate(approvingOnlyVersionsOf: fat)
            let version = try await scio.cloud.scioVersion(deviceID: reading.deviceID)
            try await require(throws: ScioCloudError.versionBlocked(version: "1.1", deviceID: reading.deviceID), "the app's gate") {
                try gate.check(reading, version: version)
            }
        }
        Step("An app approving the 1.1: the cloud analyzes it and reports degraded performance") {
            let reading = try old.get()
            let gate = ScioVersionGate(blocking: [])
            try gate.check(reading, version: try await scio.cloud.scioVersion(deviceID: reading.deviceID))
            let result = try await scio.cloud.analyze(reading, modelIdentifier: "own.milk-fat")
            expect(result.isDegraded, "degraded flag")
            expect(result.scioVersion, equals: .v1_1, "version in the result")
            if let fat = result.number { measure("whole milk fat on a 1.1 (degraded)", fat, unit: "%") }
            measure("whole milk on a 1.1: Hotelling T² against the fat model", result.hotellingT2, unit: "")
        }
    }

    static let renameLimits = Scenario("SCiO: names of 16 characters are accepted, 17 and empty refused", .tags(.scio, .boundary)) { rig in
        let scio = try await ScioFixture(rig)
        Step("Sixteen characters") {
            try await scio.spectrometer.rename(to: "Lab bench SCiO 1")
            expect(try await scio.spectrometer.name(), equals: "Lab bench SCiO 1", "name read back")
        }
        Step("Seventeen characters and empty are refused; the name is unchanged") {
            try await require(throws: SpectrometerError.invalidName(device: device, name: "Lab bench SCiO 17", reason: "17 bytes, at most 16"), "rename") {
                try await scio.spectrometer.rename(to: "Lab bench SCiO 17")
            }
            try await require(throws: SpectrometerError.invalidName(device: device, name: "", reason: "the name is empty"), "rename") {
                try await scio.spectrometer.rename(to: "")
            }
            expect(try await scio.spectrometer.name(), equals: "Lab bench SCiO 1", "name read back")
            expect(await scio.simulator.name, equals: "Lab bench SCiO 1", "name on the device")
        }
    }

    static let batteryDrain = Scenario("SCiO: battery percentage and charging, drain over many scans, low-battery refusal", .tags(.scio, .long),
                                       .timeLimit(.seconds(7200))) { rig in
        let scio = try await ScioFixture(rig)
        let start = Shared<Double>("battery at start")
        Step("Battery as the rig file sets it") {
            let status = try await scio.spectrometer.batteryStatus()
            expect(status.percentage, equals: 85, "percentage")
            expect(status.isCharging, equals: false, "charging")
            start.set(status.percentage)
        }
        Step("Fifty scans, one every 20 s") {
            try await scio.calibrate(thenSample: "table-sugar")
            for _ in 0..<50 {
                _ = try await scio.spectrometer.scan()
                try await wait(.seconds(20))
            }
            let after = try await scio.spectrometer.batteryStatus().percentage
            measure("battery used per scan", (try start.get() - after) / 51, unit: "%", limits: 0.3...0.5)
        }
        Step("At 5 % scans are refused") {
            await scio.simulator.setBattery(percent: 5)
            try await require(throws: SpectrometerError.batteryTooLow(device: device, command: .sampleSpectrum), "scan") {
                try await scio.spectrometer.scan()
            }
        }
        Step("Charging for an hour") {
            await scio.simulator.setCharging(true)
            try await wait(.seconds(3600))
            let status = try await scio.spectrometer.batteryStatus()
            expect(status.isCharging, equals: true, "charging")
            measure("battery after an hour of charging", status.percentage, unit: "%", limits: 40...50)
            expect(try await scio.spectrometer.scan().reflectance.count, equals: 331, "scan after charging")
        }
    }

    static let buttonTriggeredScan = Scenario("SCiO: a button press triggers a scan", .tags(.scio)) { rig in
        let scio = try await ScioFixture(rig)
        let presses = rig.record(scio.spectrometer.buttonPresses, "SCiO button")
        Step("Calibrate") { try await scio.calibrate(thenSample: "apple") }
        Step("Press the button: the app gets the event and scans") {
            try await wait(.seconds(2))
            await scio.simulator.pressButton()
            _ = try await presses.next(within: .seconds(1))
            let reading = try await scio.spectrometer.scan()
            let result = try await scio.cloud.analyze(reading, modelIdentifier: "cp.food-type")
            expect(result.label, equals: "fruit", "food type of the apple")
        }
        Step("Two more presses, two more events") {
            await scio.simulator.pressButton()
            await scio.simulator.pressButton()
            _ = try await presses.next(within: .seconds(1))
            _ = try await presses.next(within: .seconds(1))
        }
    }

    static let cachedScanSurvivesRestart = Scenario("SCiO: a cached scan survives an app restart and is analyzed later", .tags(.scio)) { rig in
        let scio = try await ScioFixture(rig)
        let cache = rig.scanCache()
        let taken = Shared<ScioReading>("the scan")
        Step("Scan and store") {
            try await scio.calibrate(thenSample: "whole-milk")
            let reading = try await scio.spectrometer.scan()
            try await cache.store(reading, fileName: "last-scan")
            taken.set(reading)
        }
        Step("Restart the app, read the scan back and analyze it") {
            try await rig.scioApp().restart()
            let reading = try cache.read(fileName: "last-scan")
            expect(reading, equals: try taken.get(), "the reading read back")
            let result = try await scio.cloud.analyze(reading, modelIdentifier: "own.milk-fat")
            measure("cached whole milk fat", try require(result.number, "a fat estimate"), unit: "%", limits: 1.0...6.0)
        }
        Step("Remove it; odd names are refused") {
            try await cache.remove(fileName: "last-scan")
            await expect(throws: ScanCacheError.notFound(file: cache.directory.appendingPathComponent("last-scan").path), "read after remove") {
                try cache.read(fileName: "last-scan")
            }
            do {
                try await cache.store(try taken.get(), fileName: "../outside")
                expect(false, "a name leaving the cache folder is refused")
            } catch let error as ScanCacheError {
                guard case .invalidFileName("../outside", _) = error else { expect(false, "invalidFileName, got \(error)"); return }
            }
        }
    }

    static let disconnectMidScan = Scenario("SCiO: a disconnect mid-scan fails the scan clearly; reconnecting recovers", .tags(.scio), .requires(.faultInjection)) { rig in
        let scio = try await ScioFixture(rig)
        Step("Calibrate") { try await scio.calibrate(thenSample: "wheat-flour") }
        Step("The link drops half-way through the answer") {
            await scio.simulator.disconnectDuringNextScan()
            do {
                _ = try await scio.spectrometer.scan()
                expect(false, "the scan failed")
            } catch let error as SpectrometerError {
                guard case .disconnected(device, .sampleSpectrum, _) = error else {
                    expect(false, "a disconnected error for sample spectrum, got \(error)")
                    return
                }
            }
            expect(await scio.spectrometer.state, equals: .disconnected, "connection state")
        }
        Step("Reconnect: calibration still valid, scan works") {
            try await scio.spectrometer.connect()
            expect(await scio.spectrometer.isCalibrationValid, equals: true, "isCalibrationValid")
            let result = try await scio.cloud.analyze(try await scio.spectrometer.scan(), modelIdentifier: "cp.food-type")
            expect(result.label, equals: "flour", "food type")
        }
    }

    static let fragmentLoss = Scenario("SCiO: lost BLE notifications give a clear error, never a hang", .tags(.scio), .requires(.faultInjection)) { rig in
        let scio = try await ScioFixture(rig)
        Step("Calibrate") { try await scio.calibrate(thenSample: "olive-oil") }
        Step("A third of the notifications are lost") {
            await scio.simulator.setNotificationLoss(0.3)
            do {
                _ = try await within(.seconds(20), "the scan ends") { try await scio.spectrometer.scan() }
                expect(false, "the scan failed")
            } catch let error as SpectrometerError {
                guard case .malformedAnswer(device, .sampleSpectrum, let reason) = error else {
                    expect(false, "a malformed-answer error, got \(error)")
                    return
                }
                expect(reason.contains("fragment"), "the reason names the fragment: \(reason)")
            }
        }
        Step("Loss gone: the next scan works") {
            await scio.simulator.setNotificationLoss(0)
            expect(try await scio.spectrometer.scan().reflectance.count, equals: 331, "points")
        }
    }

    static let usbScan = Scenario("SCiO: the same calibration, scan and analysis over USB CDC", .tags(.scio, "usb")) { rig in
        let scio = try await ScioFixture(rig, role: "scio-usb")
        Step("Identity over USB") {
            expect(scio.simulator.transport, equals: .usb, "transport")
            let id = try require(await scio.spectrometer.deviceID, "device ID")
            expect(id.description, equals: "13B7D00D5EED0002", "device ID")
            expect(await scio.spectrometer.scioVersion, equals: .v1_3, "version")
            if rig.scioSeesUSBControlRequests("scio-usb") {
                expect(await scio.simulator.lineCoding, equals: CDCLineCoding.scio, "line coding 115200 8N1")
            }   // else the kernel's ACM gadget function answers the CDC requests, not the simulator
            let battery = try await scio.spectrometer.batteryStatus()
            expect(battery.isCharging, equals: true, "charging")
        }
        Step("Scan refused before calibration, then calibrate, scan and analyze") {
            try await require(throws: SpectrometerError.calibrationRequired(device: "SCiO scio-usb"), "scan") { try await scio.spectrometer.scan() }
            try await scio.calibrate(thenSample: "wheat-flour")
            let reading = try await scio.spectrometer.scan()
            let result = try await scio.cloud.analyze(reading, modelIdentifier: "cp.food-type")
            expect(result.label, equals: "flour", "food type")
            measure("flour confidence over USB", try require(result.confidence, "a confidence"), unit: "", limits: 0.5...1)
        }
        Step("Unplugged mid-scan, plugged back in, scan again") {
            await scio.simulator.disconnectDuringNextScan()
            do {
                _ = try await scio.spectrometer.scan()
                expect(false, "the scan failed")
            } catch let error as SpectrometerError {
                guard case .disconnected = error else { expect(false, "a disconnected error, got \(error)"); return }
            }
            await scio.simulator.plugBackIn()
            // On a real bus the device enumerates again before the app can open it (at once on the simulated bus).
            try await eventually(within: .seconds(5), "the SCiO is back on the bus and connects") {
                (try? await scio.spectrometer.connect()) != nil
            }
            expect(try await scio.spectrometer.scan().reflectance.count, equals: 331, "points")
        }
    }

    static let selfTestAndPowerOff = Scenario("SCiO: self test, power-off timeout limits and the device switching off when idle", .tags(.scio)) { rig in
        let scio = try await ScioFixture(rig)
        Step("Self test passes") {
            expect(try await scio.spectrometer.selfTest().isEmpty, "no failed component")
        }
        Step("Power-off timeout: 0 and 31 minutes refused, 1 accepted") {
            for minutes in [0, 31] {
                try await require(throws: SpectrometerError.invalidPowerOffTimeout(device: device, minutes: minutes), "\(minutes) minutes") {
                    try await scio.spectrometer.setPowerOffTimeout(minutes: minutes)
                }
            }
            try await scio.spectrometer.setPowerOffTimeout(minutes: 1)
            expect(await scio.simulator.powerOffMinutes, equals: 1, "timeout on the device")
        }
        Step("Idle for over a minute: the SCiO switches off and the app sees the disconnect") {
            try await eventually(within: .seconds(120), "the SCiO disconnected") { await scio.spectrometer.state == .disconnected }
            expect(await scio.simulator.isPoweredOn, equals: false, "powered on")
        }
        Step("The button wakes it; the app reconnects") {
            await scio.simulator.pressButton()
            try await scio.spectrometer.connect()
            expect(await scio.spectrometer.state, equals: .connected, "connection state")
        }
    }
}

/// The line coding the SCiO's CDC interface expects.
enum CDCLineCoding {
    static let scio: [UInt8]? = [0x00, 0xC2, 0x01, 0x00, 0, 0, 8]
}
