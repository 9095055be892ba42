import RigCore
import RigKitBLE
import RigScenario
import WristbandSimulator

/// The Empatica family: E3 and E4 wristbands, simulated on the BLE radio, real in range of an adapter (`ble`), or
/// simulated and advertised on an adapter (`ble-peripheral`).
public struct WristbandFamily: RigPlugin {
    public init() {}
    public var name: String { "wristband" }
    public var faultEventKinds: [String] { ["badPacket", "sampleDropped", "batteryDead"] }
    public var deviceKinds: [DeviceKindSupport] {
        [DeviceKindSupport(.e4, links: ["simulated", "ble", "ble-peripheral"], summary: "Empatica E4 wristband (BLE)"),
         DeviceKindSupport(.e3, links: ["simulated", "ble", "ble-peripheral"], summary: "Empatica E3 wristband (BLE)")]
    }

    public func validate(_ device: DeviceSpec, in rig: RigFile) throws(RigFileError) {
        _ = try WristbandSimulation.from(device)
    }

    /// Makes a simulator for every wristband the rig plays and puts it on the air, in rig-file order.
    public func bringUp(_ rig: LiveRig) async throws {
        for spec in rig.devices(of: [.e4, .e3]) where spec.link.runsSimulator {
            var random = rig.random("wristband/\(spec.role)")
            let simulator = E4Simulator(role: spec.role, settings: try WristbandSimulation.from(spec), clock: rig.clock, trace: rig.trace,
                                        seed: random.next())
            try rig.putOnAir(simulator, for: spec)
            rig.setPart(simulator, .wristbandSimulator, of: spec.role)
            _ = rig.clock.spawn { await simulator.start() }
            rig.addCleanup { await simulator.shutDown() }
        }
    }

    public func recognise(_ device: ProbedDevice) -> DeviceKind? {
        guard case .ble(_, let name, _) = device, let name else { return nil }
        if name.hasPrefix("Empatica E4") { return .e4 }
        if name.hasPrefix("Empatica E3") { return .e3 }
        return nil
    }
}

extension RigKey where Value == E4Simulator {
    static var wristbandSimulator: RigKey<E4Simulator> { RigKey("wristband-simulator") }
}
