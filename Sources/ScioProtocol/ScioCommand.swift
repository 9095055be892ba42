/// A SCiO command code, the third byte of every frame.
///
/// The public reverse-engineered set is named here; codes marked RigKit-defined
/// in Docs/Scio.md exist only between RigKit's driver and simulator.
public struct ScioCommand: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let deviceStatus = ScioCommand(rawValue: 0x00)
    public static let deviceID = ScioCommand(rawValue: 0x01)
    public static let sampleSpectrum = ScioCommand(rawValue: 0x02)
    public static let temperature = ScioCommand(rawValue: 0x04)
    public static let batteryState = ScioCommand(rawValue: 0x05)
    public static let selfTest = ScioCommand(rawValue: 0x09)
    public static let led = ScioCommand(rawValue: 0x0B)
    public static let readyForWrite = ScioCommand(rawValue: 0x0E)
    public static let reset = ScioCommand(rawValue: 0x83)
    public static let deviceName = ScioCommand(rawValue: 0x84)
    public static let writeDeviceName = ScioCommand(rawValue: 0x91)
    /// RigKit-defined: sets the idle time after which the device switches itself off.
    public static let powerOffTimeout = ScioCommand(rawValue: 0xA0)
    /// RigKit-defined: an unsolicited frame the device sends over USB when its button is pressed.
    public static let buttonPressed = ScioCommand(rawValue: 0xB0)

    private static let names: [UInt8: String] = [
        0x00: "device status", 0x01: "device ID", 0x02: "sample spectrum", 0x04: "temperature", 0x05: "battery state",
        0x09: "self test", 0x0B: "LED", 0x0E: "ready for write", 0x83: "reset", 0x84: "device name",
        0x91: "write device name", 0xA0: "power-off timeout", 0xB0: "button pressed",
    ]

    /// The command's name and code, e.g. `sample spectrum (0x02)`.
    public var description: String {
        let hex = String(rawValue, radix: 16, uppercase: true)
        return "\(Self.names[rawValue] ?? "unknown command") (0x\(hex.count == 1 ? "0" + hex : hex))"
    }
}
