import RigCore
import Testing
import Wristband
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

    @Test func postureAndFirmwareComeFromTheRigFile() throws {
        let rig = try RigFile.parse(Array(#"{"name":"t","devices":[{"role":"band","kind":"e4","simulated":{"posture":"usbSlotDown","firmware":"1.5"}}]}"#.utf8), source: "t")
        let simulation = try WristbandSimulation.from(rig.devices[0])
        #expect(simulation.posture == .usbSlotDown)
        #expect(simulation.firmware == E4Firmware(major: 1, minor: 5) && !simulation.firmware.hasTags)
        #expect(E4Firmware("2.0")?.hasTags == true && E4Firmware("2") == nil && E4Firmware("a.b") == nil)
        let bad = try RigFile.parse(Array(#"{"name":"t","devices":[{"role":"band","kind":"e4","simulated":{"firmware":"new"}}]}"#.utf8), source: "t")
        #expect(throws: RigFileError.self) { try WristbandSimulation.from(bad.devices[0]) }
    }

    @Test func theServerTellsMissingInvalidOfflineAndServerErrorsApart() {
        let server = EmpaticaAccounts(acceptedKeys: ["k"])
        #expect(server.check("") == .missingKey)
        #expect(server.check("x") == .invalidKey)
        #expect(server.check("k") == nil)
        server.setOutage(.offline)
        #expect(server.check("k") == .offline)
        server.setOutage(.serverError(status: 500))
        #expect(server.check("k") == .serverError(status: 500))
        #expect(server.check("") == .missingKey, "a missing key fails before any request")
    }
}
