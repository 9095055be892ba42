import Foundation
import RigCore
import Synchronization

/// Prints a run as it goes: one line per scenario, failures in full, step progress on request, a summary.
public final class ConsoleReporter: RunObserver {
    private let write: @Sendable (String) -> Void
    private let showSteps: Bool
    private let started = Mutex<ContinuousClock.Instant?>(nil)

    /// A reporter writing lines with `write`; with `showSteps`, each step is printed as it starts (live progress on long runs).
    public init(showSteps: Bool = false, write: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.showSteps = showSteps
        self.write = write
    }

    public func runStarted(scenarios: [Scenario], rig: RigFile, seed: UInt64) {
        started.withLock { $0 = .now }
        write("Running \(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s") on rig \(rig.name) (\(rig.source), \(rig.clock.rawValue) clock, seed \(seed))")
    }

    public func scenarioStarted(_ scenario: Scenario, index: Int, of total: Int) {
        if showSteps { write("\(Self.counter(index, total)) START \(scenario.name)") }
    }

    public func traced(_ event: TraceEvent, scenario: Scenario) {
        guard showSteps, event.source == "runner", event.kind == "stepStarted",
              let step = event.fields.first(where: { $0.0 == "step" })?.1 else { return }
        write("        · t=\(event.time) \(step)")
    }

    public func scenarioFinished(_ result: ScenarioResult, index: Int, of total: Int) {
        let verdict: String
        switch result.status {
        case .passed: verdict = "PASS"
        case .failed: verdict = "FAIL"
        case .skipped: verdict = "SKIP"
        }
        var line = "\(Self.counter(index, total)) \(verdict) \(result.name)"
        if result.status == .skipped {
            line += " — \(result.skipReason ?? "")"
        } else {
            line += "  (rig time \(result.rigDuration.formattedSeconds), wall \(Self.milliseconds(result.wallDuration)))"
        }
        write(line)
        for failure in result.failures {
            write(failure.description.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 }.joined(separator: "\n"))
        }
        for measurement in result.measurements {
            write("        measurement \(measurement.name) = \(measurement.valueText) \(measurement.unit)"
                  + (measurement.limits == nil ? "" : " (limits \(measurement.limitsText))") + (measurement.passed ? "" : " OUT OF LIMITS"))
        }
    }

    public func runFinished(_ result: RunResult) {
        let wall = started.withLock { $0 }.map { ContinuousClock.now - $0 } ?? .zero
        let rigTime = result.scenarios.reduce(Duration.zero) { $0 + $1.rigDuration }
        write("")
        for failed in result.scenarios where failed.status == .failed {
            write("FAILED: \(failed.name) (\(failed.location))")
        }
        write("\(result.scenarios.count) scenarios in \(Self.milliseconds(wall)) (rig time \(rigTime.formattedSeconds))")
        write("\(result.passed) passed, \(result.failed) failed, \(result.skipped) skipped")
    }

    private static func counter(_ index: Int, _ total: Int) -> String {
        let width = String(total).count
        let i = String(index)
        return "[\(String(repeating: " ", count: width - i.count))\(i)/\(total)]"
    }

    static func milliseconds(_ d: Duration) -> String {
        let ms = Double(d.nanoseconds) / 1e6
        return ms < 10 ? String(format: "%.1f ms", ms) : String(format: "%.0f ms", ms)
    }
}
