import RigCore
import Synchronization

/// The record of one running scenario: failures and measurements, and the step in progress.
///
/// Expectations find it through the task-local `ScenarioRun.current`, so they
/// can be called from any helper a step calls.
public final class ScenarioRun: Sendable {
    /// The run the current task belongs to, if any.
    @TaskLocal public static var current: ScenarioRun?

    let clock: any RigClock
    let trace: TraceLog
    private let state = Mutex(State())

    private struct State {
        var step: String?
        var failures: [ExpectationFailure] = []
        var measurements: [Measurement] = []
    }

    init(clock: any RigClock, trace: TraceLog) {
        self.clock = clock
        self.trace = trace
    }

    /// The step in progress, if any.
    public var step: String? { state.withLock { $0.step } }
    public var failures: [ExpectationFailure] { state.withLock { $0.failures } }
    public var measurements: [Measurement] { state.withLock { $0.measurements } }

    func begin(step: String?) { state.withLock { $0.step = step } }

    /// Records a failure at `location` and returns it.
    @discardableResult
    func fail(_ summary: String, expected: String? = nil, actual: String? = nil, at location: SourceLocation) -> ExpectationFailure {
        let failure = ExpectationFailure(summary: summary, expected: expected, actual: actual, location: location,
                                         step: step, time: clock.now)
        state.withLock { $0.failures.append(failure) }
        var fields = [("summary", summary), ("at", location.description)]
        if let expected { fields.append(("expected", expected)) }
        if let actual { fields.append(("actual", actual)) }
        trace.record("runner", "expectationFailed", fields)
        return failure
    }

    func record(_ measurement: Measurement) {
        state.withLock { $0.measurements.append(measurement) }
        trace.record("runner", "measurement", [
            ("name", measurement.name), ("value", measurement.valueText), ("unit", measurement.unit),
            ("limits", measurement.limitsText), ("passed", String(measurement.passed)),
        ])
    }
}

/// An expectation that did not hold: what, where, in which step, expected vs actual, and when.
public struct ExpectationFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var summary: String
    public var expected: String?
    public var actual: String?
    public var location: SourceLocation
    public var step: String?
    /// Rig time when it failed.
    public var time: RigInstant

    public var description: String {
        var text = "\(location): "
        if let step { text += "in step \"\(step)\": " }
        text += summary
        if let expected { text += "\n    expected: \(expected)" }
        if let actual { text += "\n    actual:   \(actual)" }
        text += "\n    at t = \(time)"
        return text
    }
}
