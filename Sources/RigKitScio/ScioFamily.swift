import RigCore
import RigKitBLE
import RigKitUSB
import RigScenario
import ScioProtocol
import ScioSimulator

/// The ConsumerPhysics family: the SCiO spectrometer over BLE or USB CDC, simulated (on the radio or the bus), real,
/// or simulated behind a real path (`ble-peripheral`, `usb-gadget`).
public struct ScioFamily: RigPlugin {
    public init() {}
    public var name: String { "scio" }
    public var faultEventKinds: [String] { ["fault", "fragmentLost", "badAnswer", "linkClosed"] }
    public var deviceKinds: [DeviceKindSupport] {
        [DeviceKindSupport(.scio, links: ["simulated", "ble", "ble-peripheral", "usb", "usb-gadget"],
                           summary: "ConsumerPhysics SCiO spectrometer (BLE or USB CDC)")]
    }

    public func validate(_ device: DeviceSpec, in rig: RigFile) throws(RigFileError) {
        let settings = try ScioSimulation.from(device)
        guard device.link.runsSimulator else { return }
        let where_ = device.link.simulatorParameters ?? device.linkCursor
        switch (settings.transport, device.link) {
        case (.ble, .usbGadget): throw where_.invalid("\"transport\": \"usb\" for a usb-gadget SCiO", found: "\"ble\"")
        case (.usb, .blePeripheral): throw where_.invalid("\"transport\": \"ble\" for a SCiO broadcast over BLE", found: "\"usb\"")
        default: break
        }
    }

    /// Makes a simulator for every SCiO the rig plays, in rig-file order: BLE ones on the air, USB ones on the bus or
    /// behind their real USB path.
    public func bringUp(_ rig: LiveRig) async throws {
        for spec in rig.devices(of: [.scio]) where spec.link.runsSimulator {
            let settings = try ScioSimulation.from(spec)
            var random = rig.random("scio/\(spec.role)")
            let simulator = ScioSimulator(role: spec.role, settings: settings, clock: rig.clock, trace: rig.trace, seed: random.next())
            switch (settings.transport, spec.link) {
            case (.ble, _): try rig.putOnAir(simulator, for: spec)
            case (.usb, .usbGadget(let gadget)):
                _ = try await rig.serveBehindRealUSB(spec, gadget, inEndpoint: ScioUSB.bulkIn) { own in await simulator.plug(into: own) }
            case (.usb, _): await simulator.plug(into: try rig.usbBus())
            }
            await simulator.start()
            rig.addCleanup { await simulator.shutDown() }
            rig.setPart(simulator, .scioSimulator, of: spec.role)
        }
    }

    public func recognise(_ device: ProbedDevice) -> DeviceKind? {
        switch device {
        case .usb(let vendor, let product, _, _): (vendor, product) == (ScioUSB.vendorID, ScioUSB.productID) ? .scio : nil
        case .ble(_, let name, let services):
            services.contains(ScioGATT.service.description) || name?.hasPrefix("SCiO") == true ? .scio : nil
        }
    }
}
