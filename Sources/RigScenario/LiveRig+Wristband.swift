import BLESimulation
import RigCore
import Wristband
import WristbandSimulator

extension LiveRig {
    /// The simulated radio with every simulated peripheral of the rig on the air (made on first use).
    ///
    /// Wristbands bound `ble-peripheral` get their simulator too, broadcast through their adapter instead.
    public func radio() throws -> SimulatedRadio {
        try facade("radio") {
            let radio = SimulatedRadio(clock: clock, trace: trace, seed: seed)
            for spec in file.devices where spec.link.runsSimulator && (spec.kind == .e4 || spec.kind == .e3) {
                var random = random("wristband/\(spec.role)")
                let simulator = E4Simulator(role: spec.role, settings: try WristbandSimulation.from(spec), clock: clock, trace: trace,
                                            seed: random.next())
                if spec.link.isSimulated { radio.add(simulator) } else { try broadcast(simulator, for: spec) }
                cache(simulator, as: "simulator/\(spec.role)")
                _ = clock.spawn { await simulator.start() }
                addCleanup { await simulator.shutDown() }
            }
            return radio
        }
    }

    /// The simulator playing the wristband `role`, for knobs and faults; skips the scenario on a rig where it is real.
    public func wristbandSimulator(_ role: String) throws -> E4Simulator {
        _ = try device(role, kinds: [.e4, .e3])
        _ = try radio()
        guard let simulator: E4Simulator = cached("simulator/\(role)") else {
            throw RigUnavailable(reason: "role \(JSONText.quote(role)) has no simulator")
        }
        return simulator
    }

    /// The app's EmpaLink API on the rig's phone (one per run), scanning the rig's central: the simulated radio,
    /// and BlueZ where the rig binds wristbands over `ble` or broadcasts them through `ble-peripheral`.
    public func empatica() async throws -> EmpaticaAPI {
        if let api: EmpaticaAPI = cached("empatica") { return api }
        let bands = file.devices.filter { $0.kind == .e4 || $0.kind == .e3 }
        if !bands.isEmpty, bands.allSatisfy({ if case .blePeripheral(_, nil, _) = $0.link { true } else { false } }) {
            throw RigUnavailable(reason: "the rig's wristbands are broadcast for outside centrals only (no \"central\" adapter in their ble-peripheral)")
        }
        _ = try radio()
        let central = try central()
        var keys: [String] = []
        for spec in bands where spec.link.runsSimulator { keys += try WristbandSimulation.from(spec).acceptedApiKeys }
        if keys.isEmpty { keys = [WristbandSimulation.defaultTestKey] }
        let api = EmpaticaAPI(central: central, host: host, clock: clock, trace: trace, accounts: EmpaticaAccounts(acceptedKeys: keys),
                              bluetoothOn: await host.snapshot.bluetoothEnabled)
        await api.watchBluetooth()
        cache(api, as: "empatica")
        return api
    }
}
