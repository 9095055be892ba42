import Synchronization

/// Stops a run from outside (Ctrl-C, SIGTERM, SIGHUP, a CI job's cancel): the scenario running now ends at once as
/// failed with the reason, no further scenario starts, and the run's result says it was interrupted, so the reports
/// of what ran can still be written.
public final class RunInterruption: Sendable {
    private let state = Mutex<(reason: String?, actions: [@Sendable (String) -> Void])>((nil, []))

    public init() {}

    /// Why the run was interrupted, once it was (e.g. "interrupted by SIGINT").
    public var reason: String? { state.withLock { $0.reason } }

    /// Interrupts the run; later calls do nothing.
    public func interrupt(_ reason: String) {
        let actions = state.withLock { state -> [@Sendable (String) -> Void] in
            guard state.reason == nil else { return [] }
            state.reason = reason
            defer { state.actions = [] }
            return state.actions
        }
        for action in actions { action(reason) }
    }

    /// Runs `action` on interruption (at once if the run is already interrupted).
    func onInterrupt(_ action: @escaping @Sendable (String) -> Void) {
        let already = state.withLock { state -> String? in
            if let reason = state.reason { return reason }
            state.actions.append(action)
            return nil
        }
        if let already { action(already) }
    }
}
