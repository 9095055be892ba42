import RigCore
import Testing
import WristbandSimulator

/// The package declares this test target; these cases cover the wristband simulator's rig-file settings.
@Suite struct WristbandSimulationTests {
    @Test func defaultsDeriveSerialAndAddressFromTheRole() throws {
        let rig = try RigFile.parse(Array(#"{"name":"t","devices":[{"role":"band","kind":"e3","simulated":{}}]}"#.utf8), source: "t")
        let simulation = try WristbandSimulation.from(rig.devices[0])
        #expect(simulation.model == "E3")
        #expect(simulation.serialNumber.hasPrefix("A0") && simulation.serialNumber.count == 6)
        #expect(simulation.address.hasPrefix("00:07:80:"))
    }

    @Test func outOfRangeHeartRateNamesItsPath() throws {
        let rig = try RigFile.parse(Array(#"{"name":"t","devices":[{"role":"band","kind":"e4","simulated":{"heartRate":400}}]}"#.utf8), source: "t")
        #expect(throws: RigFileError.self) { try WristbandSimulation.from(rig.devices[0]) }
    }
}
