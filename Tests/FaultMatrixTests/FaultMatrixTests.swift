import CognexCore
import Foundation
import RigCore
import RigKitBLE
import RigKitCognex
import RigKitScio
import RigKitWristband
import RigScenario
import Testing

/// The fault matrix (issue 19): for each BLE and USB family, each fault injected after each protocol step of a good
/// run ends in a named error or a recovered state, never a hang. The room scan has no link and is not in the matrix.
@Suite struct FaultMatrixTests {
    static let rig = try! RigFile.parse(Array("""
    { "name": "fault-matrix", "clock": "virtual", "seed": 5, "devices": [
      { "role": "wristband", "kind": "e4", "simulated": { "serialNumber": "A01F2C" } },
      { "role": "scio", "kind": "scio", "simulated": { "transport": "ble", "sample": "whole-milk" } },
      { "role": "scio-usb", "kind": "scio", "simulated": { "transport": "usb", "deviceID": "13B7D00D5EED0002", "sample": "wheat-flour" } },
      { "role": "reader", "kind": "mx-1502", "simulated": { "serialNumber": "1502A7731" } } ] }
    """.utf8), source: "fault-matrix.json")

    /// Every step up to 40, then evenly spaced ones up to 80 cases per fault: all connection and setup steps, and a
    /// sample of the repetitive streaming ones.
    static func chosen(_ steps: Int) -> [Int] {
        guard steps > 80 else { return Array(1...max(1, steps)) }
        let stride = (steps - 40) / 40
        return Array(1...40) + Swift.stride(from: 41, through: steps, by: max(1, stride)).prefix(40)
    }

    static func check(_ matrix: FaultMatrix) async -> (cases: Int, recovered: Int, errors: Int) {
        let steps = await matrix.steps()
        #expect(steps > 0, "\(matrix.family): the good run has protocol steps")
        var cases = 0, recovered = 0, errors = 0
        for step in chosen(steps) {
            for fault in matrix.faults {
                let outcome = await matrix.run(fault, afterStep: step)
                cases += 1
                switch outcome {
                case .recovered: recovered += 1
                case .namedError: errors += 1
                case .hang: Issue.record("\(matrix.family): \(fault.name) after step \(step) of \(steps): \(outcome)")
                }
            }
        }
        print("fault matrix \(matrix.family): \(steps) protocol steps, \(cases) cases (\(matrix.faults.count) faults), \(recovered) recovered, \(errors) named errors, 0 hangs")
        return (cases, recovered, errors)
    }

    static func attSteps(_ event: TraceEvent) -> Bool { event.kind == "att" }

    @Test func wristband() async {
        let matrix = FaultMatrix(
            family: "wristband", rig: Self.rig, isProtocolStep: { Self.attSteps($0) && $0.source.contains("E4") },
            faults: [
                .init(name: "connection dropped") { try await $0.wristbandSimulator("wristband").dropConnection() },
                .init(name: "power off") { try await $0.wristbandSimulator("wristband").powerOff() },
                .init(name: "out of range") { try await $0.wristbandSimulator("wristband").goOutOfRange() },
                .init(name: "every notification lost") { try await $0.wristbandSimulator("wristband").setLinkConditions { $0.notificationLoss = 1 } },
            ],
            goodRun: { rig in
                let api = try await rig.empatica()
                _ = await api.authenticate(apiKey: WristbandSimulation.defaultTestKey)
                await api.followAppLifecycle()
                let serial = try rig.wristbandSimulator("wristband").serialNumber
                let band = try require(try await api.discoverDevices().first { $0.serialNumber == serial }, "the band")
                try require(await band.connect(), "connected")
                try await wait(.seconds(2))
                await band.disconnect()
            })
        let result = await Self.check(matrix)
        #expect(result.cases > 0)
    }

    @Test func scioOverBLE() async {
        let matrix = FaultMatrix(
            family: "scio-ble", rig: Self.rig, isProtocolStep: { Self.attSteps($0) && $0.source.contains("SCiO") },
            faults: [
                .init(name: "connection dropped") { await try $0.scioSimulator("scio").dropConnection() },
                .init(name: "power off") { await try $0.scioSimulator("scio").powerOff() },
                .init(name: "every notification lost") { await try $0.scioSimulator("scio").setNotificationLoss(1) },
                .init(name: "disconnect during the next scan") { await try $0.scioSimulator("scio").disconnectDuringNextScan() },
            ],
            goodRun: { rig in try await Self.scioRun(rig, role: "scio") })
        let result = await Self.check(matrix)
        #expect(result.cases > 0)
    }

    @Test func scioOverUSB() async {
        let matrix = FaultMatrix(
            family: "scio-usb", rig: Self.rig, isProtocolStep: { $0.kind == "usb" && $0.source == "scio-usb" },
            faults: [
                .init(name: "unplugged") { await try $0.scioSimulator("scio-usb").unplug() },
                .init(name: "power off") { await try $0.scioSimulator("scio-usb").powerOff() },
            ],
            goodRun: { rig in try await Self.scioRun(rig, role: "scio-usb") })
        let result = await Self.check(matrix)
        #expect(result.cases > 0)
    }

    static func scioRun(_ rig: LiveRig, role: String) async throws {
        let scio = try await rig.spectrometer(role)
        let simulator = try await rig.scioSimulator(role)
        try await scio.connect()
        await simulator.setInCover(true)
        try await scio.calibrate()
        await simulator.setInCover(false)
        _ = try await scio.scan()
        await scio.disconnect()
    }

    @Test func cognexMXReader() async {
        let matrix = FaultMatrix(
            family: "cognex-mx", rig: Self.rig, isProtocolStep: { $0.kind == "usb" && $0.source == "reader" },
            faults: [
                .init(name: "cable pulled") { try await $0.mxStation("reader").unplugCable() },
                .init(name: "power off") { try await $0.mxStation("reader").simulator.powerDown() },
            ],
            goodRun: { rig in
                let reader = try await rig.mxReader("reader")
                let station = try rig.mxStation("reader")
                let results = rig.record(reader.results, "results")
                try await reader.connect()
                await station.simulator.setScene(ReaderScene([.init(.qr, "LOT-42", size: 0.3)]))
                try await reader.startScanning()
                let read = try await results.next(within: .seconds(15))
                try require(read.first?.readString, equals: "LOT-42", "read string")
                await reader.disconnect()
            })
        let result = await Self.check(matrix)
        #expect(result.cases > 0)
    }
}
