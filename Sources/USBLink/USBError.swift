/// What went wrong talking to a USB device, with what to do about it.
public enum USBError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No plugged-in device matches.
    case notFound(USBDeviceMatch)
    /// The device node is not accessible to this user.
    case accessDenied(node: String)
    /// Another process or driver has claimed the interface.
    case busy(interface: UInt8)
    /// The device was unplugged (or lost power) before or during the transfer.
    case noDevice
    /// The endpoint stalled (the device refused the transfer); clear the halt to go on.
    case stall(endpoint: UInt8)
    /// The transfer did not complete in time; `transferred` bytes made it.
    case timeout(endpoint: UInt8, after: Duration, transferred: Int)
    /// The device sent more than the buffer holds.
    case overflow(endpoint: UInt8)
    /// The interface or endpoint does not exist on the device.
    case invalidEndpoint(UInt8)
    /// Any other I/O failure, as the backend reported it.
    case io(String)

    public var description: String {
        switch self {
        case .notFound(let match): "no USB device \(match) is plugged in"
        case .accessDenied(let node): "no permission to open \(node); a udev rule granting the user access (MODE=\"0666\" or a group) fixes it"
        case .busy(let interface): "interface \(interface) is claimed by another process or driver"
        case .noDevice: "the USB device is gone (unplugged or powered off)"
        case .stall(let endpoint): "endpoint 0x\(String(endpoint, radix: 16)) stalled"
        case .timeout(let endpoint, let after, let transferred):
            "endpoint 0x\(String(endpoint, radix: 16)): no completion within \(after) (\(transferred) bytes transferred)"
        case .overflow(let endpoint): "endpoint 0x\(String(endpoint, radix: 16)) sent more data than requested"
        case .invalidEndpoint(let endpoint): "the device has no endpoint or interface 0x\(String(endpoint, radix: 16))"
        case .io(let reason): "USB I/O error: \(reason)"
        }
    }
}
