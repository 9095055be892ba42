import BundledScenarios
import Foundation
import RigCore
import RigScenario
import Synchronization

/// A fault injected into a good run of a device family right after one of its protocol steps (the N-th ATT PDU or USB
/// transfer its trace records), and what came of it.
///
/// The steps are enumerated from a fault-free run's own trace, not listed by hand: the good run is run once, its
/// protocol events counted, and then run again once per step and fault with the fault injected as that step is
/// traced. Every case must end within the scenario's limit, passed (recovered or unaffected) or failed with a named
/// error — never by the runner's time limit (a hang) and never by crashing the process.
struct FaultMatrix: Sendable {
    /// A fault and how to inject it into the live rig.
    struct Fault: Sendable {
        var name: String
        var inject: @Sendable (LiveRig) async throws -> Void
    }

    /// How one case ended.
    enum Outcome: Equatable, CustomStringConvertible {
        case recovered
        case namedError(String)
        case hang(String)
        var description: String {
            switch self {
            case .recovered: "recovered"
            case .namedError(let text): "error: \(text)"
            case .hang(let text): "HANG: \(text)"
            }
        }
    }

    var family: String
    var rig: RigFile
    /// The protocol events of the device under test: trace source and event kind (e.g. a link's `att`, a role's `usb`).
    var isProtocolStep: @Sendable (TraceEvent) -> Bool
    var faults: [Fault]
    /// The good run: drives the family from connection to its main operation and back.
    var goodRun: @Sendable (LiveRig) async throws -> Void

    /// The protocol steps of a fault-free run.
    func steps() async -> Int {
        let counter = StepCounter(isProtocolStep)
        let result = await runner(observers: [counter]).run(scenario(trigger: nil))
        precondition(result.status == .passed, "the good run of \(family) fails without a fault: \(result.failures)")
        return counter.count
    }

    /// Runs `fault` after protocol step `step` (1-based) and classifies the outcome.
    func run(_ fault: Fault, afterStep step: Int) async -> Outcome {
        let trigger = FaultTrigger(step: step, isProtocolStep)
        let result = await runner(observers: [trigger]).run(scenario(trigger: (trigger, fault)))
        if result.status == .passed { return .recovered }
        let text = result.failures.map(\.description).joined(separator: "; ")
        if result.failures.contains(where: { $0.summary.contains("did not finish within") || $0.summary.contains("clock failed") }) {
            return .hang(text)
        }
        return .namedError(text)
    }

    private func runner(observers: [any RunObserver]) -> ScenarioRunner {
        ScenarioRunner(rig: rig, plugins: BundledScenarios.plugins,
                       directory: FileManager.default.temporaryDirectory.appendingPathComponent("fault-matrix-\(family)"), observers: observers)
    }

    private func scenario(trigger: (FaultTrigger, Fault)?) -> Scenario {
        let goodRun = goodRun
        return Scenario("\(family) under faults", .timeLimit(.seconds(900))) { rig in
            if let (trigger, fault) = trigger {
                let fired = trigger.fired
                let task = rig.clock.spawn {
                    for await _ in fired {
                        try? await fault.inject(rig)
                        return
                    }
                }
                rig.addCleanup { task.cancel() }
            }
            Step("Good run") { try await goodRun(rig) }
        }
    }
}

/// Counts a run's protocol steps.
private final class StepCounter: RunObserver {
    private let isStep: @Sendable (TraceEvent) -> Bool
    private let steps = Mutex(0)
    init(_ isStep: @escaping @Sendable (TraceEvent) -> Bool) { self.isStep = isStep }
    var count: Int { steps.withLock { $0 } }
    func traced(_ event: TraceEvent, scenario: Scenario) { if isStep(event) { steps.withLock { $0 += 1 } } }
}

/// Fires once when the run's `step`-th protocol event is traced.
private final class FaultTrigger: RunObserver {
    let fired: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    private let step: Int
    private let isStep: @Sendable (TraceEvent) -> Bool
    private let seen = Mutex(0)

    init(step: Int, _ isStep: @escaping @Sendable (TraceEvent) -> Bool) {
        (fired, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        self.step = step
        self.isStep = isStep
    }

    func traced(_ event: TraceEvent, scenario: Scenario) {
        guard isStep(event) else { return }
        let now = seen.withLock { value -> Int in value += 1; return value }
        if now == step {
            continuation.yield()
            continuation.finish()
        }
    }
}
