import RigCore
import RigKitUSB
import RigScenario
import USBLibUSB
import USBLink

/// Real USB through libusb: drives the rig-file links `usb` (a real device on the machine's bus) and `usb-gadget`
/// (a RigKit simulator behind a real USB path, reached from the harness side through libusb).
public struct LibUSBPlugin: RealUSBBackend {
    public init() {}
    public var name: String { "libusb" }
    public var realLinks: [String] { ["usb", "usb-gadget"] }

    public func host(clock: any RigClock) throws -> any USBHost {
        try LibUSBHost(clock: clock)
    }
}
