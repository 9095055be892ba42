import RigCore
import RigScenario
import USBLink

/// A plug-in that reaches the machine's real USB bus (libusb): the rig's `usb` and `usb-gadget` links.
///
/// The USB link plug-in asks the run's plug-ins for one when a rig names a real USB path, so a simulated-only runner
/// needs no USB library at all.
public protocol RealUSBBackend: RigPlugin {
    /// The host side of the machine's USB bus, on `clock`.
    func host(clock: any RigClock) throws -> any USBHost
}
