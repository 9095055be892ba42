/// What the phone host looks like when a rig starts.
public struct HostSettings: Sendable, Equatable {
    /// Battery charge in percent, 0…100.
    public var batteryPercent: Double = 80
    /// Whether the phone is on a charger.
    public var isCharging = false
    /// Whether Low Power Mode is on.
    public var lowPowerMode = false
    /// Free storage in megabytes (10⁶ bytes, as phones count them).
    public var freeStorageMB: Double = 64_000
    /// Whether the app may use the camera.
    public var cameraPermission: CameraPermission = .granted
    /// What the user answers when the app first asks for the camera.
    public var permissionPromptAnswer: CameraPermission = .granted
    /// Whether the app is in the foreground.
    public var appState: AppState = .foreground
    /// Whether the phone's Bluetooth is on.
    public var bluetoothEnabled = true

    public init() {}
}

/// Whether the app may use the camera.
public enum CameraPermission: String, Sendable, CaseIterable {
    /// The user has not been asked yet.
    case notDetermined
    case granted
    case denied
}

/// Where the app is, as the operating system sees it.
public enum AppState: String, Sendable, CaseIterable {
    case foreground
    case background
}
