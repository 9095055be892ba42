import RigCore

/// How one scenario ended.
public struct ScenarioResult: Sendable {
    /// The verdict.
    public enum Status: String, Sendable, Equatable {
        case passed, failed, skipped
    }

    public var name: String
    public var location: SourceLocation
    public var tags: [Tag]
    public var status: Status
    /// Why the scenario was skipped.
    public var skipReason: String?
    public var failures: [ExpectationFailure]
    public var measurements: [Measurement]
    /// The steps that ran, with how each ended.
    public var steps: [StepResult]
    /// Rig time the scenario took.
    public var rigDuration: Duration
    /// Wall time the scenario took.
    public var wallDuration: Duration
    public var seed: UInt64
    /// Everything that happened, in order.
    public var trace: [TraceEvent]
    /// The signals recorded for the report (families' and the scenario's own, `LiveRig.plot`), in recording order.
    public var plots: [Plot] = []
}

/// How one step ended.
public struct StepResult: Sendable {
    public var name: String
    public var passed: Bool
    public var started: RigInstant
    public var ended: RigInstant
}

/// The results of a run.
public struct RunResult: Sendable {
    public var rig: RigFile
    public var seed: UInt64
    public var scenarios: [ScenarioResult]
    /// Why the run stopped early (e.g. "interrupted by SIGINT"): the scenarios listed ran, the rest did not start.
    public var interruption: String?
    /// The shard this run was, `K/N` (`rig run --shard`), recorded in its reports so `rig report merge` can interleave.
    public var shard: String?

    public init(rig: RigFile, seed: UInt64, scenarios: [ScenarioResult], interruption: String? = nil) {
        self.rig = rig
        self.seed = seed
        self.scenarios = scenarios
        self.interruption = interruption
    }

    public var passed: Int { scenarios.filter { $0.status == .passed }.count }
    public var failed: Int { scenarios.filter { $0.status == .failed }.count }
    public var skipped: Int { scenarios.filter { $0.status == .skipped }.count }
}
