import Foundation
import RigCore
import RigScenario

/// `rig report`: work on the reports of runs.
public struct ReportCommand: CommandGroup {
    public static let name = "report"
    public static let abstract = "Work on run reports: merge the JUnit, traces and HTML reports of shards into one."
    public static let subcommands: [any Command.Type] = [ReportMergeCommand.self]
}

/// `rig report merge`: combines the JUnit files, traces and HTML reports of `rig run --shard K/N` runs into the reports one
/// unsharded run would have written: scenarios back in their unsharded order (shard K's i-th scenario was the
/// (i·N + K)-th), totals summed. Inputs are told apart by name: `.xml` JUnit, `.jsonl`/`.jsonl.gz` traces, `.html` reports.
public struct ReportMergeCommand: Command {
    public static let name = "merge"
    public static let abstract = "Merge the JUnit files, traces and HTML reports of shards (rig run --shard K/N) into one of each."
    public static let usage = "[--junit OUT.xml] [--trace OUT.jsonl[.gz]] [--html OUT.html] SHARD-FILE..."
    public static let options: [OptionSpec] = [
        OptionSpec("junit", value: "FILE", help: "Write the merged JUnit XML of the .xml inputs to FILE."),
        OptionSpec("trace", value: "FILE", help: "Write the merged trace of the .jsonl/.jsonl.gz inputs to FILE (gzip when it ends in .gz)."),
        OptionSpec("html", value: "FILE", help: "Write one HTML report of the .html inputs (the shards' rig run --html pages) to FILE."),
    ]
    public static let discussion = """
    Each input must come from a sharded run (it records its shard, K/N); all must be of the same N, each K once.
    A CI matrix runs 'rig run --shard $K/$N --junit shard-$K.xml --trace shard-$K.jsonl', then one job runs
    'rig report merge --junit junit.xml --trace trace.jsonl --html report.html shard-*.xml shard-*.jsonl shard-*.html'
    (Docs/CLI.md has GitHub
    Actions, GitLab and Kubernetes examples). Exit codes: 0 merged; 2 usage error; 3 an input cannot be read or
    is not a shard; 4 an output cannot be written.
    """

    var junitOut: String?
    var traceOut: String?
    var htmlOut: String?
    var inputs: [String]

    public init(_ arguments: ParsedArguments) throws(UsageError) {
        junitOut = arguments.value("junit")
        traceOut = arguments.value("trace")
        htmlOut = arguments.value("html")
        inputs = arguments.positionals
        guard junitOut != nil || traceOut != nil || htmlOut != nil else {
            throw UsageError(command: "rig report merge", message: "name an output: --junit FILE, --trace FILE and/or --html FILE")
        }
        guard !inputs.isEmpty else { throw UsageError(command: "rig report merge", message: "name the shards' JUnit, trace and HTML files") }
    }

    public func run(_ context: CommandContext) async -> Int32 {
        let xml = inputs.filter { $0.hasSuffix(".xml") }
        let traces = inputs.filter { $0.hasSuffix(".jsonl") || $0.hasSuffix(".jsonl.gz") }
        let pages = inputs.filter { $0.hasSuffix(".html") }
        if let other = inputs.first(where: { !xml.contains($0) && !traces.contains($0) && !pages.contains($0) }) {
            context.err("error: rig report merge: '\(other)' is not a JUnit file (.xml), a trace (.jsonl, .jsonl.gz) or an HTML report (.html)")
            return ExitCode.usage
        }
        do {
            if let junitOut {
                guard !xml.isEmpty else { throw MergeProblem("--junit needs .xml inputs") }
                let merged = try ShardMerge.junit(try xml.map { path throws(MergeProblem) in (path, try Self.read(context.resolve(path), as: path)) })
                try write(merged, to: junitOut, context)
                context.out("junit: \(junitOut) (\(xml.count) shard\(xml.count == 1 ? "" : "s"))")
            }
            if let traceOut {
                guard !traces.isEmpty else { throw MergeProblem("--trace needs .jsonl inputs") }
                var shards: [(String, [Substring])] = []
                for path in traces {
                    do { shards.append((path, try TraceFileReader.lines(context.resolve(path)))) } catch { throw MergeProblem("\(path): \(error.reason)") }
                }
                let merged = try ShardMerge.traces(shards)
                let resolved = context.resolve(traceOut)
                let sink: any TraceLineSink = resolved.hasSuffix(".gz") ? try GzipLineWriter(path: resolved) : try JSONLinesWriter(path: resolved)
                for line in merged { sink.write(line: line) }
                try sink.close()
                context.out("trace: \(traceOut) (\(traces.count) shard\(traces.count == 1 ? "" : "s"))")
            }
            if let htmlOut {
                guard !pages.isEmpty else { throw MergeProblem("--html needs .html inputs") }
                var shards: [(String, ReportData)] = []
                for path in pages {
                    guard let report = ReportData.read(fromHTML: try Self.read(context.resolve(path), as: path)) else {
                        throw MergeProblem("\(path): not a RigKit HTML report (no run data in it)")
                    }
                    shards.append((path, report))
                }
                try HTMLReport.write(try ShardMerge.reports(shards), to: context.resolve(htmlOut))
                context.out("html: \(htmlOut) (\(pages.count) shard\(pages.count == 1 ? "" : "s"))")
            }
        } catch let problem as MergeProblem {
            context.err("error: rig report merge: \(problem.reason)")
            return ExitCode.badInput
        } catch let error as FileWriteError {
            context.err("error: \(error)")
            return ExitCode.cannotWrite
        } catch {
            context.err("error: \(error)")
            return ExitCode.badInput
        }
        return ExitCode.success
    }

    private func write(_ text: String, to path: String, _ context: CommandContext) throws(FileWriteError) {
        try OutputFile.write(Array(text.utf8), to: context.resolve(path))
    }

    private static func read(_ path: String, as shown: String) throws(MergeProblem) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { throw MergeProblem("\(shown): cannot read it") }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Why shards cannot be merged.
struct MergeProblem: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

/// Merging the reports of shards back into the unsharded order.
enum ShardMerge {
    /// `K/N` of a shard's report.
    static func shard(_ text: Substring, _ name: String) throws(MergeProblem) -> (index: Int, count: Int) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), (1...n).contains(k) else {
            throw MergeProblem("\(name): shard '\(text)' is not K/N")
        }
        return (k, n)
    }

    /// Orders each shard's items back into the unsharded order: shard K's i-th item goes to position i·N + K − 1.
    static func interleave<T>(_ shards: [(index: Int, count: Int, items: [T], name: String)]) throws(MergeProblem) -> [T] {
        guard let count = shards.first?.count else { return [] }
        var seen: Set<Int> = []
        for shard in shards {
            guard shard.count == count else { throw MergeProblem("\(shard.name) is a shard of \(shard.count), the others of \(count)") }
            guard seen.insert(shard.index).inserted else { throw MergeProblem("shard \(shard.index)/\(count) is given twice (\(shard.name))") }
        }
        var placed: [(Int, T)] = []
        for shard in shards {
            for (i, item) in shard.items.enumerated() { placed.append((i * count + shard.index - 1, item)) }
        }
        return placed.sorted { $0.0 < $1.0 }.map(\.1)
    }

    static func junit(_ files: [(name: String, text: String)]) throws(MergeProblem) -> String {
        var shards: [(index: Int, count: Int, items: [Substring], name: String)] = []
        var suiteName = "rig", properties: [Substring] = []
        for (name, text) in files {
            guard let shardRange = text.range(of: "<property name=\"shard\" value=\"") else { throw MergeProblem("\(name): not the JUnit of a sharded run (no shard property)") }
            let value = text[shardRange.upperBound...].prefix { $0 != "\"" }
            let (k, n) = try shard(value, name)
            var cases: [Substring] = []
            var rest = text[...]
            while let start = rest.range(of: "    <testcase "), let end = rest.range(of: "    </testcase>\n", range: start.upperBound..<rest.endIndex) {
                cases.append(rest[start.lowerBound..<end.upperBound])
                rest = rest[end.upperBound...]
            }
            shards.append((k, n, cases, name))
            if properties.isEmpty {
                if let open = text.range(of: "    <properties>\n"), let close = text.range(of: "    </properties>\n") {
                    properties = text[open.upperBound..<close.lowerBound].split(separator: "\n", omittingEmptySubsequences: true)
                        .filter { !$0.contains("name=\"shard\"") }
                }
                if let suite = text.range(of: "  <testsuite name=\"") { suiteName = String(text[suite.upperBound...].prefix { $0 != "\"" }) }
            }
        }
        let cases = try interleave(shards)
        let failures = cases.filter { $0.contains("<failure ") }.count, skipped = cases.filter { $0.contains("<skipped ") }.count
        var time = 0.0
        for testcase in cases {
            if let r = testcase.range(of: " time=\"") { time += Double(testcase[r.upperBound...].prefix { $0 != "\"" }) ?? 0 }
        }
        let totals = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\"\(String(format: "%.3f", time))\""
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"rig\" \(totals)>\n  <testsuite name=\"\(suiteName)\" \(totals)>\n"
        out += "    <properties>\n" + properties.map { $0 + "\n" }.joined() + "    </properties>\n"
        out += cases.joined()
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    static func reports(_ files: [(name: String, report: ReportData)]) throws(MergeProblem) -> ReportData {
        var shards: [(index: Int, count: Int, items: [ReportData.ScenarioData], name: String)] = []
        for (name, report) in files {
            guard let value = report.shard else { throw MergeProblem("\(name): not the HTML report of a sharded run (no shard in it)") }
            let (k, n) = try shard(value[...], name)
            shards.append((k, n, report.scenarios, name))
        }
        guard var merged = files.first?.report else { throw MergeProblem("no HTML reports to merge") }
        merged.scenarios = try interleave(shards)
        merged.shard = nil
        let stops = files.compactMap { file in file.report.interruption.map { "shard \(file.report.shard ?? "?"): \($0)" } }
        merged.interruption = stops.isEmpty ? nil : stops.joined(separator: "; ")
        return merged
    }

    static func traces(_ files: [(name: String, lines: [Substring])]) throws(MergeProblem) -> [String] {
        var shards: [(index: Int, count: Int, items: [[Substring]], name: String)] = []
        var header: String?
        var total = 0
        for (name, lines) in files {
            guard let first = lines.first, first.contains("\"format\":\"rigkit-trace\""), let r = first.range(of: ",\"shard\":\"") else {
                throw MergeProblem("\(name): not the trace of a sharded run (no shard in its first line)")
            }
            let value = first[r.upperBound...].prefix { $0 != "\"" }
            let (k, n) = try shard(value, name)
            // Each scenario's lines, in the order the scenarios ran.
            var order: [String] = [], groups: [String: [Substring]] = [:]
            for line in lines.dropFirst() {
                guard let s = line.range(of: "\"scenario\":\"") else { continue }
                var key = "", escaped = false
                for c in line[s.upperBound...] {
                    if escaped { key.append(c); escaped = false } else if c == "\\" { escaped = true; key.append(c) } else if c == "\"" { break } else { key.append(c) }
                }
                if groups[key] == nil { order.append(key) }
                groups[key, default: []].append(line)
            }
            total += order.count
            shards.append((k, n, order.map { groups[$0]! }, name))
            if header == nil {
                header = String(first).replacingOccurrences(of: ",\"shard\":\"\(value)\"", with: "")
            }
        }
        let merged = try interleave(shards)
        var head = header ?? ""
        if let r = head.range(of: "\"scenarios\":") {
            let digits = head[r.upperBound...].prefix { $0.isNumber }
            head.replaceSubrange(r.upperBound..<head.index(r.upperBound, offsetBy: digits.count), with: String(total))
        }
        return [head] + merged.flatMap { $0.map(String.init) }
    }
}
