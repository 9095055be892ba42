import BLESimulation
import RigCore
import ScioCloud
import ScioProtocol
import ScioSimulator
import Spectrometer
import USBLibUSB
import USBLink
import USBSimulation

extension LiveRig {
    /// Every simulated SCiO of the rig by role, made on first use: BLE ones on the radio, USB ones on the bus.
    private func scioSimulators() async throws -> [String: ScioSimulator] {
        if let made: [String: ScioSimulator] = cached("scio-simulators") { return made }
        var made: [String: ScioSimulator] = [:]
        for spec in file.devices where spec.kind == .scio && spec.link.runsSimulator {
            let settings = try ScioSimulation.from(spec)
            if case .usbGadget = spec.link, settings.transport != .usb {
                throw RigUnavailable(reason: "role \(JSONText.quote(spec.role)) is a usb-gadget, its simulator's transport must be usb")
            }
            var random = random("scio/\(spec.role)")
            let simulator = ScioSimulator(role: spec.role, settings: settings, clock: clock, trace: trace, seed: random.next())
            switch (settings.transport, spec.link) {
            case (.ble, .blePeripheral): try broadcast(simulator, for: spec)
            case (.ble, _): try radio().add(simulator)
            case (.usb, .usbGadget(let gadget)):
                _ = try await serveBehindRealUSB(spec, gadget, inEndpoint: ScioUSB.bulkIn) { own in await simulator.plug(into: own) }
            case (.usb, .blePeripheral):
                throw RigUnavailable(reason: "role \(JSONText.quote(spec.role)) is broadcast over BLE; its simulator's transport must be \"ble\", not \"usb\"")
            case (.usb, _): await simulator.plug(into: try await usbBus())
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
        let spec = try device(role, kinds: [.scio], realLinks: ["usb", "ble"])
        if let existing: Spectrometer = cached("spectrometer/\(role)") { return existing }
        let connection: ScioConnection
        switch spec.link {
        case .usb(let vendor, let product, let serial):
            // A real SCiO on the machine's bus: USB CDC through libusb.
            connection = .usb(host: try realUSB(), match: USBDeviceMatch(vendorID: vendor, productID: product, serialNumber: serial))
        case .usbGadget(let gadget):
            _ = try await scioSimulator(role)   // serves the device side first
            connection = .usb(host: try realUSB(), match: Self.realMatch(gadget))
        case .ble(_, let address, _):
            // A real SCiO in range of the rig's adapter.
            connection = .ble(central: try central(), address: address)
        default:
            connection = try await simulatedConnection(role)
        }
        let spectrometer = Spectrometer(role: role, connection: connection, app: try scioApp(), clock: clock, trace: trace)
        cache(spectrometer, as: "spectrometer/\(role)")
        addCleanup { await spectrometer.disconnect() }
        return spectrometer
    }

    /// Whether the SCiO simulator playing `role` sees the CDC control requests the app sends (line coding): on the
    /// simulated bus and behind the umockdev emulator it does; behind a kernel gadget the kernel's ACM function answers them.
    public func scioSeesUSBControlRequests(_ role: String) -> Bool {
        guard case .usbGadget(let gadget)? = file.device(role: role)?.link, case .tty = gadget.deviceSide else { return true }
        return false
    }

    /// The connection to the simulator playing `role`: on the simulated radio or bus, or through the adapter it is broadcast on.
    private func simulatedConnection(_ role: String) async throws -> ScioConnection {
        let simulator = try await scioSimulator(role)
        switch simulator.transport {
        case .ble:
            guard let address = try bleAddress(role, simulatorAddress: simulator.address) else {
                throw RigUnavailable(reason: "role \(JSONText.quote(role)) is broadcast for outside centrals only (no \"central\" adapter in its ble-peripheral)")
            }
            return .ble(central: try central(), address: address)
        case .usb:
            let serial = await simulator.deviceID.description
            return .usb(host: try await usbBus(), match: USBDeviceMatch(vendorID: ScioUSB.vendorID, productID: ScioUSB.productID, serialNumber: serial))
        }
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
