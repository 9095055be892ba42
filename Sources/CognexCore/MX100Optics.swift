/// The MX-100 aimer's own settings, which the SDK keeps in its session cache.
public struct MX100Settings: Sendable, Equatable {
    public var aimerIntensity = 50
    public var aimerModulation = 1
    public var aimerTimeout = 10
    public var illuminationIntensity = 80
    public var illuminationOn = true
    public init() {}
}

/// The optical link between the phone and an MX-100: slow reads of its identity and settings, and writes.
public protocol MX100Optics: Sendable {
    /// Serial number, model and firmware version (the persistent cache).
    func readIdentity() async -> (serial: String, model: String, firmware: String)
    /// Aimer and illumination settings (the session cache).
    func readSettings() async -> MX100Settings
    /// The aimer's own battery, 0–100 % (read on demand, never cached); at 0 the aimer is off.
    func readBatteryPercent() async -> Int
    /// Changes settings on the aimer.
    func write(_ body: @Sendable (inout MX100Settings) -> Void) async
}
