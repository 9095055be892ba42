import CognexCore
import CognexReader
import CognexSimulator
import RigCore
import RigKitUSB
import RigScenario
import USBLink
import USBSimulation

/// A simulated MX reader on the rig's USB bus, with its cable.
public struct MXStation: Sendable {
    public let simulator: MXReaderSimulator
    public let bus: SimulatedUSBBus
    public let role: String

    /// Pulls the USB cable: the reader leaves the bus.
    public func unplugCable() async { await bus.unplug(role: role) }

    /// Plugs the cable back in.
    public func plugCable() async { await bus.plug(simulator, role: role) }
}

extension LiveRig {
    /// The simulated MX reader playing `role` with its cable; skips the scenario where the reader is real.
    public func mxStation(_ role: String) throws -> MXStation {
        _ = try device(role, kinds: [.mx1000, .mx1502])
        guard let station = part(.mxStation, of: role) else { throw RigUnavailable(reason: "role \(JSONText.quote(role)) has no simulator") }
        return station
    }

    /// The app's reader for the MX device playing `role` (`readerOfMX()`), following the bus: the simulated one,
    /// or the real one through libusb when the rig reaches the role over `usb`.
    public func mxReader(_ role: String) async throws -> MXReader {
        let spec = try device(role, kinds: [.mx1000, .mx1502], realLinks: ["usb"])
        return try await part(.mxReader, of: role, orBuild: { try await makeMXReader(spec) })
    }

    private func makeMXReader(_ spec: DeviceSpec) async throws -> MXReader {
        let role = spec.role
        let usbHost: any USBHost
        let match: USBDeviceMatch
        if case .usb(let vendor, let product, let serial) = spec.link {
            usbHost = try realUSB()
            match = USBDeviceMatch(vendorID: vendor, productID: product, serialNumber: serial)
        } else if case .usbGadget(let gadget) = spec.link {
            usbHost = try realUSB()   // bring-up served the simulator on the device side
            match = Self.realMatch(gadget)
        } else {
            let settings = try MXSimulation.from(spec)
            usbHost = try usbBus()
            match = USBDeviceMatch(vendorID: settings.vendorID, productID: settings.productID, serialNumber: settings.serialNumber)
        }
        let reader = MXReader(name: "\(role) reader", host: usbHost, match: match, clock: clock, trace: trace)
        await reader.watchAvailability()
        await reader.followAppLifecycle(of: host)
        addCleanup { await reader.disconnect() }
        return reader
    }

    /// The serial number the MX device playing `role` reports: the one the rig file binds over `usb`, or its simulator's.
    public func mxSerialNumber(_ role: String) throws -> String? {
        let spec = try device(role, kinds: [.mx1000, .mx1502], realLinks: ["usb"])
        if case .usb(_, _, let serial) = spec.link { return serial }
        if case .usbGadget(let gadget) = spec.link { return gadget.serial }
        return try MXSimulation.from(spec).serialNumber
    }

    /// How the app's reader finds the MX device playing `role` on its bus, as its messages print it (`1209:0d02 serial …`).
    public func mxMatch(_ role: String) throws -> USBDeviceMatch {
        let spec = try device(role, kinds: [.mx1000, .mx1502], realLinks: ["usb"])
        switch spec.link {
        case .usb(let vendor, let product, let serial): return USBDeviceMatch(vendorID: vendor, productID: product, serialNumber: serial)
        case .usbGadget(let gadget): return Self.realMatch(gadget)
        default:
            let settings = try MXSimulation.from(spec)
            return USBDeviceMatch(vendorID: settings.vendorID, productID: settings.productID, serialNumber: settings.serialNumber)
        }
    }

    /// The simulated MX-100 playing `role`.
    public func mx100(_ role: String) throws -> MX100Simulator {
        _ = try device(role, kinds: [.mx100])
        guard let simulator = part(.mx100, of: role) else { throw RigUnavailable(reason: "role \(JSONText.quote(role)) has no simulator") }
        return simulator
    }

    /// A camera reader on the phone's camera playing `role` (`readerOfDeviceCamera(with:previewOptions:)`).
    ///
    /// In `.activeAimer` mode it uses the rig's MX-100 (the first `mx-100` device), if there is one.
    /// Each call makes a new reader, as an app does when it changes mode.
    public func cameraReader(_ role: String, mode: CameraMode, options: PreviewOptions = .defaults, licenseKey: String? = nil) async throws -> CameraReader {
        let spec = try device(role, kinds: [.cameraReader])
        let hasFrontCamera = try CognexFamily.cameraHasFrontCamera(spec)
        let supportsFullHD = try CognexFamily.cameraSupportsFullHD(spec)
        let aimerRole = file.devices.first { $0.kind == .mx100 }?.role
        let aimer: (any MX100Optics)? = try aimerRole.map { try mx100($0) }
        var random = random("camera/\(role)/\(mode.rawValue)/\(options.rawValue)")
        let reader = CameraReader(name: "\(role) \(mode.rawValue)", mode: mode, options: options, licenseKey: licenseKey,
                                  hasFrontCamera: hasFrontCamera, supportsFullHD: supportsFullHD, aimer: aimer, host: host, clock: clock, trace: trace, seed: random.next())
        addCleanup { await reader.disconnect() }
        return reader
    }
}

extension RigKey where Value == MXStation {
    static var mxStation: RigKey<MXStation> { RigKey("mx-station") }
}

extension RigKey where Value == MXReader {
    static var mxReader: RigKey<MXReader> { RigKey("mx-reader") }
}

extension RigKey where Value == MX100Simulator {
    static var mx100: RigKey<MX100Simulator> { RigKey("mx-100") }
}
