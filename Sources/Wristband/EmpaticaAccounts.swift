import Synchronization

/// The (simulated) Empatica server that checks API keys: which keys it accepts and whether it can be reached.
///
/// Keys are compared, never stored in traces or reports.
public final class EmpaticaAccounts: Sendable {
    private let keys: Set<String>
    private let outage = Mutex<EmpaticaServiceOutage?>(nil)

    public init(acceptedKeys: some Sequence<String>) { keys = Set(acceptedKeys) }

    /// Makes the server unreachable (offline) or failing (server error); nil makes it work again.
    public func setOutage(_ outage: EmpaticaServiceOutage?) { self.outage.withLock { $0 = outage } }

    /// Checks `key`; nil when it is accepted, else why not. A missing key fails before any request is sent.
    public func check(_ key: String) -> EmpaticaAuthenticationFailure? {
        if key.isEmpty { return .missingKey }
        switch outage.withLock({ $0 }) {
        case .offline?: return .offline
        case .serverError(let status)?: return .serverError(status: status)
        case nil: return keys.contains(key) ? nil : .invalidKey
        }
    }
}
