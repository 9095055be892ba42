import CLibUSB
import USBLink

/// A libusb return code, as swift-system's `Errno` models `errno`.
public struct LibUSBError: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let io = Self(rawValue: LIBUSB_ERROR_IO.rawValue)
    public static let invalidParameter = Self(rawValue: LIBUSB_ERROR_INVALID_PARAM.rawValue)
    public static let access = Self(rawValue: LIBUSB_ERROR_ACCESS.rawValue)
    public static let noDevice = Self(rawValue: LIBUSB_ERROR_NO_DEVICE.rawValue)
    public static let notFound = Self(rawValue: LIBUSB_ERROR_NOT_FOUND.rawValue)
    public static let busy = Self(rawValue: LIBUSB_ERROR_BUSY.rawValue)
    public static let timeout = Self(rawValue: LIBUSB_ERROR_TIMEOUT.rawValue)
    public static let overflow = Self(rawValue: LIBUSB_ERROR_OVERFLOW.rawValue)
    public static let pipe = Self(rawValue: LIBUSB_ERROR_PIPE.rawValue)
    public static let interrupted = Self(rawValue: LIBUSB_ERROR_INTERRUPTED.rawValue)
    public static let noMemory = Self(rawValue: LIBUSB_ERROR_NO_MEM.rawValue)
    public static let notSupported = Self(rawValue: LIBUSB_ERROR_NOT_SUPPORTED.rawValue)

    /// libusb's name for the code (`libusb_error_name`).
    public var description: String { String(cString: libusb_error_name(rawValue)) }

    /// The code as the `USBLink` error a family sees; `node` and `endpoint` give the context.
    public func usbError(node: String, endpoint: UInt8 = 0, interface: UInt8 = 0, transferred: Int = 0, timeout: Duration = .zero) -> USBError {
        switch self {
        case .access: .accessDenied(node: node)
        case .noDevice: .noDevice
        case .busy: .busy(interface: interface)
        case .timeout: .timeout(endpoint: endpoint, after: timeout, transferred: transferred)
        case .pipe: .stall(endpoint: endpoint)
        case .overflow: .overflow(endpoint: endpoint)
        // libusb says NOT_FOUND for a missing interface (claim) or endpoint (transfers): name the one asked for.
        case .notFound: .invalidEndpoint(endpoint == 0 ? interface : endpoint)
        default: .io("\(self) on \(node)")
        }
    }
}
