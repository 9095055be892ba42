import CognexSimulator
import RigCore
import RigKitUSB
import RigScenario
import USBSimulation

/// The Cognex family: MX-1000 and MX-1502 readers over USB (simulated on the bus, real, or simulated behind a real
/// USB path), the MX-100 aimer and the phone-camera reader (simulated).
public struct CognexFamily: RigPlugin {
    public init() {}
    public var name: String { "cognex" }
    public var faultEventKinds: [String] { ["connectionLost", "commandIgnored"] }
    public var deviceKinds: [DeviceKindSupport] {
        [DeviceKindSupport(.mx1000, links: ["simulated", "usb", "usb-gadget"], summary: "Cognex MX-1000 reader (USB)"),
         DeviceKindSupport(.mx1502, links: ["simulated", "usb", "usb-gadget"], summary: "Cognex MX-1502 reader (USB)"),
         DeviceKindSupport(.mx100, links: ["simulated"], summary: "Cognex MX-100 camera reader with its aimer"),
         DeviceKindSupport(.cameraReader, links: ["simulated"], summary: "the phone-camera barcode reader")]
    }

    public func validate(_ device: DeviceSpec, in rig: RigFile) throws(RigFileError) {
        switch device.kind {
        case .mx1000, .mx1502: _ = try MXSimulation.from(device)
        case .mx100: _ = try Self.mx100Serial(device)
        case .cameraReader: _ = try Self.cameraHasFrontCamera(device)
        default: break
        }
    }

    /// Makes the rig's MX readers (on the bus or behind their real USB path) and MX-100s, in rig-file order.
    public func bringUp(_ rig: LiveRig) async throws {
        for spec in rig.devices(of: [.mx1000, .mx1502]) where spec.link.runsSimulator {
            var settings = try MXSimulation.from(spec)
            if case .usbGadget(let gadget) = spec.link {
                // The simulator shows the IDs the harness looks for on the real bus.
                (settings.vendorID, settings.productID, settings.serialNumber) = (gadget.vendor, gadget.product, gadget.serial)
            }
            var random = rig.random("mx/\(spec.role)")
            let simulator = MXReaderSimulator(role: spec.role, model: settings.model, serialNumber: settings.serialNumber,
                                              vendorID: settings.vendorID, productID: settings.productID,
                                              batteryPercent: settings.batteryPercent, clock: rig.clock, trace: rig.trace, seed: random.next())
            await simulator.setInactivityTimeout(settings.inactivityTimeout)
            if settings.triggerMode != .software { await simulator.setTriggerMode(settings.triggerMode) }
            let role = spec.role
            // A reader behind a real USB path (usb-gadget) is on a bus of its own that the device side follows.
            let stationBus: SimulatedUSBBus
            if case .usbGadget(let gadget) = spec.link {
                stationBus = try await rig.serveBehindRealUSB(spec, gadget, inEndpoint: MXReaderSimulator.bulkIn) { own in
                    await own.plug(simulator, role: role)
                }
            } else {
                stationBus = try rig.usbBus()
                await stationBus.plug(simulator, role: role)
            }
            await simulator.observePower { [stationBus, simulator] on in
                if on { await stationBus.plug(simulator, role: role) } else { await stationBus.unplug(role: role) }
            }
            rig.setPart(MXStation(simulator: simulator, bus: stationBus, role: role), .mxStation, of: role)
            rig.addCleanup { await simulator.shutDown() }
        }
        for spec in rig.devices(of: [.mx100]) {
            rig.setPart(MX100Simulator(serialNumber: try Self.mx100Serial(spec), clock: rig.clock), .mx100, of: spec.role)
        }
    }

    public func recognise(_ device: ProbedDevice) -> DeviceKind? {
        guard case .usb(let vendor, let product, _, _) = device, vendor == 0x1209 else { return nil }
        switch product {
        case 0x0D01: return .mx1000
        case 0x0D02: return .mx1502
        default: return nil
        }
    }

    /// The serial number of an `mx-100` device: its `simulated` `serialNumber`, or one made from its role.
    static func mx100Serial(_ spec: DeviceSpec) throws(RigFileError) -> String {
        guard case .simulated(let parameters?) = spec.link else { return "MX100-\(spec.role.uppercased())" }
        let m = try parameters.object(allowed: ["serialNumber"])
        return try m["serialNumber"]?.name() ?? "MX100-\(spec.role.uppercased())"
    }

    /// Whether the phone of a `camera-reader` device has a front camera (its `simulated` `hasFrontCamera`, default true).
    static func cameraHasFrontCamera(_ spec: DeviceSpec) throws(RigFileError) -> Bool {
        guard case .simulated(let parameters?) = spec.link else { return true }
        let m = try parameters.object(allowed: ["hasFrontCamera", "supportsFullHD"])
        return try m["hasFrontCamera"]?.bool() ?? true
    }

    /// Whether the phone's back camera films 1920×1080 (`supportsFullHD`, default true).
    static func cameraSupportsFullHD(_ spec: DeviceSpec) throws(RigFileError) -> Bool {
        guard case .simulated(let parameters?) = spec.link else { return true }
        let m = try parameters.object(allowed: ["hasFrontCamera", "supportsFullHD"])
        return try m["supportsFullHD"]?.bool() ?? true
    }
}
