import RigCore

/// The phone host's state at one moment.
public struct HostSnapshot: Sendable, Equatable {
    /// Battery charge in percent, 0…100.
    public var batteryPercent: Double
    public var isCharging: Bool
    public var lowPowerMode: Bool
    /// Free storage in bytes.
    public var freeStorageBytes: Int64
    public var cameraPermission: CameraPermission
    /// What the user answers when the app first asks for the camera.
    public var permissionPromptAnswer: CameraPermission
    public var appState: AppState
    public var bluetoothEnabled: Bool

    public init(_ settings: HostSettings) {
        batteryPercent = settings.batteryPercent
        isCharging = settings.isCharging
        lowPowerMode = settings.lowPowerMode
        freeStorageBytes = Int64((settings.freeStorageMB * 1_000_000).rounded())
        cameraPermission = settings.cameraPermission
        permissionPromptAnswer = settings.permissionPromptAnswer
        appState = settings.appState
        bluetoothEnabled = settings.bluetoothEnabled
    }
}

/// One change of the phone host, as subscribers see it.
public enum HostChange: Sendable, Equatable {
    case battery(percent: Double)
    case charging(Bool)
    case lowPowerMode(Bool)
    case freeStorage(bytes: Int64)
    case cameraPermission(CameraPermission)
    case appState(AppState)
    case bluetooth(Bool)
}
