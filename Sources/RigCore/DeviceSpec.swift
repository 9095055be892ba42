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

    public init(role: String, kind: DeviceKind, link: DeviceLink, cursor: JSONCursor) {
        self.role = role
        self.kind = kind
        self.link = link
        self.cursor = cursor
    }
}

/// A device family and model that rig files may name.
public struct DeviceKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// A Roomio-style room-scan session on the phone host.
    public static let roomio = DeviceKind(rawValue: "roomio")
    /// Empatica E4 wristband (BLE).
    public static let e4 = DeviceKind(rawValue: "e4")
    /// Empatica E3 wristband (BLE).
    public static let e3 = DeviceKind(rawValue: "e3")
    /// ConsumerPhysics SCiO spectrometer (BLE or USB CDC).
    public static let scio = DeviceKind(rawValue: "scio")
    /// Cognex MX-1000 reader (USB).
    public static let mx1000 = DeviceKind(rawValue: "mx-1000")
    /// Cognex MX-1502 reader (USB).
    public static let mx1502 = DeviceKind(rawValue: "mx-1502")
    /// Cognex MX-100 camera reader with its aimer.
    public static let mx100 = DeviceKind(rawValue: "mx-100")
    /// The phone-camera barcode reader.
    public static let cameraReader = DeviceKind(rawValue: "camera-reader")

    /// Every kind a rig file may name, with the links each can be reached over.
    public static let known: [(kind: DeviceKind, links: [String])] = [
        (.roomio, ["simulated"]),
        (.e4, ["simulated", "ble", "ble-peripheral"]),
        (.e3, ["simulated", "ble", "ble-peripheral"]),
        (.scio, ["simulated", "ble", "ble-peripheral", "usb"]),
        (.mx1000, ["simulated", "usb"]),
        (.mx1502, ["simulated", "usb"]),
        (.mx100, ["simulated"]),
        (.cameraReader, ["simulated"]),
    ]
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

    /// The rig-file name of the link, e.g. `simulated` or `usb`.
    public var name: String {
        switch self {
        case .simulated: "simulated"
        case .ble: "ble"
        case .blePeripheral: "ble-peripheral"
        case .usb: "usb"
        }
    }

    public var isSimulated: Bool { if case .simulated = self { true } else { false } }

    /// Whether RigKit runs a simulator for the device in this process (simulated, or behind a real link).
    public var runsSimulator: Bool {
        switch self {
        case .simulated, .blePeripheral: true
        case .ble, .usb: false
        }
    }

    /// The simulator's parameters from the rig file, where RigKit runs one and the file gives any.
    public var simulatorParameters: JSONCursor? {
        switch self {
        case .simulated(let parameters): parameters
        case .blePeripheral(_, _, let simulator): simulator
        case .ble, .usb: nil
        }
    }
}

/// A BLE device address type.
public enum BLEAddressType: String, Sendable {
    case `public`
    case random
}
