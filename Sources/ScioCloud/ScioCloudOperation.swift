/// A request the app sends to the SCiO cloud, the unit a fault is set for.
public enum ScioCloudOperation: String, Sendable, CaseIterable, CustomStringConvertible {
    /// `getModelsWithCompletion`: the developer's own models.
    case models
    /// `getCPModelsWithCompletion`: ConsumerPhysics' models.
    case cpModels
    /// `analyzeReading` with one model or several.
    case analyze
    /// `getSCiOVersionByDeviceID`.
    case versionLookup

    public var description: String {
        switch self {
        case .models: "get models"
        case .cpModels: "get CP models"
        case .analyze: "analyze reading"
        case .versionLookup: "get SCiO version by device ID"
        }
    }
}
