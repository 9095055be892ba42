import BLESimulation
import GATT
import RigScenario

/// A plug-in that reaches real Bluetooth adapters (BlueZ on Linux): the rig's `ble` and `ble-peripheral` links.
///
/// The BLE link plug-in asks the run's plug-ins for one when a rig names adapters, so a simulated-only runner
/// needs no Bluetooth library at all.
public protocol RealBLEBackend: RigPlugin {
    /// A central on `adapter`; `randomAddresses` are the random-type addresses the rig binds on it.
    func central(adapter: String, randomAddresses: Set<String>, rig: LiveRig) throws -> any BLECentral
    /// Puts `peripheral` on the air through `adapter` until the scenario ends; returns the address centrals reach it at.
    func broadcast(_ peripheral: any SimulatedPeripheral, adapter: String, name: String, rig: LiveRig) throws -> String
}
