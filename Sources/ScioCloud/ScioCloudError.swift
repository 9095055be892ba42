/// Why the cloud cannot analyze, naming the model, the device or the file.
public enum ScioCloudError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No model has this identifier.
    case unknownModel(identifier: String)
    /// The device ID does not encode a known SCiO version.
    case unknownDevice(deviceID: String)
    /// The model does not support the reading's SCiO version and the policy blocks it.
    case versionBlocked(model: String, version: String, deviceID: String)
    /// The reading does not fit the model (other wavelengths, non-finite values).
    case readingMismatch(model: String, reason: String)
    /// A bundled or given model file cannot be loaded.
    case modelFile(path: String, reason: String)
    /// Several models share an identifier.
    case duplicateIdentifier(String)

    public var description: String {
        switch self {
        case .unknownModel(let identifier): "no model with identifier \"\(identifier)\""
        case .unknownDevice(let deviceID): "device ID \(deviceID) does not name a known SCiO version"
        case .versionBlocked(let model, let version, let deviceID):
            "model \(model) does not support SCiO version \(version) (device \(deviceID)); the version policy blocks it"
        case .readingMismatch(let model, let reason): "the reading does not fit model \(model): \(reason)"
        case .modelFile(let path, let reason): "cannot load model file \(path): \(reason)"
        case .duplicateIdentifier(let identifier): "two models have the identifier \"\(identifier)\""
        }
    }
}
