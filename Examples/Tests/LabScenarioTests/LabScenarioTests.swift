import Foundation
import HeartRateStrap
import LabScenarios
import RigKit
import RigKitTesting
import Testing

/// The lab's rig file, next to this package's Package.swift.
let labRig: RigFile = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return try! RigFile.load(path: root.appendingPathComponent("rigs/lab.json").path)
}()

@Test(arguments: LabRig.scenarios)
func labScenario(_ scenario: Scenario) async {
    let result = await scenario.check(on: labRig, plugins: LabRig.plugins)
    #expect(result.status == .passed, "\(scenario.name): \(result.status.rawValue) \(result.skipReason ?? "")")
}

@Test func theSameSeedGivesTheSameTrace() async {
    let runner = ScenarioRunner(rig: labRig, plugins: LabRig.plugins, directory: FileManager.default.temporaryDirectory.appendingPathComponent("lab-trace"))
    let first = await runner.run(LabRig.scenarios[4]).trace.map { $0.jsonLine(scenario: nil) }
    let second = await runner.run(LabRig.scenarios[4]).trace.map { $0.jsonLine(scenario: nil) }
    #expect(first == second && !first.isEmpty)
}

@Test func measurementsRoundTrip() throws {
    for m in [HeartRateMeasurement(beatsPerMinute: 60), HeartRateMeasurement(beatsPerMinute: 300, sensorContact: false, energyExpended: 512, rrIntervals: [1024, 800])] {
        #expect(try HeartRateMeasurement.decode(m.encode()) == m)
    }
    // A spec example: 16-bit rate, contact supported and detected, energy, one RR-interval.
    #expect(try HeartRateMeasurement.decode([0x1F, 0x48, 0x00, 0x10, 0x00, 0x00, 0x04]) ==
            HeartRateMeasurement(beatsPerMinute: 72, sensorContact: true, energyExpended: 16, rrIntervals: [1024]))
    #expect(throws: HeartRateMeasurementError.self) { try HeartRateMeasurement.decode([0x10, 60, 0x00]) }
    #expect(throws: HeartRateMeasurementError.self) { try HeartRateMeasurement.decode([0x00]) }
}

@Test func badStrapParametersNameTheirPlace() {
    let text = #"{"name": "x", "devices": [{"role": "s", "kind": "hr-strap", "simulated": {"bodyLocation": "knee"}}]}"#
    #expect(throws: RigFileError.self) { try LabRig.plugins.validate(try RigFile.parse(Array(text.utf8), source: "x.json")) }
    do { try LabRig.plugins.validate(try RigFile.parse(Array(text.utf8), source: "x.json")) } catch {
        #expect("\(error)".hasPrefix("x.json:1:"))
        #expect("\(error)".contains("$.devices[0].simulated.bodyLocation"))
    }
}
