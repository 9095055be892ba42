import BLESimulation
import RigCore
import ScioCloud
import ScioProtocol
import ScioSimulator
import Spectrometer
import USBLink
import USBSimulation

extension LiveRig {
    /// Every simulated SCiO of the rig by role, made on first use: BLE ones on the radio, USB ones on the bus.
    private func scioSimulators() async throws -> [String: ScioSimulator] {
        if let made: [String: ScioSimulator] = cached("scio-simulators") { return made }
        var made: [String: ScioSimulator] = [:]
        for spec in file.devices where spec.kind == .scio && spec.link.runsSimulator {
            let settings = try ScioSimulation.from(spec)
            var random = random("scio/\(spec.role)")
            let simulator = ScioSimulator(role: spec.role, settings: settings, clock: clock, trace: trace, seed: random.next())
            switch settings.transport {
            case .ble where spec.link.isSimulated: try radio().add(simulator)
            case .ble: try broadcast(simulator, for: spec)
            case .usb where spec.link.isSimulated: await simulator.plug(into: try await usbBus())
            case .usb: throw RigUnavailable(reason: "role \(JSONText.quote(spec.role)) is broadcast over BLE; its simulator's transport must be \"ble\", not \"usb\"")
            }
            await simulator.start()
            addCleanup { await simulator.shutDown() }
            made[spec.role] = simulator
        }
        cache(made, as: "scio-simulators")
        return made
    }

    /// The simulator playing the SCiO `role`, for knobs and faults; skips the scenario on a rig where it is real.
    public func scioSimulator(_ role: String) async throws -> ScioSimulator {
        _ = try device(role, kinds: [.scio])
        guard let simulator = try await scioSimulators()[role] else { throw RigUnavailable(reason: "role \(JSONText.quote(role)) has no simulator") }
        return simulator
    }

    /// The app process the SCiO SDK runs in (one per run): calibrations live here until `restart()`.
    public func scioApp() throws -> ScioAppSession {
        try facade("scio-app") { ScioAppSession(trace: trace) }
    }

    /// The SCiO playing `role`, over the link its rig entry names (BLE or USB CDC), not yet connected.
    public func spectrometer(_ role: String) async throws -> Spectrometer {
        let spec = try device(role, kinds: [.scio], realLinks: ["ble"])
        if let existing: Spectrometer = cached("spectrometer/\(role)") { return existing }
        let connection: ScioConnection
        if case .ble(_, let address, _) = spec.link {
            connection = .ble(central: try central(), address: address)
        } else {
            let simulator = try await scioSimulator(role)
            switch simulator.transport {
            case .ble:
                guard let address = try bleAddress(role, simulatorAddress: simulator.address) else {
                    throw RigUnavailable(reason: "role \(JSONText.quote(role)) is broadcast for outside centrals only (no \"central\" adapter in its ble-peripheral)")
                }
                connection = .ble(central: try central(), address: address)
            case .usb:
                let serial = await simulator.deviceID.description
                connection = .usb(host: try await usbBus(), match: USBDeviceMatch(vendorID: ScioUSB.vendorID, productID: ScioUSB.productID, serialNumber: serial))
            }
        }
        let spectrometer = Spectrometer(role: role, connection: connection, app: try scioApp(), clock: clock, trace: trace)
        cache(spectrometer, as: "spectrometer/\(role)")
        addCleanup { await spectrometer.disconnect() }
        return spectrometer
    }

    /// The SCiO cloud with RigKit's shipped models (one per run); its version policy starts as `block`.
    public func scioCloud() throws -> ScioCloud {
        try facade("scio-cloud") { try ScioCloud.bundled(versionPolicy: .block) }
    }

    /// The phone's scan cache, in this run's folder; it survives app restarts.
    public func scanCache() -> ScanCache {
        ScanCache(directory: directory.appendingPathComponent("scan-cache", isDirectory: true))
    }
}
