/// How the (simulated) Empatica server is unreachable, set with `EmpaticaAccounts.setOutage(_:)`.
public enum EmpaticaServiceOutage: Sendable, Equatable {
    /// The phone has no network.
    case offline
    /// The server answers with this HTTP status.
    case serverError(status: Int)
}
