import BLESimulation
import RigCore
import RigScenario

/// The in-memory BLE radio as a rig link (like swift-nio's NIOEmbedded): every scenario gets a simulated radio, and
/// the families put their simulated peripherals on it during bring-up. Its captures are btsnoop files per link.
public struct BLESimulationPlugin: RigPlugin {
    public init() {}
    public var name: String { "ble-simulation" }

    public func bringUp(_ rig: LiveRig) async throws {
        rig.setService(SimulatedRadio(clock: rig.clock, trace: rig.trace, seed: rig.seed), for: .simulatedRadio)
    }

    public var protocolEventKinds: [String] { ["att", "attDropped"] }
    public var faultEventKinds: [String] { ["attDropped", "outOfRange", "connectFailed"] }

    public func captures(of trace: [TraceEvent], unixStart: Double) -> [RunCapture] {
        CaptureExport.links(in: trace).map {
            RunCapture(subject: $0, fileExtension: "btsnoop", bytes: CaptureExport.btsnoop(trace, link: $0, unixStart: unixStart))
        }
    }
}

extension RigKey where Value == SimulatedRadio {
    /// The run's simulated radio.
    public static var simulatedRadio: RigKey<SimulatedRadio> { RigKey("simulated-radio") }
}
