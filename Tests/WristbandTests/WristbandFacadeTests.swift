import BLESimulation
import E4Protocol
import RigCore
import RigHost
import Testing
import Wristband
import WristbandSimulator

/// A phone with the Empatica API and one simulated E4 on the radio, on a virtual clock.
private func withBand<T: Sendable>(
    poweredOn: Bool = true,
    _ body: @escaping @Sendable (VirtualClock, EmpaticaAPI, E4Simulator) async throws -> T
) async throws -> T {
    let clock = VirtualClock()
    let trace = TraceLog(clock: clock)
    return try await clock.run {
        let radio = SimulatedRadio(clock: clock, trace: trace, seed: 5)
        var simulation = WristbandSimulation(serialNumber: "T0001", address: "00:07:80:00:00:01")
        simulation.poweredOn = poweredOn
        let band = E4Simulator(role: "band", settings: simulation, clock: clock, trace: trace, seed: 9)
        radio.add(band)
        await band.start()
        let host = PhoneHost(settings: HostSettings(), clock: clock, trace: trace)
        let api = EmpaticaAPI(central: radio, host: host, clock: clock, trace: trace, accounts: EmpaticaAccounts(acceptedKeys: ["k"]), bluetoothOn: true)
        _ = await api.authenticate(apiKey: "k")
        await api.followAppLifecycle()
        let result = try await body(clock, api, band)
        await band.shutDown()
        return result
    }
}

@Suite struct WristbandFacadeTests {
    @Test func connectStreamsSamplesStampedFromTheStartAndDisconnectStops() async throws {
        let (kinds, statuses, bvpSteps, afterDisconnect) = try await withBand { clock, api, band in
            let manager = try #require(try await api.discoverDevices().first)
            let samples = manager.samples()
            let statuses = manager.statusUpdates
            #expect(await manager.connect())
            try await clock.sleep(for: .seconds(30))
            await manager.disconnect()
            let streaming = await band.isStreaming
            var collected: [WristbandSample] = []
            var iterator = samples.makeAsyncIterator()
            while let next = await iterator.next() {
                collected.append(next)
                if collected.count == 3000 { break }
            }
            var seen: [DeviceStatus] = []
            for await status in statuses {
                seen.append(status)
                if seen.count == 4 { break }
            }
            let bvp = collected.filter { $0.kind == .bvp }.map(\.timestamp)
            let steps = Set(zip(bvp.dropFirst(), bvp).map { (($0 - $1) * 64).rounded() })
            return (Set(collected.map(\.kind)), seen, steps, streaming)
        }
        #expect(kinds.isSuperset(of: [.bvp, .acceleration, .gsr, .temperature, .ibi]))
        #expect(statuses == [.connecting, .connected, .disconnecting, .disconnected])
        #expect(bvpSteps == [1], "consecutive BVP samples are 1/64 s apart")
        #expect(!afterDisconnect, "the band stops streaming when the central disconnects")
    }

    @Test func aBandThatIsOffIsNotDiscovered() async throws {
        let found = try await withBand(poweredOn: false) { _, api, _ in try await api.discoverDevices().count }
        #expect(found == 0)
    }

}
