import BLESimulation
import GATT
import RigCore
import RigScenario

extension LiveRig {
    /// The simulated radio with every simulated peripheral of the rig on the air (brought up before the body).
    public func radio() throws(RigUnavailable) -> SimulatedRadio {
        guard let radio = service(.simulatedRadio) else {
            throw RigUnavailable(reason: "this runner has no simulated BLE radio (add BLESimulationPlugin to its plug-ins)")
        }
        return radio
    }

    /// The real BLE backend among the run's plug-ins, for a device reached over `link`.
    func realBLE(for link: String) throws(RigUnavailable) -> any RealBLEBackend {
        guard let backend = plugins.first((any RealBLEBackend).self) else {
            throw RigUnavailable(reason: "the rig reaches a device over \(link), and this runner has no real BLE backend (add BlueZPlugin from RigKitBlueZ)")
        }
        return backend
    }

    /// The central the app's BLE SDKs use (one per run): the simulated radio with the rig's simulated peripherals,
    /// plus the real backend's central on every adapter the rig names — the adapter of each `ble` device and the
    /// `central` adapter of each `ble-peripheral` simulator.
    public func central() throws -> any BLECentral {
        try service(.central) {
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
                    if let address = part(.broadcastAddress, of: spec.role) { bound[address] = central }
                default: break
                }
            }
            if adapters.isEmpty { return radio }
            let backend = try realBLE(for: "ble")
            var real: [String: any BLECentral] = [:]
            for adapter in adapters.keys.sorted() {
                real[adapter] = try backend.central(adapter: adapter, randomAddresses: adapters[adapter]!, rig: self)
            }
            return RigCentral(radio: radio, real: real, bound: bound)
        }
    }

    /// Puts the simulator of the device `spec` on the air: on the simulated radio, or, for a `ble-peripheral`, through
    /// its adapter by the real backend. Families call this during bring-up.
    public func putOnAir(_ simulator: any SimulatedPeripheral, for spec: DeviceSpec) throws {
        guard case .blePeripheral(let adapter, let central, _) = spec.link else {
            try radio().add(simulator)
            return
        }
        let address = try realBLE(for: "ble-peripheral").broadcast(simulator, adapter: adapter, name: spec.role, rig: self)
        setPart(address, .broadcastAddress, of: spec.role)
        if let central, let rigCentral = service(.central) as? RigCentral { rigCentral.bind(address, to: central) }
    }

    /// The address the app reaches the BLE device playing `role` at: the rig file's for a real one, the adapter's
    /// for a simulator broadcast through one, else the simulator's own; nil when the rig has no central for it.
    public func bleAddress(_ role: String, simulatorAddress: String) -> String? {
        guard let spec = file.device(role: role) else { return nil }
        switch spec.link {
        case .ble(_, let address, _): return address
        case .blePeripheral(_, let central, _):
            guard central != nil else { return nil }
            return part(.broadcastAddress, of: role)
        default: return simulatorAddress
        }
    }
}

extension RigKey where Value == any BLECentral {
    /// The central the app's SDKs use.
    public static var central: RigKey<any BLECentral> { RigKey("ble-central") }
}

extension RigKey where Value == String {
    /// The address a `ble-peripheral` simulator is broadcast at (a part of its role).
    public static var broadcastAddress: RigKey<String> { RigKey("ble-broadcast-address") }
}
