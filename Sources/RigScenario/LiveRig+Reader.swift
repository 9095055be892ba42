import CognexCore
import CognexReader
import CognexSimulator
import RigCore
import USBLibUSB
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
    /// The simulated USB bus with every simulated USB device of the rig plugged in (made on first use).
    public func usbBus() async throws -> SimulatedUSBBus {
        if let bus: SimulatedUSBBus = cached("usb-bus") { return bus }
        let bus = SimulatedUSBBus(clock: clock, trace: trace)
        cache(bus, as: "usb-bus")
        for spec in file.devices where spec.link.runsSimulator && (spec.kind == .mx1000 || spec.kind == .mx1502) {
            var settings = try MXSimulation.from(spec)
            if case .usbGadget(let gadget) = spec.link {
                // The simulator shows the IDs the harness looks for on the real bus.
                (settings.vendorID, settings.productID, settings.serialNumber) = (gadget.vendor, gadget.product, gadget.serial)
            }
            var random = random("mx/\(spec.role)")
            let simulator = MXReaderSimulator(role: spec.role, model: settings.model, serialNumber: settings.serialNumber,
                                              vendorID: settings.vendorID, productID: settings.productID,
                                              batteryPercent: settings.batteryPercent, clock: clock, trace: trace, seed: random.next())
            await simulator.setInactivityTimeout(settings.inactivityTimeout)
            let role = spec.role
            // A reader behind a real USB path (usb-gadget) is on a bus of its own that the device side follows.
            var stationBus = bus
            if case .usbGadget(let gadget) = spec.link {
                stationBus = try await serveBehindRealUSB(spec, gadget, inEndpoint: MXReaderSimulator.bulkIn) { own in
                    await own.plug(simulator, role: role)
                }
            } else {
                await bus.plug(simulator, role: spec.role)
            }
            await simulator.observePower { [stationBus, simulator] on in
                if on { await stationBus.plug(simulator, role: role) } else { await stationBus.unplug(role: role) }
            }
            cache(MXStation(simulator: simulator, bus: stationBus, role: spec.role), as: "mx/\(spec.role)")
            addCleanup { await simulator.shutDown() }
        }
        return bus
    }

    /// The simulated MX reader playing `role` with its cable; skips the scenario where the reader is real.
    public func mxStation(_ role: String) async throws -> MXStation {
        _ = try device(role, kinds: [.mx1000, .mx1502])
        _ = try await usbBus()
        guard let station: MXStation = cached("mx/\(role)") else { throw RigUnavailable(reason: "role \(JSONText.quote(role)) has no simulator") }
        return station
    }

    /// The machine's real USB bus through libusb (made on first use).
    public func realUSB() throws -> LibUSBHost {
        try facade("libusb") { try LibUSBHost(clock: clock) }
    }

    /// The app's reader for the MX device playing `role` (`readerOfMX()`), following the bus: the simulated one,
    /// or the real one through libusb when the rig reaches the role over `usb`.
    public func mxReader(_ role: String) async throws -> MXReader {
        let spec = try device(role, kinds: [.mx1000, .mx1502], realLinks: ["usb"])
        if let reader: MXReader = cached("mx-reader/\(role)") { return reader }
        let usbHost: any USBHost
        let match: USBDeviceMatch
        if case .usb(let vendor, let product, let serial) = spec.link {
            usbHost = try realUSB()
            match = USBDeviceMatch(vendorID: vendor, productID: product, serialNumber: serial)
        } else if case .usbGadget(let gadget) = spec.link {
            _ = try await usbBus()   // serves the simulator on the device side first
            usbHost = try realUSB()
            match = Self.realMatch(gadget)
        } else {
            let settings = try MXSimulation.from(spec)
            usbHost = try await usbBus()
            match = USBDeviceMatch(vendorID: settings.vendorID, productID: settings.productID, serialNumber: settings.serialNumber)
        }
        let reader = MXReader(name: "\(role) reader", host: usbHost, match: match, clock: clock, trace: trace)
        await reader.watchAvailability()
        await reader.followAppLifecycle(of: host)
        cache(reader, as: "mx-reader/\(role)")
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
        let spec = try device(role, kinds: [.mx100])
        return try facade("mx100/\(role)") {
            var serial = "MX100-\(role.uppercased())"
            if case .simulated(let parameters?) = spec.link {
                let m = try parameters.object(allowed: ["serialNumber"])
                if let c = m["serialNumber"] { serial = try c.name() }
            }
            return MX100Simulator(serialNumber: serial, clock: clock)
        }
    }

    /// A camera reader on the phone's camera playing `role` (`readerOfDeviceCamera(with:previewOptions:)`).
    ///
    /// In `.activeAimer` mode it uses the rig's MX-100 (the first `mx-100` device), if there is one.
    /// Each call makes a new reader, as an app does when it changes mode.
    public func cameraReader(_ role: String, mode: CameraMode, options: PreviewOptions = .defaults, licenseKey: String? = nil) async throws -> CameraReader {
        let spec = try device(role, kinds: [.cameraReader])
        var hasFrontCamera = true
        if case .simulated(let parameters?) = spec.link {
            let m = try parameters.object(allowed: ["hasFrontCamera"])
            if let c = m["hasFrontCamera"] { hasFrontCamera = try c.bool() }
        }
        let aimerRole = file.devices.first { $0.kind == .mx100 }?.role
        let aimer: (any MX100Optics)? = try aimerRole.map { try mx100($0) }
        var random = random("camera/\(role)/\(mode.rawValue)/\(options.rawValue)")
        let reader = CameraReader(name: "\(role) \(mode.rawValue)", mode: mode, options: options, licenseKey: licenseKey,
                                  hasFrontCamera: hasFrontCamera, aimer: aimer, host: host, clock: clock, trace: trace, seed: random.next())
        addCleanup { await reader.disconnect() }
        return reader
    }
}
