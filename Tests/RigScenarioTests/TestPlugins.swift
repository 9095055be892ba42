import RigCore
import RigScenario

/// Accepts every device kind of the built-in simulated rig over any link, with no bring-up: the core's tests run
/// scenarios without any device family.
struct AcceptAllKinds: RigPlugin {
    var name: String { "accept-all-kinds" }
    var deviceKinds: [DeviceKindSupport] {
        ["roomio", "e4", "e3", "scio", "mx-1000", "mx-1502", "mx-100", "camera-reader"].map {
            DeviceKindSupport(DeviceKind(rawValue: $0), links: ["simulated", "ble", "ble-peripheral", "usb", "usb-gadget"], summary: $0)
        }
    }
}

extension RigPlugins {
    static let forCoreTests: RigPlugins = [AcceptAllKinds()]
}

extension DeviceKind {
    static let scio = DeviceKind(rawValue: "scio")
    static let e4 = DeviceKind(rawValue: "e4")
}
