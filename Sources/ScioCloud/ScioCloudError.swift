import Foundation

/// Why the cloud cannot answer, naming the request, the model, the device or the file.
///
/// Like the SDK's `NSError`, every case carries a description (`errorDescription`, the
/// `NSLocalizedDescriptionKey` an app shows as the alert's title) and a failure reason
/// (`failureReason`, the `NSLocalizedFailureReasonErrorKey` it shows as the message).
public enum ScioCloudError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The request did not reach the cloud or got no usable answer (offline, server error, time-out).
    case requestFailed(ScioCloudOperation, ScioCloudFailure)
    /// No model has this identifier.
    case unknownModel(identifier: String)
    /// The device ID does not name a SCiO the cloud knows.
    case unknownDevice(deviceID: String)
    /// The app's version gate blocks spectra of this SCiO version.
    case versionBlocked(version: String, deviceID: String)
    /// The reading does not fit the model (other wavelengths, non-finite values).
    case readingMismatch(model: String, reason: String)
    /// A bundled or given model file cannot be loaded.
    case modelFile(path: String, reason: String)
    /// Several models share an identifier.
    case duplicateIdentifier(String)

    public var description: String { "\(errorDescription ?? ""): \(failureReason ?? "")" }

    public var errorDescription: String? {
        switch self {
        case .requestFailed(let operation, _): "Cannot \(operation)"
        case .unknownModel: "Unknown model"
        case .unknownDevice: "Unknown SCiO"
        case .versionBlocked: "SCiO version blocked"
        case .readingMismatch: "Cannot analyze the reading"
        case .modelFile: "Cannot load a model"
        case .duplicateIdentifier: "Duplicate model identifier"
        }
    }

    public var failureReason: String? {
        switch self {
        case .requestFailed(_, let failure): failure.failureReason
        case .unknownModel(let identifier): "No model with identifier \"\(identifier)\"."
        case .unknownDevice(let deviceID): "Device ID \(deviceID) does not name a known SCiO version."
        case .versionBlocked(let version, let deviceID): "The app blocks spectra of SCiO version \(version) (device \(deviceID))."
        case .readingMismatch(let model, let reason): "The reading does not fit model \(model): \(reason)."
        case .modelFile(let path, let reason): "Cannot load model file \(path): \(reason)."
        case .duplicateIdentifier(let identifier): "Two models have the identifier \"\(identifier)\"."
        }
    }
}
