/// The app's interface orientation for scanning, as the cmbSDK supports it: portrait, landscape, or following the device.
///
/// The camera's sensor does not turn with the phone: a 1280×720 camera gives 720 pixels across in
/// portrait and 1280 in landscape, so a long or dense symbol that needs more than 720 pixels
/// across reads only in landscape (the seed's "large PDF417").
public enum ScanOrientation: String, Sendable, Equatable, CaseIterable {
    case portrait
    case landscape
    /// Follows how the user holds the phone (`CameraReader.setDeviceOrientation`).
    case auto
}

/// How the user holds the phone.
public enum DeviceOrientation: String, Sendable, Equatable, CaseIterable {
    case portrait, landscape
}
