import BLESimulation
import BlueZ
import GATT
import RigCore

extension LiveRig {
    /// The central the app's BLE SDKs use (one per run): the simulated radio with the rig's simulated
    /// peripherals, plus BlueZ on every adapter the rig names — the adapter of each `ble` device and the
    /// `central` adapter of each `ble-peripheral` simulator.
    public func central() throws -> any BLECentral {
        try facade("central") {
            let radio = try radio()
            var adapters: [String: Set<String>] = [:]   // adapter → random addresses on it
            var bound: [String: String] = [:]
            for spec in file.devices {
                switch spec.link {
                case .ble(let adapter, let address, let type):
                    adapters[adapter, default: []].formUnion(type == .random ? [address] : [])
                    bound[address] = adapter
                case .blePeripheral(_, let central?, _):
                    if adapters[central] == nil { adapters[central] = [] }
                    if let broadcast: SimulatorBroadcast = cached("broadcast/\(spec.role)") { bound[broadcast.address] = central }
                default: break
                }
            }
            if adapters.isEmpty { return radio }
            var real: [String: any BLECentral] = [:]
            for (adapter, random) in adapters { real[adapter] = try BlueZCentral(adapter: adapter, randomAddresses: random) }
            let central = RigCentral(radio: radio, real: real, bound: bound)
            cache(central, as: "rig-central")
            return central as any BLECentral
        }
    }

    /// Puts the simulator of a `ble-peripheral` device on the air through its adapter (on the first call per role).
    func broadcast(_ simulator: any SimulatedPeripheral, for spec: DeviceSpec) throws {
        guard case .blePeripheral(let adapter, _, _) = spec.link else { return }
        let broadcast = try SimulatorBroadcast(simulator, adapter: adapter, name: spec.role, clock: clock, trace: trace)
        cache(broadcast, as: "broadcast/\(spec.role)")
        if case .blePeripheral(_, let central?, _) = spec.link, let rigCentral: RigCentral = cached("rig-central") {
            rigCentral.bind(broadcast.address, to: central)
        }
        broadcast.start()
        addCleanup { broadcast.stop() }
    }

    /// The address the app finds the wristband playing `role` at, real or simulated: the rig file's for a band bound
    /// over `ble`, the adapter's for a simulator broadcast through `ble-peripheral`, else its simulator's.
    public func wristbandAddress(_ role: String) throws -> String {
        let spec = try device(role, kinds: [.e4, .e3], realLinks: ["ble"])
        if case .ble(_, let address, _) = spec.link { return address }
        let simulator = try wristbandSimulator(role)
        guard let address = try bleAddress(role, simulatorAddress: simulator.address) else {
            throw RigUnavailable(reason: "role \(JSONText.quote(role)) is broadcast for outside centrals only (no \"central\" adapter in its ble-peripheral)")
        }
        return address
    }

    /// The address the app reaches the BLE device playing `role` at: the rig file's for a real one, the adapter's
    /// for a simulator broadcast through one, else the simulator's own; nil when the rig has no central for it.
    func bleAddress(_ role: String, simulatorAddress: String) throws -> String? {
        guard let spec = file.device(role: role) else { return nil }
        switch spec.link {
        case .ble(_, let address, _): return address
        case .blePeripheral(_, let central, _):
            guard central != nil, let broadcast: SimulatorBroadcast = cached("broadcast/\(role)") else { return nil }
            return broadcast.address
        default: return simulatorAddress
        }
    }
}
