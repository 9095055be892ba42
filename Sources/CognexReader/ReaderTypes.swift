import CognexCore
import DMCC

/// Whether a reader can be connected now, as `CMBReaderAvailibility` reports it.
public enum ReaderAvailability: String, Sendable, Equatable { case unknown, available, unavailable }

/// A reader's connection state, as `CMBConnectionState` reports it.
public enum ReaderConnectionState: String, Sendable, Equatable { case disconnected, connecting, connected, disconnecting }

/// How the camera reader uses the phone (`CDMCameraMode`).
public enum CameraMode: String, Sendable, Equatable, CaseIterable {
    /// A live preview on screen; illumination available; aimer commands ignored.
    case noAimer
    /// An aimer lit by the phone's LED: no preview, no illumination, illumination commands ignored.
    case passiveAimer
    /// The MX-100: no preview, illumination and aimer commands accepted.
    case activeAimer
    /// The front camera with a preview; no illumination; aimer and illumination commands ignored.
    case frontCamera
}

/// Options of the camera preview (`CDMPreviewOption`), combinable.
public struct PreviewOptions: OptionSet, Sendable, Hashable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let defaults: PreviewOptions = []
    public static let noZoomButton = PreviewOptions(rawValue: 1 << 0)
    public static let noIlluminationButton = PreviewOptions(rawValue: 1 << 1)
    /// The volume-down button starts scanning (it only starts; a second press does not stop).
    public static let hardwareTrigger = PreviewOptions(rawValue: 1 << 2)
    /// The preview shows but decoding waits for the on-screen scan button.
    public static let paused = PreviewOptions(rawValue: 1 << 3)
    /// A preview even in an aimer mode.
    public static let alwaysShow = PreviewOptions(rawValue: 1 << 4)
    /// Active aimer only: re-read the aimer's settings when the app resumes.
    public static let pessimisticCaching = PreviewOptions(rawValue: 1 << 5)
    /// 1920×1080 instead of 1280×720.
    public static let highResolution = PreviewOptions(rawValue: 1 << 6)
    /// 60 fps instead of 30.
    public static let highFrameRate = PreviewOptions(rawValue: 1 << 7)
}

/// What the camera reader shows while scanning.
public struct PreviewState: Sendable, Equatable {
    public var isShown: Bool
    public var zoomButton: Bool
    public var illuminationButton: Bool
    /// Shown with `.paused` until the user taps it.
    public var scanButton: Bool
    public var width: Int
    public var height: Int
    public var framesPerSecond: Int
    /// Whether the camera focuses (the front camera has a fixed focus).
    public var autofocus: Bool = true
}

/// A DMCC answer: status and payload.
public struct ReaderResponse: Sendable, Equatable {
    public var status: DMCCStatus
    public var payload: String
    public init(status: DMCCStatus, payload: String = "") {
        self.status = status
        self.payload = payload
    }
}

/// Why a reader call failed, with what to check.
public enum ReaderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reader is not available (unplugged, off, no camera).
    case unavailable(String)
    /// The call needs a connected reader.
    case notConnected
    /// The reader cannot do this symbology.
    case unsupportedSymbology(ReaderSymbology)
    /// The reader has no illumination in this mode.
    case illuminationNotAvailable(CameraMode)
    /// The camera may not be used.
    case cameraPermissionDenied
    /// The reader answered a command with an error status.
    case commandFailed(command: String, status: DMCCStatus)
    /// The USB link failed.
    case link(String)

    public var description: String {
        switch self {
        case .unavailable(let why): "the reader is not available: \(why)"
        case .notConnected: "the reader is not connected"
        case .unsupportedSymbology(let s): "symbology \(s.rawValue) is not supported by the current reader"
        case .illuminationNotAvailable(let mode): "no illumination in camera mode \(mode.rawValue)"
        case .cameraPermissionDenied: "camera access is refused"
        case .commandFailed(let command, let status): "\(command) failed: \(status)"
        case .link(let reason): "USB link: \(reason)"
        }
    }
}
