import BundledScenarios
import Foundation
import RigCLI
import RigCommandLine
import RigScenario
import Testing

/// `rig report merge` (issue 17): the JUnit and trace of three real shards, merged, equal an unsharded run's.
@Suite struct ShardMergeTests {
    /// JUnit without its wall-clock times, which differ run to run.
    static func timeless(_ xml: String) -> String {
        xml.replacingOccurrences(of: #" time="[0-9.]+""#, with: "", options: .regularExpression)
    }

    @Test func mergedShardsEqualAnUnshardedRun() async throws {
        let directory = try freshDirectory()
        let roomio = BundledScenarios.all.filter { $0.name.hasPrefix("Roomio: ") }
        #expect(roomio.count > 6)
        let whole = await rig(["run", "--junit", "all.xml", "--trace", "all.jsonl", "--html", "all.html", "--out", "o"], in: directory, scenarios: roomio)
        #expect(whole.code == 0, "\(whole.err)")
        for k in 1...3 {
            let shard = await rig(["run", "--shard", "\(k)/3", "--junit", "s\(k).xml", "--trace", "s\(k).jsonl.gz", "--html", "s\(k).html", "--out", "o\(k)"], in: directory, scenarios: roomio)
            #expect(shard.code == 0, "\(shard.err)")
        }
        // Shards given out of order: the merge puts them back.
        let merged = await rig(["report", "merge", "--junit", "merged.xml", "--trace", "merged.jsonl", "--html", "merged.html",
                                "s3.xml", "s1.xml", "s2.xml", "s2.jsonl.gz", "s3.jsonl.gz", "s1.jsonl.gz", "s2.html", "s1.html", "s3.html"],
                               in: directory)
        #expect(merged.code == 0, "\(merged.err)")
        func read(_ name: String) throws -> String { try String(contentsOfFile: directory + "/" + name, encoding: .utf8) }
        #expect(Self.timeless(try read("merged.xml")) == Self.timeless(try read("all.xml")))
        #expect(try read("merged.jsonl") == (try read("all.jsonl")))
        // The merged page shows what the unsharded run's page shows: the same scenarios, steps, plots and measurements.
        let mergedPage = try #require(ReportData.read(fromHTML: try read("merged.html")))
        let wholePage = try #require(ReportData.read(fromHTML: try read("all.html")))
        #expect(Self.wallless(mergedPage) == Self.wallless(wholePage))
        #expect(mergedPage.scenarios.map(\.name) == roomio.map(\.name))
        #expect(mergedPage.scenarios.contains { !$0.plots.isEmpty })
    }

    /// A report without its wall-clock times.
    static func wallless(_ report: ReportData) -> ReportData {
        var report = report
        for i in report.scenarios.indices { report.scenarios[i].wallMilliseconds = 0 }
        return report
    }

    @Test func inputsThatAreNotShardsOrRepeatAShardAreRefused() async throws {
        let directory = try freshDirectory()
        _ = await rig(["run", "--filter", "alpha", "--junit", "plain.xml", "--out", "o"], in: directory)
        let notShard = await rig(["report", "merge", "--junit", "m.xml", "plain.xml"], in: directory)
        #expect(notShard.code == 3 && notShard.err.contains("not the JUnit of a sharded run"))
        _ = await rig(["run", "--shard", "1/2", "--junit", "a.xml", "--out", "o"], in: directory)
        let twice = await rig(["report", "merge", "--junit", "m.xml", "a.xml", "a.xml"], in: directory)
        #expect(twice.code == 3 && twice.err.contains("given twice"))
        #expect(await rig(["report", "merge", "a.xml"], in: directory).code == 2)
        _ = await rig(["run", "--filter", "alpha", "--html", "plain.html", "--out", "o"], in: directory)
        let notShardPage = await rig(["report", "merge", "--html", "m.html", "plain.html"], in: directory)
        #expect(notShardPage.code == 3 && notShardPage.err.contains("not the HTML report of a sharded run"))
        try "<html>hello</html>".write(toFile: directory + "/other.html", atomically: true, encoding: .utf8)
        let notReport = await rig(["report", "merge", "--html", "m.html", "other.html"], in: directory)
        #expect(notReport.code == 3 && notReport.err.contains("not a RigKit HTML report"))
    }
}

@Suite struct ShardFromEnvironmentTests {
    @Test func ciIndexVariablesNameTheShard() throws {
        #expect(try ScenarioSelection.shardFromEnvironment("2/4", [:]) == "2/4")
        #expect(try ScenarioSelection.shardFromEnvironment("auto", ["CI_NODE_INDEX": "3", "CI_NODE_TOTAL": "5"]) == "3/5")
        #expect(try ScenarioSelection.shardFromEnvironment("auto/4", ["JOB_COMPLETION_INDEX": "0"]) == "1/4")
        #expect(throws: ScenarioSelection.ShardEnvironmentProblem.self) { try ScenarioSelection.shardFromEnvironment("auto", [:]) }
    }
}
