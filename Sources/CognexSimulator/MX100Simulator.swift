import CognexCore
import RigCore

/// A virtual MX-100 aimer: its own settings (aimer and illumination), identity, and a slow optical link to the phone.
///
/// Every read of a setting takes `readTime` of rig time and is counted, so
/// scenarios can see when the SDK reads its caches.
public actor MX100Simulator: MX100Optics {
    public nonisolated let serialNumber: String
    public nonisolated let model = "MX-100"
    public nonisolated let firmware: String
    public private(set) var settings = MX100Settings()
    /// How many identity reads (serial, model, firmware) and settings reads the SDK made.
    public private(set) var identityReads = 0
    public private(set) var settingsReads = 0
    public var readTime: Duration = .milliseconds(150)
    /// The built-in battery that powers the aimer's LEDs.
    public private(set) var batteryPercent = 80
    private let clock: any RigClock

    public init(serialNumber: String, firmware: String = "1.4.0", clock: any RigClock) {
        self.serialNumber = serialNumber
        self.firmware = firmware
        self.clock = clock
    }

    /// Sets the aimer's battery, 0–100 %.
    public func setBattery(percent: Int) { batteryPercent = max(0, min(100, percent)) }

    /// The SDK reads the battery.
    public func readBatteryPercent() async -> Int {
        try? await clock.sleep(for: readTime)
        return batteryPercent
    }

    /// Another app (or the user) changes the aimer's settings behind the SDK's back.
    public func change(_ body: @Sendable (inout MX100Settings) -> Void) { body(&settings) }

    /// The SDK reads serial, model and firmware.
    public func readIdentity() async -> (serial: String, model: String, firmware: String) {
        try? await clock.sleep(for: readTime * 3)
        identityReads += 1
        return (serialNumber, model, firmware)
    }

    /// The SDK reads the session settings.
    public func readSettings() async -> MX100Settings {
        try? await clock.sleep(for: readTime * 5)
        settingsReads += 1
        return settings
    }

    /// The SDK writes a setting (aimer or illumination commands in active-aimer mode).
    public func write(_ body: @Sendable (inout MX100Settings) -> Void) async {
        try? await clock.sleep(for: readTime)
        body(&settings)
    }
}
