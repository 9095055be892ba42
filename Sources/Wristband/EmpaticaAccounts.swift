/// Which API keys the (simulated) Empatica service accepts.
///
/// Keys are compared, never stored in traces or reports.
public struct EmpaticaAccounts: Sendable {
    private let keys: Set<String>

    public init(acceptedKeys: some Sequence<String>) { keys = Set(acceptedKeys) }

    /// Checks `key`; the description says why it failed.
    public func check(_ key: String) -> (success: Bool, description: String) {
        if key.isEmpty { return (false, "no API key given") }
        if keys.contains(key) { return (true, "authenticated") }
        return (false, "the API key is not valid for this account")
    }
}
