import BLESimulation
import BlueZ
import GATT
import RigKitBLE
import RigScenario

/// Real Bluetooth through the Linux kernel's stack (BlueZ sockets): drives the rig-file links `ble` (a real
/// peripheral in range of an adapter) and `ble-peripheral` (a RigKit simulator advertised on an adapter).
public struct BlueZPlugin: RealBLEBackend {
    public init() {}
    public var name: String { "bluez" }
    public var realLinks: [String] { ["ble", "ble-peripheral"] }

    public func central(adapter: String, randomAddresses: Set<String>, rig: LiveRig) throws -> any BLECentral {
        try BlueZCentral(adapter: adapter, randomAddresses: randomAddresses)
    }

    public func broadcast(_ peripheral: any SimulatedPeripheral, adapter: String, name: String, rig: LiveRig) throws -> String {
        let broadcast = try SimulatorBroadcast(peripheral, adapter: adapter, name: name, clock: rig.clock, trace: rig.trace)
        broadcast.start()
        rig.addCleanup { broadcast.stop() }
        return broadcast.address
    }
}
