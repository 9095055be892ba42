import BLESimulation
import RigCore
import ScioProtocol
import ScioSimulator
import Spectrometer
import USBLink
import USBSimulation

/// A simulated SCiO and a facade connected to it over `transport`, on a virtual clock.
struct ScioRig {
    let simulator: ScioSimulator
    let spectrometer: Spectrometer
    let app: ScioAppSession
    let trace: TraceLog

    init(clock: VirtualClock, transport: ScioSimulation.Transport, configure: (inout ScioSimulation) -> Void = { _ in }) async {
        trace = TraceLog(clock: clock)
        var settings = ScioSimulation(deviceID: ScioDeviceID(hex: "12A1B2C3D4E5F607")!, name: "SCiO", address: "C0:5C:10:00:00:01")
        settings.transport = transport
        configure(&settings)
        simulator = ScioSimulator(role: "scio", settings: settings, clock: clock, trace: trace, seed: 42)
        await simulator.start()
        app = ScioAppSession(trace: trace)
        let connection: ScioConnection
        switch transport {
        case .ble:
            let radio = SimulatedRadio(clock: clock, trace: trace, seed: 1)
            radio.add(simulator)
            connection = .ble(central: radio, address: settings.address)
        case .usb:
            let bus = SimulatedUSBBus(clock: clock, trace: trace)
            await simulator.plug(into: bus)
            connection = .usb(host: bus, match: USBDeviceMatch(vendorID: ScioUSB.vendorID, productID: ScioUSB.productID))
        }
        spectrometer = Spectrometer(role: "scio", connection: connection, app: app, clock: clock, trace: trace)
    }

    func shutDown() async {
        await spectrometer.disconnect()
        await simulator.shutDown()
    }
}

/// Runs `body` with a fresh rig on a virtual clock.
func withScio<T: Sendable>(_ transport: ScioSimulation.Transport, configure: @escaping @Sendable (inout ScioSimulation) -> Void = { _ in },
                           _ body: @escaping @Sendable (ScioRig) async throws -> T) async throws -> T {
    let clock = VirtualClock()
    return try await clock.run {
        let rig = await ScioRig(clock: clock, transport: transport, configure: configure)
        defer { Task { await rig.shutDown() } }
        let result = try await body(rig)
        await rig.shutDown()
        return result
    }
}
