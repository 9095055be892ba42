import RigCore

/// Requires `body` to finish within `limit` of rig time; past it the body is cancelled and the step ends.
public func within<T: Sendable>(
    _ limit: Duration, _ what: String,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    guard let run = ScenarioRun.current else { return try await body() }
    let start = run.clock.now
    switch await race(clock: run.clock, limit: limit, body) {
    case .value(let value): return value
    case .error(let error): throw error
    case .interrupted: throw CancellationError()   // not raced against the run's interruption here
    case .timedOut:
        throw report("\(what) did not finish in time", expected: "within \(limit.formattedSeconds)",
                     actual: "still running after \((run.clock.now - start).formattedSeconds)",
                     SourceLocation(fileID: fileID, filePath: filePath, line: line))
    }
}

/// Requires `condition` to become true within `limit`, checking every `poll` of rig time.
public func eventually(
    within limit: Duration, every poll: Duration = .milliseconds(100), _ what: String,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    _ condition: @escaping @Sendable () async throws -> Bool
) async throws {
    guard let run = ScenarioRun.current else { throw RigUnavailable(reason: "eventually(…) needs a running scenario") }
    let deadline = run.clock.now + limit
    while true {
        if try await condition() { return }
        if run.clock.now >= deadline { break }
        try await run.clock.sleep(until: min(deadline, run.clock.now + poll))
    }
    throw report("\(what) never became true", expected: "true within \(limit.formattedSeconds)", actual: "still false",
                 SourceLocation(fileID: fileID, filePath: filePath, line: line))
}

/// Waits `duration` of rig time (virtual on simulated rigs).
public func wait(_ duration: Duration) async throws {
    guard let run = ScenarioRun.current else { return }
    try await run.clock.sleep(for: duration)
}

/// The current rig time.
public var rigNow: RigInstant { ScenarioRun.current?.clock.now ?? .zero }
