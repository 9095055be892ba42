import BundledScenarios
import Foundation
import RigCLI
import RigCommandLine
import RigScenario
import Testing

/// Trace detail and size (issue 17): levels, gzip, and `rig trace` reading, filtering and converting (plots as counters).
@Suite struct TraceOptionTests {
    let band = "Wristband: an E3 streams but has no tags"

    func scenarios() -> [Scenario] { BundledScenarios.all.filter { $0.name == band } }

    @Test func levelsKeepLessAndTheDefaultDropsProtocolDetail() async throws {
        let directory = try freshDirectory()
        for level in ["summary", "events", "pdus"] {
            let outcome = await rig(["run", "--trace", "\(level).jsonl", "--trace-level", level, "--out", "o"], in: directory, scenarios: scenarios())
            #expect(outcome.code == 0, "\(outcome.err)")
        }
        _ = await rig(["run", "--trace", "default.jsonl", "--out", "o"], in: directory, scenarios: scenarios())
        func read(_ name: String) throws -> String { try String(contentsOfFile: directory + "/" + name, encoding: .utf8) }
        let summary = try read("summary.jsonl"), events = try read("events.jsonl"), pdus = try read("pdus.jsonl")
        #expect(summary.count < events.count && events.count < pdus.count)
        #expect(!events.contains("\"ev\":\"att\"") && pdus.contains("\"ev\":\"att\""))
        #expect(!summary.split(separator: "\n").dropFirst().contains { !$0.contains("\"src\":\"runner\"") })
        #expect(try read("default.jsonl") == events)
        #expect(await rig(["run", "--trace-level", "all"], in: directory).code == 2)
    }

    @Test func aGzipTraceHoldsTheSameLinesAndRigTraceReadsIt() async throws {
        let directory = try freshDirectory()
        _ = await rig(["run", "--trace", "t.jsonl", "--out", "o"], in: directory, scenarios: scenarios())
        _ = await rig(["run", "--trace", "t.jsonl.gz", "--out", "o"], in: directory, scenarios: scenarios())
        let gz = try Data(contentsOf: URL(fileURLWithPath: directory + "/t.jsonl.gz"))
        #expect(gz.starts(with: [0x1F, 0x8B]))
        let plain = try String(contentsOfFile: directory + "/t.jsonl", encoding: .utf8)
        #expect(gz.count * 3 < plain.utf8.count, "gzip makes the trace smaller")
        let read = await rig(["trace", "t.jsonl.gz"], in: directory)
        #expect(read.code == 0 && read.out + "\n" == plain)
    }

    @Test func rigTraceFiltersAndConvertsToPerfetto() async throws {
        let directory = try freshDirectory()
        _ = await rig(["run", "--trace", "t.jsonl", "--out", "o"], in: directory, scenarios: scenarios())
        let steps = await rig(["trace", "t.jsonl", "--source", "runner", "--event", "stepStarted", "--format", "text"], in: directory)
        #expect(steps.code == 0)
        #expect(steps.out.split(separator: "\n").count == 1 && steps.out.contains("stepStarted  step=Press on an E3"))
        let late = await rig(["trace", "t.jsonl", "--from", "1000"], in: directory)
        #expect(late.out.split(separator: "\n").count == 1, "only the header line is past every event")
        let perfetto = await rig(["trace", "t.jsonl", "--format", "perfetto", "-o", "p.json"], in: directory)
        #expect(perfetto.code == 0)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory + "/p.json"))) as? [String: Any]
        let events = try #require(json?["traceEvents"] as? [[String: Any]])
        #expect(events.contains { $0["ph"] as? String == "B" } && events.contains { $0["ph"] as? String == "E" })
        #expect(events.contains { ($0["args"] as? [String: Any])?["name"] as? String == band })
        // The band's plotted streams are counter tracks, one value per point.
        let counters = events.filter { $0["ph"] as? String == "C" }
        let tracks = Set(counters.compactMap { $0["name"] as? String })
        #expect(tracks.contains { $0.hasSuffix("EDA: EDA (µS)") }, "tracks: \(tracks.sorted())")
        #expect(counters.count > 100 && counters.allSatisfy { ($0["args"] as? [String: Any])?["value"] is Double })
        #expect(await rig(["trace", "missing.jsonl"], in: directory).code == 3)
    }
}
