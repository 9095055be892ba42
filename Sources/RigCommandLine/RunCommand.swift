import Foundation
import RigCore
import RigScenario

/// `rig run`: runs the scenarios on a rig and reports.
public struct RunCommand: Command {
    public static let name = "run"
    public static let abstract = "Run scenarios on a rig and report the results."
    public static let usage = "[--rig FILE] [--filter PATTERN]... [--tag T]... [--skip-tag T]... [--seed N] [--junit FILE] [--html FILE] [--trace FILE] [--trace-level LEVEL] [--captures DIR] [--shard K/N] [--wait-for-place DURATION] [--out DIR] [--verbose]"
    public static let options: [OptionSpec] = [
        OptionSpec("rig", value: "FILE", help: "The rig file (default: rigs/simulated.json, else the built-in simulated rig)."),
        OptionSpec("filter", value: "PATTERN", repeatable: true, help: "Run scenarios whose name contains PATTERN or matches it as a * glob."),
        OptionSpec("tag", value: "T", repeatable: true, help: "Run scenarios with tag T."),
        OptionSpec("skip-tag", value: "T", repeatable: true, help: "Leave out scenarios with tag T (e.g. long on a wall-clock rig)."),
        OptionSpec("seed", value: "N", help: "Seed for the simulators, instead of the rig file's."),
        OptionSpec("junit", value: "FILE", help: "Write a JUnit XML report to FILE."),
        OptionSpec("html", value: "FILE", help: "Write an HTML report with each scenario's timeline, failures and measurements to FILE."),
        OptionSpec("trace", value: "FILE", help: "Write the JSON Lines trace to FILE (gzip-compressed when FILE ends in .gz)."),
        OptionSpec("trace-level", value: "LEVEL", help: "What the trace keeps: summary (scenarios, steps, measurements), events (everything but protocol detail; default) or pdus (ATT PDUs and USB transfers too)."),
        OptionSpec("captures", value: "DIR", help: "Write captures to DIR: btsnoop per BLE link, usbmon pcap per USB device, per scenario (Wireshark/tshark open them)."),
        OptionSpec("shard", value: "K/N", help: "Run only the K-th of N equal shards of the selected scenarios; 'auto' takes them from GitLab's CI_NODE_INDEX/CI_NODE_TOTAL, 'auto/N' from a Kubernetes Indexed Job's JOB_COMPLETION_INDEX."),
        OptionSpec("wait-for-place", value: "DURATION", help: "When the rig's labgrid place is held by someone else, wait up to DURATION (e.g. 90s, 10m, 1h) for it instead of failing at once."),
        OptionSpec("out", value: "DIR", help: "Where devices keep their files (exports, caches); default rig-out."),
        OptionSpec("verbose", short: "v", help: "Print each step as it starts."),
    ]
    public static let discussion = """
    Exit codes: 0 all selected scenarios passed or were skipped; 1 a scenario failed;
    2 usage error; 3 the rig file is invalid; 4 a report could not be written;
    5 the filters selected no scenario; 6 the rig's labgrid place could not be acquired (held by someone
    else: the message names the holder) or released.
    A rig file with "labgrid": {"place": …} reserves its bench: the place is acquired through labgrid-client
    before the first scenario and released when the run ends, also after a failure or a signal.
    Every output is written whole or not at all: the trace, JUnit and HTML go to hidden temporary files
    beside their targets and are moved into place when the run ends; captures appear all together. A
    write that fails (full disk, file-size limit, permissions) is named with the system's reason, the
    earlier file is kept, and rig run exits 4. Two outputs, or an output and the rig file, that are the
    same file are refused before anything runs (2). On SIGINT, SIGTERM or SIGHUP the current scenario
    stops as failed, no other starts, the reports are written for what ran, and rig run exits 130, 143
    or 129.
    """

    public var rigPath: String?
    public var selection: ScenarioSelection
    public var seed: UInt64?
    public var junitPath: String?
    public var htmlPath: String?
    public var tracePath: String?
    public var traceLevel: TraceLevel
    public var capturesDirectory: String?
    public var outDirectory: String
    public var verbose: Bool
    /// How long to wait for a labgrid place someone else holds; nil: refuse at once.
    public var waitForPlace: Duration?

    public init(_ arguments: ParsedArguments) throws(UsageError) {
        let command = "rig run"
        guard arguments.positionals.isEmpty else {
            throw UsageError(command: command, message: "unexpected argument '\(arguments.positionals[0])' (use --filter to choose scenarios)")
        }
        rigPath = arguments.value("rig")
        var shard: (Int, Int)?
        if let given = arguments.value("shard") {
            let text: String
            do { text = try ScenarioSelection.shardFromEnvironment(given, ProcessInfo.processInfo.environment) } catch {
                throw UsageError(command: command, message: error.reason)
            }
            guard let parsed = ScenarioSelection.parseShard(text) else {
                throw UsageError(command: command, message: "--shard expects K/N with 1 ≤ K ≤ N, e.g. 2/4, or auto[/N]; got '\(given)'")
            }
            shard = parsed
        }
        selection = ScenarioSelection(filters: arguments.values("filter"), tags: arguments.values("tag"), skipTags: arguments.values("skip-tag"), shard: shard)
        if let text = arguments.value("seed") {
            guard let value = UInt64(text) else {
                throw UsageError(command: command, message: "--seed expects a whole number from 0 to \(UInt64.max); got '\(text)'")
            }
            seed = value
        }
        junitPath = arguments.value("junit")
        htmlPath = arguments.value("html")
        tracePath = arguments.value("trace")
        if let text = arguments.value("trace-level") {
            guard let level = TraceLevel(rawValue: text) else {
                throw UsageError(command: command, message: "--trace-level expects summary, events or pdus; got '\(text)'")
            }
            traceLevel = level
        } else {
            traceLevel = .events
        }
        capturesDirectory = arguments.value("captures")
        outDirectory = arguments.value("out") ?? "rig-out"
        verbose = arguments.flag("verbose")
        if let text = arguments.value("wait-for-place") {
            guard let wait = Self.duration(text) else {
                throw UsageError(command: command, message: "--wait-for-place expects a duration such as 90s, 10m or 1h; got '\(text)'")
            }
            waitForPlace = wait
        }
    }

    /// `90`, `90s`, `500ms`, `10m`, `1h` as a duration.
    static func duration(_ text: String) -> Duration? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            guard let value = Double(text.dropLast(suffix.count)), value.isFinite, value >= 0, value * scale < 1e9 else { return nil }
            return .milliseconds(Int64((value * scale * 1000).rounded()))
        }
        guard let value = Double(text), value.isFinite, value >= 0, value < 1e9 else { return nil }
        return .milliseconds(Int64((value * 1000).rounded()))
    }

    public func validate() throws(UsageError) {
        for (flag, path) in [("junit", junitPath), ("trace", tracePath), ("html", htmlPath)] {
            if let path, path.isEmpty || path.hasSuffix("/") {
                throw UsageError(command: "rig run", message: "--\(flag) expects a file name; got '\(path)'")
            }
        }
    }

    public func run(_ context: CommandContext) async -> Int32 {
        let rig: RigFile
        switch RigLoading.load(rigPath, context) {
        case .success(let loaded): rig = loaded
        case .failure(let error):
            context.err("error: \(error)")
            return ExitCode.badInput
        }
        if let problem = outputProblem(context) {
            context.err("error: rig run: \(problem)")
            return problem.hasPrefix("cannot write") ? ExitCode.cannotWrite : ExitCode.usage
        }
        let scenarios = selection.apply(context.scenarios)
        guard !scenarios.isEmpty else {
            context.err("error: no scenario matches the filters (\(context.scenarios.count) known; see 'rig list')")
            return ExitCode.nothingSelected
        }
        let interruption = RunInterruption()
        let signals = SignalWatch(interruption)
        var reservation: PlaceReservation?
        if let place = rig.labgrid {
            do throws(PlaceReservation.Problem) {
                let placeReservation = try PlaceReservation(place)
                if waitForPlace != nil { context.out("labgrid: acquiring place \(place.description) (waiting while it is held)") }
                try await placeReservation.acquire(wait: waitForPlace, stop: { interruption.reason != nil })
                reservation = placeReservation
                context.out("labgrid: acquired place \(place.description)")
            } catch {
                signals.stop()
                context.err("error: rig run: \(error)")
                if case .interrupted = error, let signal = signals.received { return 128 + signal }
                return ExitCode.placeUnavailable
            }
        }
        /// Gives the place back; false when labgrid could not (the message says why).
        func releasePlace() -> Bool {
            guard let reservation else { return true }
            if let problem = reservation.release() {
                context.err("error: rig run: labgrid could not release place \(reservation.place.description): \(problem)")
                return false
            }
            context.out("labgrid: released place \(reservation.place.description)")
            return true
        }
        var observers: [any RunObserver] = [ConsoleReporter(showSteps: verbose || rig.clock == .wall, write: context.out)]
        var traceWriter: TraceFileWriter?
        if let tracePath {
            do {
                let path = context.resolve(tracePath)
                let sink: any TraceLineSink = path.hasSuffix(".gz") ? try GzipLineWriter(path: path) : try JSONLinesWriter(path: path)
                traceWriter = TraceFileWriter(sink: sink, level: traceLevel, protocolKinds: context.plugins.protocolEventKinds,
                                              shard: selection.shard.map { "\($0.index)/\($0.count)" })
                observers.append(traceWriter!)
            } catch {
                context.err("error: \(error)")
                signals.stop()
                _ = releasePlace()
                return ExitCode.cannotWrite
            }
        }
        var captures: CaptureWriter?
        if let capturesDirectory {
            captures = CaptureWriter(directory: context.resolve(capturesDirectory), plugins: context.plugins,
                                     unixStart: rig.clock == .virtual ? VirtualClock.defaultUnixStart : nil)
            observers.append(captures!)
        }
        let runner = ScenarioRunner(rig: rig, plugins: context.plugins, seed: seed, directory: URL(fileURLWithPath: context.resolve(outDirectory)),
                                    observers: observers, interruption: interruption)
        var result = await runner.run(scenarios)
        result.shard = selection.shard.map { "\($0.index)/\($0.count)" }
        let released = releasePlace()   // the bench is free again before the reports are written
        signals.stop()
        var code = result.failed > 0 ? ExitCode.failure : ExitCode.success
        if !released && code == ExitCode.success { code = ExitCode.placeUnavailable }
        // Every report is attempted, whatever happened to the one before; each failure names its file.
        var failures: [FileWriteError] = []
        if let traceWriter, let tracePath {
            do { try traceWriter.close(); context.out("trace: \(tracePath)") } catch { failures.append(error) }
        }
        if let junitPath {
            do { try JUnitReport.write(result, to: context.resolve(junitPath)); context.out("junit: \(junitPath)") } catch { failures.append(error) }
        }
        if let htmlPath {
            do { try HTMLReport.write(result, to: context.resolve(htmlPath)); context.out("html: \(htmlPath)") } catch { failures.append(error) }
        }
        if let captures, let capturesDirectory {
            do {
                let written = try captures.commit()
                context.out("captures: \(written.count) file\(written.count == 1 ? "" : "s") in \(capturesDirectory)")
            } catch { failures.append(error) }
        }
        for failure in failures { context.err("error: \(failure)") }
        if !failures.isEmpty { code = ExitCode.cannotWrite }
        if let reason = result.interruption, let signal = signals.received {
            context.err("rig run: \(reason); reports cover the \(result.scenarios.count) scenario\(result.scenarios.count == 1 ? "" : "s") that ran")
            code = 128 + signal
        }
        return code
    }

    /// Why the outputs cannot be written as named, checked before anything runs: two outputs, or an output and an
    /// input, that are the same file; a captures or out folder that is a file.
    func outputProblem(_ context: CommandContext) -> String? {
        var files: [(flag: String, given: String)] = []
        for (flag, path) in [("--junit", junitPath), ("--html", htmlPath), ("--trace", tracePath)] {
            if let path { files.append((flag, path)) }
        }
        let inputs: [(flag: String, given: String)] = rigPath.map { [("--rig", $0)] } ?? []
        for (index, output) in files.enumerated() {
            for other in files[(index + 1)...] where OutputFile.sameFile(context.resolve(output.given), context.resolve(other.given)) {
                return "\(output.flag) and \(other.flag) name the same file '\(output.given)'"
            }
            for input in inputs where OutputFile.sameFile(context.resolve(output.given), context.resolve(input.given)) {
                return "\(output.flag) would overwrite the \(input.flag) file '\(input.given)'"
            }
        }
        for (flag, folder) in [("--captures", capturesDirectory), ("--out", outDirectory)] {
            guard let folder else { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: context.resolve(folder), isDirectory: &isDirectory), !isDirectory.boolValue {
                return "cannot write \(flag) \(folder): it is a file, not a folder"
            }
        }
        return nil
    }
}

/// Finding and loading the rig file a command names, or the default one.
enum RigLoading {
    /// The rig at `path`, or `rigs/simulated.json` under the current directory, or the built-in simulated rig.
    static func load(_ path: String?, _ context: CommandContext) -> Result<RigFile, RigFileError> {
        do throws(RigFileError) {
            if let path {
                let rig = try RigFile.load(path: context.resolve(path))
                try context.plugins.validate(rig)
                return .success(rig.renamingSource(path))
            }
            let fallback = context.resolve("rigs/simulated.json")
            if FileManager.default.fileExists(atPath: fallback) {
                let rig = try RigFile.load(path: fallback)
                try context.plugins.validate(rig)
                return .success(rig.renamingSource("rigs/simulated.json"))
            }
            return .success(RigFile.builtinSimulated())
        } catch {
            return .failure(error)
        }
    }
}

extension RigFile {
    func renamingSource(_ source: String) -> RigFile {
        var copy = self
        copy.source = source
        return copy
    }
}
