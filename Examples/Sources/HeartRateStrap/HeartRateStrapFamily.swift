import RigKit
import RigKitBLE

/// The chest-strap family: `hr-strap` devices, simulated on the rig's radio, real in range of an adapter (`ble`, with
/// a BLE backend such as RigKitBlueZ plugged in), or simulated and advertised on an adapter (`ble-peripheral`).
public struct HeartRateStrapFamily: RigPlugin {
    public init() {}
    public var name: String { "heart-rate-strap" }
    public var deviceKinds: [DeviceKindSupport] {
        [DeviceKindSupport(.heartRateStrap, links: ["simulated", "ble", "ble-peripheral"], summary: "chest strap with the Bluetooth Heart Rate Service")]
    }

    public func validate(_ device: DeviceSpec, in rig: RigFile) throws(RigFileError) {
        _ = try HeartRateStrapSimulation.from(device)
    }

    /// Puts a simulator on the air for every strap the rig plays, in rig-file order.
    public func bringUp(_ rig: LiveRig) async throws {
        for spec in rig.devices(of: [.heartRateStrap]) where spec.link.runsSimulator {
            let simulator = HeartRateStrapSimulator(role: spec.role, settings: try HeartRateStrapSimulation.from(spec),
                                                    clock: rig.clock, trace: rig.trace)
            try rig.putOnAir(simulator, for: spec)
            rig.setPart(simulator, .strapSimulator, of: spec.role)
            await simulator.start()
            rig.addCleanup { await simulator.shutDown() }
        }
    }

    public func recognise(_ device: ProbedDevice) -> DeviceKind? {
        guard case .ble(_, _, let services) = device, services.contains(HeartRateProfile.service.description) else { return nil }
        return .heartRateStrap
    }
}

extension LiveRig {
    /// The app's view of the strap playing `role`, not yet connected (one per role and run).
    public func heartRateStrap(_ role: String) throws -> HeartRateStrap {
        let spec = try device(role, kinds: [.heartRateStrap], realLinks: ["ble"])
        return try part(.strap, of: role, orMake: {
            let address: String
            if case .ble(_, let real, _) = spec.link { address = real }
            else if let simulated = bleAddress(role, simulatorAddress: try HeartRateStrapSimulation.from(spec).address) { address = simulated }
            else { throw RigUnavailable(reason: "role \(role) is broadcast for outside centrals only") }
            let strap = HeartRateStrap(role: role, address: address, central: try central(), clock: clock, trace: trace)
            addCleanup { await strap.disconnect() }
            return strap
        })
    }

    /// The simulator playing the strap `role`, for its knobs; skips the scenario where the strap is real.
    public func heartRateStrapSimulator(_ role: String) throws -> HeartRateStrapSimulator {
        _ = try device(role, kinds: [.heartRateStrap])
        guard let simulator = part(.strapSimulator, of: role) else { throw RigUnavailable(reason: "role \(role) has no simulator") }
        return simulator
    }
}

extension RigKey where Value == HeartRateStrapSimulator {
    static var strapSimulator: RigKey<HeartRateStrapSimulator> { RigKey("heart-rate-strap-simulator") }
}

extension RigKey where Value == HeartRateStrap {
    static var strap: RigKey<HeartRateStrap> { RigKey("heart-rate-strap") }
}
