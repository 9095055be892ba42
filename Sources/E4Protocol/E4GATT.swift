import ATT

/// The E4's GATT layout: services and characteristics on 16-bit UUIDs (Bluetooth base UUID).
///
/// From public reverse engineering: sensors 0x3EA0 (BVP 0x3EA1, ACC 0x3EA3,
/// temperature 0x3EA6, GSR 0x3EA8), commands 0x3E70 (command 0x3E71), status
/// 0x3EB0 (control 0x3EB2, battery 0x3EB3). IBI (0x3EA9) and tag (0x3EB4) are
/// RigKit's own, as the public record does not say how they travel (Docs/WirelessFormats.md).
public enum E4GATT {
    public static let sensorService = BluetoothUUID(0x3EA0)
    public static let commandService = BluetoothUUID(0x3E70)
    public static let statusService = BluetoothUUID(0x3EB0)

    public static let bvp = BluetoothUUID(0x3EA1)
    public static let acceleration = BluetoothUUID(0x3EA3)
    public static let temperature = BluetoothUUID(0x3EA6)
    public static let gsr = BluetoothUUID(0x3EA8)
    /// RigKit-defined: one notification per detected beat.
    public static let ibi = BluetoothUUID(0x3EA9)
    public static let command = BluetoothUUID(0x3E71)
    /// Read: 0 idle, 1 streaming.
    public static let control = BluetoothUUID(0x3EB2)
    public static let battery = BluetoothUUID(0x3EB3)
    /// RigKit-defined: one notification per button press.
    public static let tag = BluetoothUUID(0x3EB4)

    /// The streams a driver subscribes to, in the order it subscribes.
    public static let streams: [BluetoothUUID] = [bvp, acceleration, temperature, gsr, ibi, battery, tag]

    /// Company identifier RigKit's simulator uses in its manufacturer data (0xFFFF, the spec's test value).
    public static let manufacturerID: UInt16 = 0xFFFF

    /// Sample rates in hertz.
    public static let bvpRate = 64.0
    public static let accelerationRate = 32.0
    public static let gsrRate = 4.0
    public static let temperatureRate = 4.0
    /// IBI and tag times count ticks of 1/64 s since streaming started.
    public static let tickRate = 64.0
}
