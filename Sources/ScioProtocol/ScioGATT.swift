import ATT

/// The SCiO's GATT layout on 16-bit UUIDs (Bluetooth base UUID).
///
/// The public record gives the write characteristic 0x3492, answers by
/// notification and a separate button notification. The service 0x3490, the
/// answer characteristic 0x3491 and the button characteristic 0x3493 are
/// RigKit's choice (Docs/Scio.md).
public enum ScioGATT {
    public static let service = BluetoothUUID(0x3490)
    /// Notify: answers, split into 20-byte notifications.
    public static let answers = BluetoothUUID(0x3491)
    /// Write: request frames.
    public static let requests = BluetoothUUID(0x3492)
    /// Notify: one byte, the press count modulo 256, per button press.
    public static let button = BluetoothUUID(0x3493)
    /// Company identifier in the simulator's manufacturer data (0xFFFF, the spec's test value); the data is the device ID.
    public static let manufacturerID: UInt16 = 0xFFFF
}
