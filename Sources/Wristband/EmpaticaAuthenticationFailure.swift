/// Why `authenticate(apiKey:)` failed, one case per thing the app should do differently.
public enum EmpaticaAuthenticationFailure: Sendable, Equatable, CustomStringConvertible {
    /// No key was given: set the app's API key.
    case missingKey
    /// The account does not know the key: check the key in the Empatica Connect account.
    case invalidKey
    /// The phone could not reach Empatica's server: connect to a network and authenticate again.
    case offline
    /// Empatica's server answered with this HTTP status: authenticate again later.
    case serverError(status: Int)

    /// The completion handler's description.
    public var description: String {
        switch self {
        case .missingKey: "no API key given"
        case .invalidKey: "the API key is not valid for this account"
        case .offline: "cannot reach the Empatica server: the phone is offline"
        case .serverError(let status): "the Empatica server answered with status \(status); try again later"
        }
    }
}
