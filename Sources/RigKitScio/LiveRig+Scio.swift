import BLESimulation
import RigCore
import RigKitBLE
import RigKitUSB
import RigScenario
import ScioCloud
import ScioProtocol
import ScioSimulator
import Spectrometer
import USBLink
import USBSimulation

extension LiveRig {
    /// The simulator playing the SCiO `role`, for knobs and faults; skips the scenario on a rig where it is real.
    public func scioSimulator(_ role: String) async throws -> ScioSimulator {
        _ = try device(role, kinds: [.scio])
        guard let simulator = part(.scioSimulator, of: role) else { throw RigUnavailable(reason: "role \(JSONText.quote(role)) has no simulator") }
        return simulator
    }

    /// The app process the SCiO SDK runs in (one per run): calibrations live here until `restart()`.
    public func scioApp() throws -> ScioAppSession {
        try service(.scioApp, orMake: { ScioAppSession(trace: trace) })
    }

    /// The SCiO playing `role`, over the link its rig entry names (BLE or USB CDC), not yet connected.
    public func spectrometer(_ role: String) async throws -> Spectrometer {
        let spec = try device(role, kinds: [.scio], realLinks: ["usb", "ble"])
        return try await part(.spectrometer, of: role, orBuild: { try await makeSpectrometer(spec) })
    }

    private func makeSpectrometer(_ spec: DeviceSpec) async throws -> Spectrometer {
        let role = spec.role
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
            guard let address = bleAddress(role, simulatorAddress: simulator.address) else {
                throw RigUnavailable(reason: "role \(JSONText.quote(role)) is broadcast for outside centrals only (no \"central\" adapter in its ble-peripheral)")
            }
            return .ble(central: try central(), address: address)
        case .usb:
            let serial = await simulator.deviceID.description
            return .usb(host: try usbBus(), match: USBDeviceMatch(vendorID: ScioUSB.vendorID, productID: ScioUSB.productID, serialNumber: serial))
        }
    }

    /// The SCiO cloud with RigKit's shipped models (one per run); its time-outs run on the rig's clock.
    public func scioCloud() throws -> ScioCloud {
        try service(.scioCloud, orMake: { try ScioCloud.bundled(clock: clock, trace: trace) })
    }

    /// The phone's scan cache, in this run's folder; it survives app restarts and takes the host's free storage.
    public func scanCache() -> ScanCache {
        ScanCache(directory: directory.appendingPathComponent("scan-cache", isDirectory: true), host: host)
    }
}

extension RigKey where Value == ScioSimulator {
    static var scioSimulator: RigKey<ScioSimulator> { RigKey("scio-simulator") }
}

extension RigKey where Value == Spectrometer {
    static var spectrometer: RigKey<Spectrometer> { RigKey("spectrometer") }
}

extension RigKey where Value == ScioAppSession {
    static var scioApp: RigKey<ScioAppSession> { RigKey("scio-app") }
}

extension RigKey where Value == ScioCloud {
    static var scioCloud: RigKey<ScioCloud> { RigKey("scio-cloud") }
}
