/// One device of a rig: the role scenarios ask for, its kind, and how it is reached.
public struct DeviceSpec: Sendable {
    /// The name scenarios use to ask for the device, e.g. `scanner` or `wristband`.
    public var role: String
    /// Which family and model the device is.
    public var kind: DeviceKind
    /// How RigKit reaches it.
    public var link: DeviceLink
    /// Where the device was declared, for messages.
    public var cursor: JSONCursor
    /// Where its kind and its link are written, for messages about them.
    public var kindCursor: JSONCursor
    public var linkCursor: JSONCursor

    public init(role: String, kind: DeviceKind, link: DeviceLink, cursor: JSONCursor, kindCursor: JSONCursor? = nil, linkCursor: JSONCursor? = nil) {
        self.role = role
        self.kind = kind
        self.link = link
        self.cursor = cursor
        self.kindCursor = kindCursor ?? cursor
        self.linkCursor = linkCursor ?? cursor
    }
}

/// A device family and model that rig files may name.
public struct DeviceKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
    // Each device family declares its kinds (e.g. `DeviceKind.e4` in RigKitWristband) and the links they take.
}

/// How a device is reached.
public enum DeviceLink: Sendable {
    /// A simulator in this process; its parameters are family-specific and read by the family.
    case simulated(parameters: JSONCursor?)
    /// A real BLE peripheral reached through a local adapter.
    case ble(adapter: String, address: String, addressType: BLEAddressType)
    /// RigKit's simulator advertised as a real peripheral on a local adapter; the rig's own central reaches it
    /// from the `central` adapter (nil: only outside centrals, e.g. a phone, connect). `simulator` holds the
    /// same parameters as a simulated device.
    case blePeripheral(adapter: String, central: String?, simulator: JSONCursor?)
    /// A real USB device matched by vendor and product (and serial, when given).
    case usb(vendor: UInt16, product: UInt16, serial: String?)
    /// RigKit's simulator in this process as the device side of a real USB path, reached over libusb (Docs/Rigs.md).
    case usbGadget(USBGadgetLink)

    /// The rig-file name of the link, e.g. `simulated` or `usb`.
    public var name: String {
        switch self {
        case .simulated: "simulated"
        case .ble: "ble"
        case .blePeripheral: "ble-peripheral"
        case .usb: "usb"
        case .usbGadget: "usb-gadget"
        }
    }

    public var isSimulated: Bool { if case .simulated = self { true } else { false } }

    /// Whether RigKit runs a simulator for the device in this process, so its knobs (faults, cable, battery) work:
    /// `simulated`, and `ble-peripheral` and `usb-gadget`, where the knobs act on the real path.
    public var runsSimulator: Bool {
        switch self {
        case .simulated, .blePeripheral, .usbGadget: true
        case .ble, .usb: false
        }
    }

    /// The simulator's parameters from the rig file, where RigKit runs one and the file gives any.
    public var simulatorParameters: JSONCursor? {
        switch self {
        case .simulated(let parameters): parameters
        case .blePeripheral(_, _, let simulator): simulator
        case .usbGadget(let gadget): gadget.simulator
        case .ble, .usb: nil
        }
    }
}

/// A BLE device address type.
public enum BLEAddressType: String, Sendable {
    case `public`
    case random
}

// MARK: usb-gadget link (issue 9)

/// A simulator in the rig process serving the device side of a real USB path; the harness side reaches it through libusb
/// by `vendor`, `product` and `serial`, so the whole real USB stack is between the two.
public struct USBGadgetLink: Sendable {
    /// Where the device side is served.
    public enum DeviceSide: Sendable, Equatable {
        /// The tty of a CDC ACM gadget function (`/dev/ttyGS0`), its configfs gadget directory and the UDC it binds to:
        /// pulling the cable unbinds the gadget from the UDC, plugging binds it again.
        case tty(path: String, gadget: String, udc: String)
        /// A Unix socket of a USB device emulator (Tools/umockdev-mx) that carries the bulk pipe and the cable.
        case socket(path: String)
    }

    public var vendor: UInt16
    public var product: UInt16
    public var serial: String
    public var deviceSide: DeviceSide
    /// The simulator's parameters, as in a `simulated` block.
    public var simulator: JSONCursor?

    public init(vendor: UInt16, product: UInt16, serial: String, deviceSide: DeviceSide, simulator: JSONCursor?) {
        self.vendor = vendor
        self.product = product
        self.serial = serial
        self.deviceSide = deviceSide
        self.simulator = simulator
    }
}
