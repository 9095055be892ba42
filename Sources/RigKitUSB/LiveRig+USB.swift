import RigCore
import RigScenario
import USBDeviceSide
import USBLink
import USBSimulation

extension LiveRig {
    /// The simulated USB bus with every simulated USB device of the rig plugged in (brought up before the body).
    public func usbBus() throws(RigUnavailable) -> SimulatedUSBBus {
        guard let bus = service(.simulatedUSBBus) else {
            throw RigUnavailable(reason: "this runner has no simulated USB bus (add USBSimulationPlugin to its plug-ins)")
        }
        return bus
    }

    /// The machine's real USB bus through the run's real USB backend (made on first use).
    public func realUSB() throws -> any USBHost {
        try service(.realUSBHost, orMake: {
            guard let backend = plugins.first((any RealUSBBackend).self) else {
                throw RigUnavailable(reason: "the rig reaches a device over a real USB path, and this runner has no real USB backend (add LibUSBPlugin from RigKitLibUSB)")
            }
            return try backend.host(clock: clock)
        })
    }

    /// Serves the simulator that `plug` puts on a new in-memory bus behind the real USB path of the `usb-gadget` device `spec`.
    ///
    /// The simulator gets a bus of its own, so its knobs act on that bus as on a simulated rig; `USBFunctionServer`
    /// mirrors its cable onto the real path (gadget UDC or emulator socket). Returns the simulator's bus.
    public func serveBehindRealUSB(_ spec: DeviceSpec, _ gadget: USBGadgetLink, inEndpoint: UInt8,
                            plug: (SimulatedUSBBus) async -> Void) async throws -> SimulatedUSBBus {
        let bus = SimulatedUSBBus(clock: clock, trace: trace)
        await plug(bus)
        let channel: any DeviceSideChannel
        switch gadget.deviceSide {
        case .tty(let path, let directory, let udc): channel = GadgetTTYChannel(tty: path, gadget: directory, udc: udc)
        case .socket(let path): channel = try await EmulatorSocketChannel(socket: path, inEndpoint: inEndpoint)
        }
        let server = USBFunctionServer(bus: bus, match: USBDeviceMatch(vendorID: gadget.vendor, productID: gadget.product, serialNumber: gadget.serial),
                                       channel: channel, trace: trace, name: spec.role)
        addCleanup { await server.stop() }
        try await server.start()
        // A plugged device is ready once the harness side sees it: a kernel gadget needs a moment to enumerate
        // (seconds under TCG), and the app asks for availability at once, as after a real cable is plugged in.
        let match = Self.realMatch(gadget)
        if await bus.devices().contains(where: { match.matches($0) }) {
            let host = try realUSB()
            let deadline = clock.now + .seconds(15)
            while !(await host.devices().contains { match.matches($0) }), clock.now < deadline {
                try await clock.sleep(for: .milliseconds(100))
            }
        }
        return bus
    }

    /// How the harness finds the `usb-gadget` device on the real bus.
    public static func realMatch(_ gadget: USBGadgetLink) -> USBDeviceMatch {
        USBDeviceMatch(vendorID: gadget.vendor, productID: gadget.product, serialNumber: gadget.serial)
    }
}

extension RigKey where Value == any USBHost {
    /// The host side of the machine's real USB bus.
    public static var realUSBHost: RigKey<any USBHost> { RigKey("real-usb-host") }
}
