import BLESimulation
import RigCore
import RigKitBLE
import RigScenario
import Wristband
import WristbandSimulator

extension LiveRig {
    /// The simulator playing the wristband `role`, for knobs and faults; skips the scenario on a rig where it is real.
    public func wristbandSimulator(_ role: String) throws -> E4Simulator {
        _ = try device(role, kinds: [.e4, .e3])
        guard let simulator = part(.wristbandSimulator, of: role) else {
            throw RigUnavailable(reason: "role \(JSONText.quote(role)) has no simulator")
        }
        return simulator
    }

    /// The app's EmpaLink API on the rig's phone (one per run), scanning the rig's central: the simulated radio,
    /// and BlueZ where the rig binds wristbands over `ble` or broadcasts them through `ble-peripheral`.
    public func empatica() async throws -> EmpaticaAPI {
        try await service(.empatica, orBuild: { try await makeEmpatica() })
    }

    /// The simulated Empatica server the app authenticates against (one per run): accepts the rig's keys; set outages on it.
    public func empaticaServer() throws -> EmpaticaAccounts {
        try service(.empaticaServer, orMake: {
            var keys: [String] = []
            for spec in devices(of: [.e4, .e3]) where spec.link.runsSimulator { keys += try WristbandSimulation.from(spec).acceptedApiKeys }
            return EmpaticaAccounts(acceptedKeys: keys.isEmpty ? [WristbandSimulation.defaultTestKey] : keys)
        })
    }

    private func makeEmpatica() async throws -> EmpaticaAPI {
        let bands = devices(of: [.e4, .e3])
        if !bands.isEmpty, bands.allSatisfy({ if case .blePeripheral(_, nil, _) = $0.link { true } else { false } }) {
            throw RigUnavailable(reason: "the rig's wristbands are broadcast for outside centrals only (no \"central\" adapter in their ble-peripheral)")
        }
        let central = try central()
        let api = EmpaticaAPI(central: central, host: host, clock: clock, trace: trace, accounts: try empaticaServer(),
                              bluetoothOn: await host.snapshot.bluetoothEnabled)
        await api.watchBluetooth()
        return api
    }
}

extension RigKey where Value == EmpaticaAPI {
    static var empatica: RigKey<EmpaticaAPI> { RigKey("empatica-api") }
}

extension RigKey where Value == EmpaticaAccounts {
    static var empaticaServer: RigKey<EmpaticaAccounts> { RigKey("empatica-server") }
}

extension LiveRig {
    /// The address the app finds the wristband playing `role` at, real or simulated: the rig file's for a band bound
    /// over `ble`, the adapter's for a simulator broadcast through `ble-peripheral`, else its simulator's.
    public func wristbandAddress(_ role: String) throws -> String {
        let spec = try device(role, kinds: [.e4, .e3], realLinks: ["ble"])
        if case .ble(_, let address, _) = spec.link { return address }
        let simulator = try wristbandSimulator(role)
        guard let address = bleAddress(role, simulatorAddress: simulator.address) else {
            throw RigUnavailable(reason: "role \(JSONText.quote(role)) is broadcast for outside centrals only (no \"central\" adapter in its ble-peripheral)")
        }
        return address
    }
}
