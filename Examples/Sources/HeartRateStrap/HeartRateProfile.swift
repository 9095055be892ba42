import ATT

/// The Bluetooth SIG's Heart Rate Service and Battery Service, as a chest strap serves them.
public enum HeartRateProfile {
    /// Heart Rate Service.
    public static let service = BluetoothUUID(0x180D)
    /// Heart Rate Measurement: notify only.
    public static let measurement = BluetoothUUID(0x2A37)
    /// Body Sensor Location: read.
    public static let bodySensorLocation = BluetoothUUID(0x2A38)
    /// Heart Rate Control Point: write; 0x01 resets Energy Expended.
    public static let controlPoint = BluetoothUUID(0x2A39)
    /// Battery Service and its Battery Level (0–100, read and notify).
    public static let batteryService = BluetoothUUID(0x180F)
    public static let batteryLevel = BluetoothUUID(0x2A19)

    /// The control point's one command.
    public static let resetEnergyExpended: UInt8 = 0x01
    /// The ATT error a strap answers to any other control point value ("Control Point Value Not Supported").
    public static let controlPointNotSupported: UInt8 = 0x80
}

/// Where the strap sits (Body Sensor Location values).
public enum BodySensorLocation: UInt8, Sendable, CaseIterable {
    case other = 0, chest, wrist, finger, hand, earLobe, foot

    /// The rig-file name, e.g. `chest` or `ear-lobe`.
    public var name: String {
        switch self {
        case .other: "other"
        case .chest: "chest"
        case .wrist: "wrist"
        case .finger: "finger"
        case .hand: "hand"
        case .earLobe: "ear-lobe"
        case .foot: "foot"
        }
    }
}
