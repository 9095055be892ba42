import Foundation
import RigCore
import RigScenario

/// `rig trace FILE`: prints, filters and converts a run's trace (plain or `.gz`), e.g. to the Chrome/Perfetto
/// trace-event format so a run opens in Perfetto's UI (ui.perfetto.dev, offline too) or chrome://tracing.
public struct TraceCommand: Command {
    public static let name = "trace"
    public static let abstract = "Print, filter and convert a trace written by 'rig run --trace' (plain or .gz)."
    public static let usage = "FILE [--scenario PATTERN]... [--source S]... [--event KIND]... [--from SECONDS] [--to SECONDS] [--format jsonl|text|perfetto] [-o FILE]"
    public static let options: [OptionSpec] = [
        OptionSpec("scenario", value: "PATTERN", repeatable: true, help: "Keep events of scenarios whose name contains PATTERN."),
        OptionSpec("source", value: "S", repeatable: true, help: "Keep events from source S (a role, a link, runner, host…)."),
        OptionSpec("event", value: "KIND", repeatable: true, help: "Keep events of kind KIND (e.g. stateChanged, att)."),
        OptionSpec("from", value: "SECONDS", help: "Keep events at or after this rig time."),
        OptionSpec("to", value: "SECONDS", help: "Keep events at or before this rig time."),
        OptionSpec("format", value: "FORMAT", help: "jsonl (default: the trace's own lines), text (one aligned line per event) or perfetto (Chrome trace-event JSON)."),
        OptionSpec("output", short: "o", value: "FILE", help: "Write to FILE instead of standard output."),
    ]
    public static let discussion = """
    In the perfetto format each scenario is a process, each source a thread, each step a span, each
    plotted signal over rig time a counter track (battery, BVP, storage…) and
    every other event an instant with its data as arguments; times are rig time.
    Exit codes: 0 done; 2 usage error; 3 the trace cannot be read; 4 the output cannot be written.
    """

    enum Format: String { case jsonl, text, perfetto }

    var file: String
    var scenarios: [String]
    var sources: Set<String>
    var events: Set<String>
    var from: Double?
    var to: Double?
    var format: Format
    var output: String?

    public init(_ arguments: ParsedArguments) throws(UsageError) {
        let command = "rig trace"
        guard let file = arguments.positionals.first else { throw UsageError(command: command, message: "name a trace file") }
        if arguments.positionals.count > 1 { throw UsageError(command: command, message: "unexpected argument '\(arguments.positionals[1])'") }
        self.file = file
        scenarios = arguments.values("scenario").map { $0.lowercased() }
        sources = Set(arguments.values("source"))
        events = Set(arguments.values("event"))
        func seconds(_ name: String) throws(UsageError) -> Double? {
            guard let text = arguments.value(name) else { return nil }
            guard let value = Double(text), value.isFinite, value >= 0 else {
                throw UsageError(command: command, message: "--\(name) expects seconds of rig time, not '\(text)'")
            }
            return value
        }
        from = try seconds("from")
        to = try seconds("to")
        let formatText = arguments.value("format") ?? "jsonl"
        guard let format = Format(rawValue: formatText) else {
            throw UsageError(command: command, message: "--format expects jsonl, text or perfetto; got '\(formatText)'")
        }
        self.format = format
        output = arguments.value("output")
    }

    public func run(_ context: CommandContext) async -> Int32 {
        let lines: [Substring]
        do { lines = try TraceFileReader.lines(context.resolve(file)) } catch {
            context.err("error: \(error.description.replacingOccurrences(of: context.resolve(file), with: file))")
            return ExitCode.badInput
        }
        var header: Substring?
        var kept: [(line: Substring, event: [String: Any])] = []
        for (index, line) in lines.enumerated() {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
                context.err("error: \(file):\(index + 1): not a JSON object; is this a rig trace?")
                return ExitCode.badInput
            }
            if index == 0, object["format"] as? String == "rigkit-trace" { header = line; continue }
            if keeps(object) { kept.append((line, object)) }
        }
        let text: String
        switch format {
        case .jsonl: text = ((header.map { [$0] } ?? []) + kept.map(\.line)).joined(separator: "\n")
        case .text: text = kept.map { Self.textLine($0.event) }.joined(separator: "\n")
        case .perfetto: text = Self.perfetto(kept.map(\.event))
        }
        guard let output else {
            if !text.isEmpty { context.out(text) }
            return ExitCode.success
        }
        do { try OutputFile.write(Array((text + "\n").utf8), to: context.resolve(output)) } catch {
            context.err("error: \(error)")
            return ExitCode.cannotWrite
        }
        return ExitCode.success
    }

    func keeps(_ event: [String: Any]) -> Bool {
        let t = event["t"] as? Double ?? 0
        if let from, t < from { return false }
        if let to, t > to { return false }
        if !sources.isEmpty, !sources.contains(event["src"] as? String ?? "") { return false }
        if !events.isEmpty, !events.contains(event["ev"] as? String ?? "") { return false }
        if !scenarios.isEmpty {
            let name = (event["scenario"] as? String ?? "").lowercased()
            if !scenarios.contains(where: { name.contains($0) }) { return false }
        }
        return true
    }

    static func textLine(_ event: [String: Any]) -> String {
        let t = String(format: "%12.6f", event["t"] as? Double ?? 0)
        let data = (event["data"] as? [String: Any] ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        return "\(t)  \(event["scenario"] as? String ?? "")  \(event["src"] as? String ?? "")  \(event["ev"] as? String ?? "")  \(data)"
    }

    /// The plot a `plot` event carries, when it is drawn over rig time.
    static func plotOverTime(_ data: [String: Any]) -> Plot? {
        guard let json = data["plot"] as? String, let plot = try? JSONDecoder().decode(Plot.self, from: Data(json.utf8)), plot.isOverRigTime
        else { return nil }
        return plot
    }

    /// Chrome trace-event JSON: scenarios as processes, sources as threads, steps as spans, events as instants.
    static func perfetto(_ events: [[String: Any]]) -> String {
        var out: [String] = []
        var processes: [String: Int] = [:], threads: [String: Int] = [:]
        func process(_ scenario: String) -> Int {
            if let id = processes[scenario] { return id }
            let id = processes.count + 1
            processes[scenario] = id
            out.append(#"{"ph":"M","name":"process_name","pid":\#(id),"tid":0,"args":{"name":\#(JSONText.quote(scenario))}}"#)
            return id
        }
        func thread(_ pid: Int, _ source: String) -> Int {
            let key = "\(pid)/\(source)"
            if let id = threads[key] { return id }
            let id = threads.count + 1
            threads[key] = id
            out.append(#"{"ph":"M","name":"thread_name","pid":\#(pid),"tid":\#(id),"args":{"name":\#(JSONText.quote(source))}}"#)
            return id
        }
        for event in events {
            let pid = process(event["scenario"] as? String ?? "")
            let source = event["src"] as? String ?? ""
            let tid = thread(pid, source)
            let micros = String(format: "%.3f", (event["t"] as? Double ?? 0) * 1_000_000)
            let kind = event["ev"] as? String ?? ""
            let data = event["data"] as? [String: Any] ?? [:]
            let args = "{" + data.sorted { $0.key < $1.key }.map { "\(JSONText.quote($0.key)):\(JSONText.quote("\($0.value)"))" }.joined(separator: ",") + "}"
            switch kind {
            case "stepStarted":
                out.append(#"{"ph":"B","name":\#(JSONText.quote(data["step"] as? String ?? "step")),"cat":"step","ts":\#(micros),"pid":\#(pid),"tid":\#(tid)}"#)
            case "stepEnded":
                out.append(#"{"ph":"E","ts":\#(micros),"pid":\#(pid),"tid":\#(tid),"args":\#(args)}"#)
            case "plot" where Self.plotOverTime(data) != nil:
                // A plot over rig time becomes Perfetto counter tracks (one per series) and instants for its marks.
                let plot = Self.plotOverTime(data)!
                for series in plot.series {
                    let name = JSONText.quote("\(plot.title): \(series.name)\(plot.unit.isEmpty ? "" : " (\(plot.unit))")")
                    for (x, y) in zip(series.x, series.y) where y.isFinite {
                        out.append(#"{"ph":"C","name":\#(name),"ts":\#(String(format: "%.3f", x * 1_000_000)),"pid":\#(pid),"args":{"value":\#(y)}}"#)
                    }
                }
                for mark in plot.marks {
                    out.append(#"{"ph":"i","s":"t","name":\#(JSONText.quote(mark.label)),"cat":"plot","ts":\#(String(format: "%.3f", mark.x * 1_000_000)),"pid":\#(pid),"tid":\#(tid)}"#)
                }
            default:
                out.append(#"{"ph":"i","s":"t","name":\#(JSONText.quote(kind)),"cat":\#(JSONText.quote(source)),"ts":\#(micros),"pid":\#(pid),"tid":\#(tid),"args":\#(args)}"#)
            }
        }
        return "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n" + out.joined(separator: ",\n") + "\n]}"
    }
}
