import Foundation
import RigCore

/// The settings of a simulated MX reader, from the rig file's `simulated` block.
public struct MXSimulation: Sendable, Equatable {
    public var model: String
    public var serialNumber: String
    /// USB IDs the reader shows; how MX readers present on Linux is not public, so these are RigKit's placeholders (pid.codes test VID).
    public var vendorID: UInt16 = 0x1209
    public var productID: UInt16
    public var batteryPercent: Double = 90
    public var inactivityTimeout: Duration = .seconds(15 * 60)
    /// What `TRIGGER ON` does: a software trigger (default) or arming the physical trigger.
    public var triggerMode: MXTriggerMode = .software

    /// The settings for the `mx-1000` or `mx-1502` device `spec`.
    public static func from(_ spec: DeviceSpec) throws(RigFileError) -> MXSimulation {
        let model = spec.kind == .mx1000 ? "MX-1000" : "MX-1502"
        var simulation = MXSimulation(model: model, serialNumber: "\(model.replacingOccurrences(of: "-", with: ""))-\(spec.role.uppercased())",
                                      productID: spec.kind == .mx1000 ? 0x0D01 : 0x0D02)
        guard let parameters = spec.link.simulatorParameters else { return simulation }
        let m = try parameters.object(allowed: ["serialNumber", "vendor", "product", "batteryPercent", "inactivityTimeoutMinutes",
                                                                        "triggerMode"])
        if let c = m["serialNumber"] { simulation.serialNumber = try c.name() }
        for (key, apply) in [("vendor", { (v: UInt16) in simulation.vendorID = v }), ("product", { (v: UInt16) in simulation.productID = v })] {
            guard let c = m[key] else { continue }
            guard case .string(let text) = c.value.content, text.count == 4, let value = UInt16(text, radix: 16) else {
                throw c.invalid("a 16-bit USB ID as four hex digits, e.g. \"1209\"")
            }
            apply(value)
        }
        if let c = m["batteryPercent"] { simulation.batteryPercent = try c.number(in: 0...100, unit: "percent") }
        if let c = m["triggerMode"] { simulation.triggerMode = MXTriggerMode(rawValue: try c.choice(MXTriggerMode.allCases.map(\.rawValue)))! }
        if let c = m["inactivityTimeoutMinutes"] { simulation.inactivityTimeout = .seconds(fractional: try c.number(in: 1...240, unit: "minutes") * 60) }
        return simulation
    }
}

extension DeviceKind {
    /// Cognex MX-1000 reader (USB).
    public static let mx1000 = DeviceKind(rawValue: "mx-1000")
    /// Cognex MX-1502 reader (USB).
    public static let mx1502 = DeviceKind(rawValue: "mx-1502")
    /// Cognex MX-100 camera reader with its aimer.
    public static let mx100 = DeviceKind(rawValue: "mx-100")
    /// The phone-camera barcode reader.
    public static let cameraReader = DeviceKind(rawValue: "camera-reader")
}
