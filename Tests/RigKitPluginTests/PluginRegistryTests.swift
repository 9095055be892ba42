import BundledScenarios
import Foundation
import RigCore
import RigKitBLE
import RigKitRoomScan
import RigScenario
import Synchronization
import Testing

@Suite struct PluginRegistryTests {
    func validationError(_ text: String, plugins: RigPlugins = BundledScenarios.plugins) -> String? {
        do {
            try plugins.validate(try RigFile.parse(Array(text.utf8), source: "t.json"))
            return nil
        } catch { return "\(error)" }
    }

    @Test func anUnknownKindNamesTheKindsThePlugInsBring() {
        let message = validationError(#"{"name": "x", "devices": [{"role": "r", "kind": "printer", "simulated": {}}]}"#)
        #expect(message == #"t.json:1:49: $.devices[0].kind: expected one of "roomio", "e4", "e3", "scio", "mx-1000", "mx-1502", "mx-100", "camera-reader", found a string "printer""#)
        let none = validationError(#"{"name": "x", "devices": [{"role": "r", "kind": "roomio", "simulated": {}}]}"#, plugins: [])
        #expect(none?.contains("no device family is plugged into this runner") == true)
    }

    @Test func aLinkTheKindCannotTakeIsRefusedAtTheLink() {
        let message = validationError(#"{"name": "x", "clock": "wall", "devices": [{"role": "s", "kind": "roomio", "usb": {"vendor": "0451", "product": "16aa"}}]}"#)
        #expect(message == #"t.json:1:83: $.devices[0].usb: expected a link a roomio can be reached over (simulated), found "usb""#)
        let gadget = validationError(#"{"name": "x", "clock": "wall", "devices": [{"role": "s", "kind": "roomio", "usb-gadget": {"vendor": "1209", "product": "0d02", "serial": "S", "socket": "/tmp/s"}}]}"#)
        #expect(gadget?.contains(#"$.devices[0].usb-gadget: expected a link a roomio can be reached over (simulated), found "usb-gadget""#) == true, "\(gadget ?? "accepted")")
    }

    @Test func familyParametersAreCheckedByTheFamily() {
        // mx-100 and camera-reader parameters were read only when a scenario asked for the device; now validation sees them.
        let aimer = validationError(#"{"name": "x", "devices": [{"role": "a", "kind": "mx-100", "simulated": {"serial": "X"}}]}"#)
        #expect(aimer?.contains("$.devices[0].simulated.serial: unknown member") == true, "\(aimer ?? "accepted")")
        let camera = validationError(#"{"name": "x", "devices": [{"role": "c", "kind": "camera-reader", "simulated": {"hasFrontCamera": 1}}]}"#)
        #expect(camera?.contains("$.devices[0].simulated.hasFrontCamera: expected true or false") == true, "\(camera ?? "accepted")")
    }

    @Test func linksComeUpBeforeFamiliesInTheOrderGiven() {
        let order = RigPlugins([RoomScanFamily(), BLESimulationPlugin(), Named("later-link"), RoomScanFamily()]).bringUpOrder.map(\.name)
        #expect(order == ["ble-simulation", "later-link", "room-scan"])
    }

    @Test func aRoleAndAServiceOfTheSameNameDoNotCollide() async throws {
        let rig = RigFile.builtinSimulated()
        let live = LiveRig(file: rig, plugins: BundledScenarios.plugins, clock: VirtualClock(), trace: TraceLog(clock: WallClock()),
                           seed: 1, directory: FileManager.default.temporaryDirectory, scenarioName: "t")
        live.setService("the service", for: RigKey<String>("radio"))
        live.setPart("the part", RigKey<String>("radio"), of: "radio")
        live.setPart(42, RigKey<Int>("radio"), of: "radio")
        #expect(live.service(RigKey<String>("radio")) == "the service")
        #expect(live.part(RigKey<String>("radio"), of: "radio") == "the part")
        #expect(live.part(RigKey<Int>("radio"), of: "radio") == 42)
    }

    @Test func concurrentAsynchronousMakersMakeOnce() async throws {
        let live = LiveRig(file: .builtinSimulated(), plugins: [], clock: WallClock(), trace: TraceLog(clock: WallClock()),
                           seed: 1, directory: FileManager.default.temporaryDirectory, scenarioName: "t")
        let made = Counter()
        let key = RigKey<Int>("counted")
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    try await live.service(key, orBuild: {
                        made.count.withLock { $0 += 1 }
                        try await Task.sleep(for: .milliseconds(20))
                        return 7
                    })
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values == Array(repeating: 7, count: 16))
        #expect(made.count.withLock { $0 } == 1)
    }

    @Test func aFailedMakerFailsItsWaitersAndLetsALaterCallerTryAgain() async throws {
        let live = LiveRig(file: .builtinSimulated(), plugins: [], clock: WallClock(), trace: TraceLog(clock: WallClock()),
                           seed: 1, directory: FileManager.default.temporaryDirectory, scenarioName: "t")
        let key = RigKey<Int>("flaky")
        await #expect(throws: RigUnavailable.self) {
            try await live.service(key, orBuild: { throw RigUnavailable(reason: "not yet") })
        }
        #expect(try await live.service(key, orBuild: { 3 }) == 3)
    }
}

private struct Named: RigPlugin {
    let name: String
    init(_ name: String) { self.name = name }
}

private final class Counter: Sendable {
    let count = Mutex(0)
}
