/// A source of time for a rig: virtual on simulated rigs, the wall clock on benches.
///
/// Every timeout, poll, retry and rate in RigKit takes a `RigClock`; nothing
/// sleeps on the real clock directly. Device code is the same for both kinds.
public protocol RigClock: AnyObject, Sendable {
    /// The current time since the rig started.
    var now: RigInstant { get }

    /// Whether time is virtual (advances only when every task waits on it).
    var isVirtual: Bool { get }

    /// Suspends until `deadline`; throws `CancellationError` if the task is cancelled first.
    func sleep(until deadline: RigInstant) async throws

    /// Unix time (seconds since 1970) at the rig's zero, so devices can stamp samples as real ones do.
    var unixStart: Double { get }

    /// The executor that tasks of this rig must prefer, or nil for the global one.
    ///
    /// On a virtual clock every task that belongs to the scenario has to run on
    /// this executor, otherwise the clock cannot tell when all tasks are waiting.
    var taskExecutor: (any TaskExecutor)? { get }
}

extension RigClock {
    /// The current time as Unix seconds.
    public var unixNow: Double { unixStart + now.seconds }

    /// Suspends for `duration` of this clock's time.
    public func sleep(for duration: Duration) async throws {
        try await sleep(until: now + duration)
    }

    /// Starts an unstructured task that belongs to this rig (it runs on the rig's executor).
    ///
    /// Use this instead of `Task { }` in simulators and facades: unstructured
    /// tasks do not inherit the executor preference of their creator.
    @discardableResult
    public func spawn<Result: Sendable>(
        _ operation: sending @escaping @isolated(any) () async -> Result
    ) -> Task<Result, Never> {
        Task(executorPreference: taskExecutor ?? globalConcurrentExecutor, operation: operation)
    }
}
