/// How a cloud request fails when a scenario sets a fault (`ScioCloud.setFailure`).
public enum ScioCloudFailure: Sendable, Equatable, CustomStringConvertible {
    /// The phone has no network: the request fails at once.
    case offline
    /// The server answers with this HTTP status (5xx).
    case serverError(status: Int)
    /// The server never answers: the request fails after the cloud's request time limit.
    case timeout

    public var description: String {
        switch self {
        case .offline: "offline"
        case .serverError(let status): "server error \(status)"
        case .timeout: "time-out"
        }
    }

    /// The reason as the SDK's `NSLocalizedFailureReasonErrorKey` would give it: what happened and what to do.
    var failureReason: String {
        switch self {
        case .offline: "The Internet connection appears to be offline. Connect the phone to a network and try again."
        case .serverError(let status): "The server answered with status \(status). Try again later."
        case .timeout: "The request timed out. Check the network and try again."
        }
    }
}
