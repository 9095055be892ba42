import Foundation
import RigCore

/// Receives a run's progress as it happens (console output, trace files).
public protocol RunObserver: Sendable {
    func runStarted(scenarios: [Scenario], rig: RigFile, seed: UInt64)
    func scenarioStarted(_ scenario: Scenario, index: Int, of total: Int)
    /// Called for every trace event, as it is recorded.
    func traced(_ event: TraceEvent, scenario: Scenario)
    func scenarioFinished(_ result: ScenarioResult, index: Int, of total: Int)
    func runFinished(_ result: RunResult)
}

extension RunObserver {
    public func runStarted(scenarios: [Scenario], rig: RigFile, seed: UInt64) {}
    public func scenarioStarted(_ scenario: Scenario, index: Int, of total: Int) {}
    public func traced(_ event: TraceEvent, scenario: Scenario) {}
    public func scenarioFinished(_ result: ScenarioResult, index: Int, of total: Int) {}
    public func runFinished(_ result: RunResult) {}
}

/// Runs scenarios one after another on a rig, each on a fresh clock, host and set of devices.
///
/// On a virtual rig each scenario gets its own `VirtualClock` starting at zero,
/// so a scenario's trace depends only on the rig, the seed and the scenario,
/// not on which other scenarios ran (filters and shards give the same traces).
public struct ScenarioRunner: Sendable {
    public var rig: RigFile
    /// The device families and links the rig's devices need.
    public var plugins: RigPlugins
    public var seed: UInt64
    /// Where devices keep their files; each scenario gets a folder inside.
    public var directory: URL
    public var observers: [any RunObserver]
    /// Stops the run from outside (signals); nil: the run cannot be interrupted.
    public var interruption: RunInterruption?

    public init(rig: RigFile, plugins: RigPlugins, seed: UInt64? = nil, directory: URL, observers: [any RunObserver] = [],
                interruption: RunInterruption? = nil) {
        self.interruption = interruption
        self.rig = rig
        self.plugins = plugins
        self.seed = seed ?? rig.seed
        self.directory = directory
        self.observers = observers
    }

    /// Runs `scenarios` in order and returns their results.
    public func run(_ scenarios: [Scenario]) async -> RunResult {
        for o in observers { o.runStarted(scenarios: scenarios, rig: rig, seed: seed) }
        var results: [ScenarioResult] = []
        let rigProblem = rigProblem()   // checked once for the whole run
        for (index, scenario) in scenarios.enumerated() {
            if interruption?.reason != nil { break }
            for o in observers { o.scenarioStarted(scenario, index: index + 1, of: scenarios.count) }
            let result = await run(scenario, rigProblem: rigProblem)
            results.append(result)
            for o in observers { o.scenarioFinished(result, index: index + 1, of: scenarios.count) }
        }
        let run = RunResult(rig: rig, seed: seed, scenarios: results, interruption: interruption?.reason)
        for o in observers { o.runFinished(run) }
        return run
    }

    /// Runs one scenario.
    public func run(_ scenario: Scenario) async -> ScenarioResult {
        await run(scenario, rigProblem: rigProblem())
    }

    /// Why the rig does not fit the plug-ins (an unknown kind, a link its kind cannot take, a bad parameter), if it does not.
    private func rigProblem() -> RigFileError? {
        do throws(RigFileError) { try plugins.validate(rig) } catch { return error }
        return nil
    }

    private func run(_ scenario: Scenario, rigProblem: RigFileError?) async -> ScenarioResult {
        let wallStart = ContinuousClock.now
        let observers = observers
        let virtual = rig.clock == .virtual
        let clock: any RigClock = virtual ? VirtualClock() : WallClock()
        let trace = TraceLog(clock: clock) { event in
            for o in observers { o.traced(event, scenario: scenario) }
        }
        let execution = ScenarioExecution(scenario: scenario, rig: rig, rigProblem: rigProblem, plugins: plugins, interruption: interruption, seed: seed,
                                          clock: clock, trace: trace,
                                          directory: outputFolder(of: scenario))
        var result: ScenarioResult
        do {
            if let virtualClock = clock as? VirtualClock {
                result = try await virtualClock.run { await execution.run() }
            } else {
                result = await execution.run()
            }
        } catch {
            result = execution.result(status: .failed, skipReason: nil, steps: [], extraFailure: "the scenario's clock failed: \(error)")
        }
        result.wallDuration = ContinuousClock.now - wallStart
        result.trace = trace.all
        return result
    }

    /// Where a run of `scenario` keeps its devices' files (exports, caches, captures): a folder of `directory` named after
    /// the scenario (`LiveRig.directory`).
    public func outputFolder(of scenario: Scenario) -> URL {
        directory.appendingPathComponent(Self.folderName(scenario.name), isDirectory: true)
    }

    /// A folder name for a scenario: letters, digits and dashes only.
    static func folderName(_ name: String) -> String {
        var out = ""
        var dash = false
        for scalar in name.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic && scalar.isASCII || ("0"..."9").contains(scalar) {
                out.unicodeScalars.append(scalar)
                dash = false
            } else if !dash && !out.isEmpty {
                out += "-"
                dash = true
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "scenario" : String(out.prefix(80))
    }
}

/// One scenario running on its clock: builds the steps, runs them under time limits, tears down.
struct ScenarioExecution: Sendable {
    let scenario: Scenario
    let rig: RigFile
    /// Why the rig does not fit the plug-ins, checked once per run by the runner.
    let rigProblem: RigFileError?
    let plugins: RigPlugins
    let interruption: RunInterruption?
    let seed: UInt64
    let clock: any RigClock
    let trace: TraceLog
    let directory: URL
    let record: ScenarioRun

    init(scenario: Scenario, rig: RigFile, rigProblem: RigFileError?, plugins: RigPlugins, interruption: RunInterruption?, seed: UInt64,
         clock: any RigClock, trace: TraceLog, directory: URL) {
        self.scenario = scenario
        self.rigProblem = rigProblem
        self.interruption = interruption
        self.rig = rig
        self.plugins = plugins
        self.seed = seed
        self.clock = clock
        self.trace = trace
        self.directory = directory
        record = ScenarioRun(clock: clock, trace: trace)
    }

    func run() async -> ScenarioResult {
        trace.record("runner", "scenarioStarted", [("scenario", scenario.name), ("rig", rig.name), ("seed", String(seed))])
        for requirement in scenario.requirements where !rigProvides(requirement) {
            return finish(.skipped, skipReason: "the rig \(rig.name) cannot provide \(requirement)", steps: [])
        }
        if let rigProblem {
            return result(status: .failed, skipReason: nil, steps: [], extraFailure: "the rig does not fit this runner's plug-ins: \(rigProblem)")
        }
        OutputFolder.remove(directory.path)   // never a half-deleted earlier run in view
        let live = LiveRig(file: rig, plugins: plugins, clock: clock, trace: trace, seed: seed, directory: directory, scenarioName: scenario.name)
        let deadline = clock.now + scenario.timeLimit
        let outcome = await ScenarioRun.$current.withValue(record) {
            await self.runSteps(live: live, deadline: deadline)
        }
        await live.shutDown()
        return outcome
    }

    private func runSteps(live: LiveRig, deadline: RigInstant) async -> ScenarioResult {
        record.begin(step: nil)
        let built = await race(clock: clock, limit: deadline - clock.now, interruption: interruption) {
            try await live.bringUp()
            return try await scenario.body(live)
        }
        let steps: [Step]
        switch built {
        case .value(let value): steps = value
        case .error(let unavailable as RigUnavailable):
            return finish(.skipped, skipReason: unavailable.reason, steps: [])
        case .error(let error):
            failUnexpected(error, at: scenario.location)
            return finish(.failed, steps: [])
        case .timedOut:
            record.fail("setting up the scenario did not finish within its time limit of \(scenario.timeLimit.formattedSeconds)",
                        at: scenario.location)
            return finish(.failed, steps: [])
        case .interrupted(let reason):
            record.fail("the run was \(reason) while the scenario was being set up", at: scenario.location)
            return finish(.failed, steps: [])
        }
        var results: [StepResult] = []
        for step in steps {
            record.begin(step: step.name)
            let started = clock.now
            let failuresBefore = record.failures.count
            trace.record("runner", "stepStarted", [("step", step.name)])
            let remaining = deadline - clock.now
            let limit = step.timeLimit.map { min($0, remaining) } ?? remaining
            let limitIsStep = step.timeLimit.map { $0 <= remaining } ?? false
            var stop = false
            switch await race(clock: clock, limit: limit, interruption: interruption, step.body) {
            case .value: break
            case .error(is ExpectationFailure): stop = true
            case .error(let unavailable as RigUnavailable):
                trace.record("runner", "stepEnded", [("step", step.name), ("passed", "false")])
                return finish(.skipped, skipReason: unavailable.reason, steps: results)
            case .error(let error):
                failUnexpected(error, at: step.location)
                stop = true
            case .timedOut:
                let which = limitIsStep ? "the step's time limit of \(limit.formattedSeconds)"
                                        : "the scenario's time limit of \(scenario.timeLimit.formattedSeconds)"
                record.fail("the step did not finish within \(which); a device may have stopped answering",
                            expected: "step done by t = \(started + limit)", actual: "still running", at: step.location)
                stop = true
            case .interrupted(let reason):
                record.fail("the run was \(reason) during this step", expected: "the step to finish", actual: reason, at: step.location)
                stop = true
            }
            let passed = record.failures.count == failuresBefore
            trace.record("runner", "stepEnded", [("step", step.name), ("passed", String(passed))])
            results.append(StepResult(name: step.name, passed: passed, started: started, ended: clock.now))
            if stop { break }
        }
        record.begin(step: nil)
        return finish(record.failures.isEmpty ? .passed : .failed, steps: results)
    }

    private func failUnexpected(_ error: any Error, at location: SourceLocation) {
        record.fail("unexpected error: \(describe(error))", expected: "no error", actual: "\(type(of: error)): \(describe(error))", at: location)
    }

    private func rigProvides(_ requirement: RigRequirement) -> Bool {
        switch requirement {
        case .virtualClock: rig.clock == .virtual
        case .faultInjection: rig.devices.allSatisfy(\.link.runsSimulator)
        }
    }

    private func finish(_ status: ScenarioResult.Status, skipReason: String? = nil, steps: [StepResult]) -> ScenarioResult {
        markFaults()
        let plots = trace.plots.plots()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for plot in plots {
            // One line per plot, so a trace keeps the signals the report draws (`rig trace --event plot`).
            let json = (try? encoder.encode(plot)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            trace.record("plot", "plot", [("title", plot.title), ("plot", json)])
        }
        var fields = [("scenario", scenario.name), ("status", status.rawValue)]
        if let skipReason { fields.append(("reason", skipReason)) }
        trace.record("runner", "scenarioEnded", fields)
        return result(status: status, skipReason: skipReason, steps: steps, extraFailure: nil, plots: plots)
    }

    /// Marks the plug-ins' fault events (`RigPlugin.faultEventKinds`) on the scenario's fault plot, at their rig time.
    private func markFaults() {
        let kinds = plugins.faultEventKinds
        guard !kinds.isEmpty else { return }
        var pen: PlotPen?
        for event in trace.all where kinds.contains(event.kind) {
            if pen == nil { pen = trace.plots.plot("Link and device faults", unit: "") }
            let detail = event.fields.first.map { " (\($0.0) \($0.1))" } ?? ""
            pen?.mark("\(event.source): \(event.kind)\(detail)", atRigSeconds: event.time.seconds)
        }
    }

    func result(status: ScenarioResult.Status, skipReason: String?, steps: [StepResult], extraFailure: String?, plots: [Plot]? = nil) -> ScenarioResult {
        if let extraFailure { record.fail(extraFailure, at: scenario.location) }
        return ScenarioResult(
            name: scenario.name, location: scenario.location, tags: scenario.tags, status: status, skipReason: skipReason,
            failures: record.failures, measurements: record.measurements, steps: steps,
            rigDuration: clock.now.offset, wallDuration: .zero, seed: seed, trace: [], plots: plots ?? trace.plots.plots())
    }
}
