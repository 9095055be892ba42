import Foundation
import RigKit
import RigKitCognex
import RigKitRoomScan
import RigKitScio
import RigKitWristband

/// One scenario per RigKit family, written against the declared products only, as a QA team tests its app.
enum FamilyScenarios {
    static var all: [Scenario] { [roomScan, wristband, spectrometer, reader] }

    static let roomScan = Scenario("Lab: a room scan records and saves on a healthy phone", .tags(.lab)) { rig in
        let scanner = try rig.roomScanner("scanner")
        let session = await scanner.startScan(config: RoomScanConfig(showsOnboarding: false))
        let events = rig.record(session.events, "scan events")
        rig.addCleanup { await session.close() }
        Step("Start recording") {
            try await session.start()
            try await events.expectEventually(.started, within: .seconds(5))
            expect(await session.state, equals: .scanning, "state")
        }
        Step("Low Power Mode during the scan does not stop it") {
            await rig.host.setLowPowerMode(true)
            try await wait(.seconds(5))
            expect(await session.state, equals: .scanning, "state")
        }
    }

    static let wristband = Scenario("Lab: the E4 streams BVP at 64 Hz", .tags(.lab)) { rig in
        let api = try await rig.empatica()
        let simulator = try rig.wristbandSimulator("wristband")
        Step("Authenticate, discover, connect") {
            try require(await api.authenticate(apiKey: WristbandSimulation.defaultTestKey).success, "authenticated")
            await api.followAppLifecycle()
            let serial = simulator.serialNumber
            let band = try require(try await api.discoverDevices().first { $0.serialNumber == serial }, "band \(serial)")
            let samples = rig.record(band.samples(), "samples")
            try require(await band.connect(), "connected")
            try await wait(.seconds(10))
            let bvp = samples.entries.filter { $0.element.kind == .bvp }.count
            measure("BVP samples in 10 s", Double(bvp), unit: "samples", limits: 600...680)
        }
    }

    static let spectrometer = Scenario("Lab: the SCiO calibrates, scans milk and the cloud estimates its fat", .tags(.lab)) { rig in
        let scio = try await rig.spectrometer("scio")
        let simulator = try await rig.scioSimulator("scio")
        let cloud = try rig.scioCloud()
        Step("Connect and calibrate in the cover") {
            try await scio.connect()
            await simulator.setInCover(true)
            try await scio.calibrate()
            await simulator.setInCover(false)
        }
        Step("Scan whole milk") {
            await simulator.setSample("whole-milk")
            let reading: ScioReading = try await scio.scan()
            let result = try await cloud.analyze(reading, modelIdentifier: "own.milk-fat")
            let fat: Double? = if case .number(let value)? = result.attributeValue { value } else { nil }
            measure("whole milk fat", try require(fat, "a fat estimate"), unit: "%", limits: 1.0...6.0)
        }
    }

    static let reader = Scenario("Lab: the MX-1502 reads a QR code with the default symbologies", .tags(.lab)) { rig in
        let reader = try await rig.mxReader("reader")
        let station = try rig.mxStation("reader")
        let results = rig.record(reader.results, "results")
        Step("Connect and read") {
            try await reader.connect()
            await station.simulator.setScene(ReaderScene([.init(.qr, "LOT-42", size: 0.3)]))
            try await reader.startScanning()
            let read = try await results.next(within: .seconds(15))
            expect(read.first?.readString, equals: "LOT-42", "read string")
            expect(read.first?.symbology, equals: ReaderSymbology.qr, "symbology")
        }
    }
}

extension Tag {
    static let lab: Tag = "lab"
}
