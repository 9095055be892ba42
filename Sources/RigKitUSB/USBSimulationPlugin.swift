import RigCore
import RigScenario
import USBSimulation

/// The in-memory USB bus as a rig link: every scenario gets a simulated bus on its clock, and the families plug their
/// simulated USB devices into it during bring-up. Its captures are usbmon pcap files per device.
public struct USBSimulationPlugin: RigPlugin {
    public init() {}
    public var name: String { "usb-simulation" }

    public func bringUp(_ rig: LiveRig) async throws {
        rig.setService(SimulatedUSBBus(clock: rig.clock, trace: rig.trace), for: .simulatedUSBBus)
    }

    public var protocolEventKinds: [String] { ["usb", "usbControl"] }
    public var faultEventKinds: [String] { ["usbFault"] }

    public func captures(of trace: [TraceEvent], unixStart: Double) -> [RunCapture] {
        USBCaptureExport.devices(in: trace).map {
            RunCapture(subject: $0, fileExtension: "pcap", bytes: USBCaptureExport.pcap(trace, device: $0, unixStart: unixStart))
        }
    }
}

extension RigKey where Value == SimulatedUSBBus {
    /// The run's simulated USB bus.
    public static var simulatedUSBBus: RigKey<SimulatedUSBBus> { RigKey("simulated-usb-bus") }
}
