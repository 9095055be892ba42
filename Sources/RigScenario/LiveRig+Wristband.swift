import BLESimulation
import RigCore
import Wristband
import WristbandSimulator

extension LiveRig {
    /// The simulated radio with every simulated peripheral of the rig on the air (made on first use).
    public func radio() throws -> SimulatedRadio {
        try facade("radio") {
            let radio = SimulatedRadio(clock: clock, trace: trace, seed: seed)
            for spec in file.devices where spec.link.isSimulated && (spec.kind == .e4 || spec.kind == .e3) {
                var random = random("wristband/\(spec.role)")
                let simulator = E4Simulator(role: spec.role, settings: try WristbandSimulation.from(spec), clock: clock, trace: trace,
                                            seed: random.next())
                radio.add(simulator)
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

    /// The app's EmpaLink API on the rig's phone (one per run), scanning the rig's radio.
    public func empatica() async throws -> EmpaticaAPI {
        if let api: EmpaticaAPI = cached("empatica") { return api }
        let radio = try radio()
        var keys: [String] = []
        for spec in file.devices where spec.kind == .e4 || spec.kind == .e3 {
            if spec.link.isSimulated { keys += try WristbandSimulation.from(spec).acceptedApiKeys }
        }
        if keys.isEmpty { keys = [WristbandSimulation.defaultTestKey] }
        let api = EmpaticaAPI(central: radio, host: host, clock: clock, trace: trace, accounts: EmpaticaAccounts(acceptedKeys: keys),
                              bluetoothOn: await host.snapshot.bluetoothEnabled)
        await api.watchBluetooth()
        cache(api, as: "empatica")
        return api
    }
}
