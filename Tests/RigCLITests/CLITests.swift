import BundledScenarios
import Foundation
import RigCLI
import RigCommandLine
import RigKitWristband
import RigCore
import RigScenario
import Synchronization
import Testing

/// What a command printed and returned.
struct Outcome {
    var code: Int32
    var out: String
    var err: String
}

private final class Capture: Sendable {
    let out = Mutex<[String]>([])
    let err = Mutex<[String]>([])
}

/// Runs `rig` with `arguments` in `directory` over `scenarios`.
func rig(_ arguments: [String], in directory: String = FileManager.default.temporaryDirectory.path,
         scenarios: [Scenario] = sampleScenarios) async -> Outcome {
    let capture = Capture()
    let context = CommandContext(out: { line in capture.out.withLock { $0.append(line) } },
                                 err: { line in capture.err.withLock { $0.append(line) } },
                                 currentDirectory: directory, scenarios: scenarios, plugins: BundledScenarios.plugins)
    let code = await RigTool.commandLine.run(arguments, context: context)
    return Outcome(code: code, out: capture.out.withLock { $0.joined(separator: "\n") }, err: capture.err.withLock { $0.joined(separator: "\n") })
}

let sampleScenarios: [Scenario] = [
    Scenario("alpha passes", .tags("fast")) { _ in Step("ok") { expect(true, "fine") } },
    Scenario("beta fails", .tags("slow")) { _ in Step("bad") { expect(1, equals: 2, "n") } },
    Scenario("gamma waits an hour", .tags("slow"), .timeLimit(.seconds(7200))) { _ in Step("wait") { try await wait(.seconds(3600)) } },
]

func freshDirectory() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("rig-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}

@Suite struct CLITests {
    @Test func topLevelHelpListsTheCommands() async {
        let outcome = await rig(["--help"])
        #expect(outcome.code == 0)
        #expect(outcome.out.contains("USAGE: rig <command> [options]"))
        for command in ["run", "list", "rigs"] { #expect(outcome.out.contains("\n  \(command) ")) }
    }

    @Test func noArgumentsIsAUsageError() async {
        let outcome = await rig([])
        #expect(outcome.code == 2)
        #expect(outcome.err.contains("USAGE: rig <command>"))
    }

    @Test func eachCommandHasHelp() async {
        let run = await rig(["run", "--help"])
        #expect(run.code == 0)
        #expect(run.out.hasPrefix("OVERVIEW: Run scenarios on a rig and report the results.\n\nUSAGE: rig run [--rig FILE]"))
        #expect(run.out.contains("  --shard K/N"))
        #expect(run.out.contains("Exit codes: 0 all selected scenarios passed"))
        #expect(await rig(["help", "list"]).out.contains("USAGE: rig list"))
        #expect(await rig(["rigs", "-h"]).out.contains("USAGE: rig rigs validate FILE..."))
    }

    @Test func unknownCommandsAndOptionsSuggestTheNearOne() async {
        let command = await rig(["rnu"])
        #expect(command.code == 2)
        #expect(command.err.hasPrefix("error: unknown command 'rnu' (did you mean 'run'?)"))
        let option = await rig(["run", "--sede", "3"])
        #expect(option.code == 2)
        #expect(option.err == "error: rig run: unknown option '--sede' (did you mean '--seed'?)\nusage: rig run \(RunCommand.usage)\nSee 'rig run --help'.")
    }

    @Test(arguments: [
        (["run", "--seed", "-4"], "error: rig run: --seed expects a whole number from 0 to 18446744073709551615; got '-4'"),
        (["run", "--shard", "3/2"], "error: rig run: --shard expects K/N with 1 ≤ K ≤ N, e.g. 2/4, or auto[/N]; got '3/2'"),
        (["run", "--junit"], "error: rig run: option '--junit' needs a value (FILE)"),
        (["run", "--seed", "1", "--seed", "2"], "error: rig run: option '--seed' given more than once"),
        (["run", "extra"], "error: rig run: unexpected argument 'extra' (use --filter to choose scenarios)"),
        (["run", "--verbose=yes"], "error: rig run: option '--verbose' takes no value"),
        (["run", "--junit", "out.xml", "--trace", "out.xml"], "error: rig run: --junit and --trace name the same file 'out.xml'"),
        (["rigs"], "error: rig rigs: missing action; the only action is 'validate'"),
        (["rigs", "check", "a.json"], "error: rig rigs: unknown action 'check'; the only action is 'validate'"),
        (["rigs", "validate"], "error: rig rigs validate: name at least one rig file"),
    ])
    func badCommandLinesExitWithTwoAndSayWhy(_ arguments: [String], _ message: String) async {
        let outcome = await rig(arguments)
        #expect(outcome.code == 2)
        #expect(outcome.err.split(separator: "\n").first.map(String.init) == message)
    }

    @Test func runExitsOneWhenAScenarioFailsAndZeroWhenAllPass() async throws {
        let directory = try freshDirectory()
        let all = await rig(["run", "--out", "o"], in: directory)
        #expect(all.code == 1)
        #expect(all.out.contains("[1/3] PASS alpha passes"))
        #expect(all.out.contains("[2/3] FAIL beta fails"))
        #expect(all.out.contains("n is not as expected"))
        #expect(all.out.hasSuffix("2 passed, 1 failed, 0 skipped"))
        let passing = await rig(["run", "--tag", "fast", "--out", "o"], in: directory)
        #expect(passing.code == 0)
        #expect(passing.out.contains("[1/1] PASS alpha passes"))
    }

    @Test func filtersGlobsAndShardsSelectScenarios() async throws {
        let directory = try freshDirectory()
        #expect(await rig(["run", "--filter", "*waits*", "--out", "o"], in: directory).out.contains("[1/1] PASS gamma waits an hour"))
        let shard2 = await rig(["run", "--shard", "2/2", "--out", "o"], in: directory)
        #expect(shard2.out.contains("[1/1] FAIL beta fails"))
        let none = await rig(["run", "--filter", "delta"], in: directory)
        #expect(none.code == 5)
        #expect(none.err == "error: no scenario matches the filters (3 known; see 'rig list')")
    }

    @Test func runWritesJUnitAndATraceThatRepeatsByteForByte() async throws {
        let directory = try freshDirectory()
        _ = await rig(["run", "--junit", "r/junit.xml", "--trace", "r/t1.jsonl", "--out", "o"], in: directory)
        _ = await rig(["run", "--trace", "r/t2.jsonl", "--out", "o"], in: directory)
        let t1 = try Data(contentsOf: URL(fileURLWithPath: directory + "/r/t1.jsonl"))
        let t2 = try Data(contentsOf: URL(fileURLWithPath: directory + "/r/t2.jsonl"))
        #expect(t1 == t2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/r").sorted() == ["junit.xml", "t1.jsonl", "t2.jsonl"])
        let lines = String(decoding: t1, as: UTF8.self).split(separator: "\n")
        for line in lines { #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil) }
        let junit = try String(contentsOfFile: directory + "/r/junit.xml", encoding: .utf8)
        #expect(junit.contains("<testsuites name=\"rig\" tests=\"3\" failures=\"1\""))
        let t3Run = await rig(["run", "--trace", "r/t3.jsonl", "--seed", "5", "--out", "o"], in: directory)
        #expect(t3Run.code == 1)
        let t3 = try Data(contentsOf: URL(fileURLWithPath: directory + "/r/t3.jsonl"))
        #expect(t3 != t1, "the seed is part of the trace")
    }

    @Test func anUnwritableReportExitsFour() async throws {
        let outcome = await rig(["run", "--tag", "fast", "--junit", "/proc/no/junit.xml", "--out", "o"], in: try freshDirectory())
        #expect(outcome.code == 4)
        #expect(outcome.err.hasPrefix("error: cannot write /proc/no/junit.xml"))
    }

    @Test func aBadRigFileExitsThreeAndNamesThePlace() async throws {
        let directory = try freshDirectory()
        try Data("{\"name\": \"x\", \"clock\": \"fast\"}".utf8).write(to: URL(fileURLWithPath: directory + "/bad.json"))
        let outcome = await rig(["run", "--rig", "bad.json"], in: directory)
        #expect(outcome.code == 3)
        #expect(outcome.err == "error: \(directory)/bad.json:1:24: $.clock: expected one of \"virtual\", \"wall\", found a string \"fast\"")
    }

    @Test func rigsValidateReportsEachFile() async throws {
        let directory = try freshDirectory()
        try Data(RigFileFixtures.good.utf8).write(to: URL(fileURLWithPath: directory + "/good.json"))
        try Data("{\"name\": \"x\", \"devices\": [{\"role\": \"s\", \"kind\": \"roomio\", \"simulated\": {\"saveSeconds\": \"4\"}}]}".utf8)
            .write(to: URL(fileURLWithPath: directory + "/bad.json"))
        let outcome = await rig(["rigs", "validate", "good.json", "bad.json", "missing.json"], in: directory)
        #expect(outcome.code == 3)
        #expect(outcome.out == "good.json: ok — rig good, virtual clock, seed 3, devices: scanner=roomio (simulated)")
        #expect(outcome.err == """
        bad.json:1:88: $.devices[0].simulated.saveSeconds: expected a number from 0 to 600 seconds, found a string "4"
        missing.json: cannot read rig file: no such file
        """)
    }

    @Test func listShowsTagsAndLocations() async {
        let outcome = await rig(["list", "--tag", "slow"])
        #expect(outcome.code == 0)
        #expect(outcome.out.hasPrefix("beta fails  [slow]  — Tests/RigCLITests/CLITests.swift:"))
        #expect(outcome.out.hasSuffix("2 scenarios"))
    }

    @Test func skipTagLeavesOutWhatTagAndFilterTook() async {
        let outcome = await rig(["list", "--filter", "a", "--skip-tag", "slow"])
        #expect(outcome.code == 0)
        #expect(outcome.out.hasPrefix("alpha passes  [fast]"))
        #expect(outcome.out.hasSuffix("1 scenario"))
        #expect(await rig(["list", "--tag", "slow", "--skip-tag", "slow"]).code == 5)
    }
}

enum RigFileFixtures {
    static let good = """
    {"name": "good", "seed": 3, "devices": [{"role": "scanner", "kind": "roomio", "simulated": {"saveSeconds": 2}}]}
    """
}

@Suite struct AnalyzerWiringTests {
    @Test func modelAndBenchAreReachableThroughRig() async {
        let help = await rig(["model", "--help"])
        #expect(help.code == 0)
        #expect(help.out.contains("USAGE: rig model <subcommand>"))
        let missing = await rig(["model", "info", "/nonexistent/model.json"])
        #expect(missing.code == 3)
        #expect(missing.err.contains("/nonexistent/model.json"))
        let unknown = await rig(["bench", "toaster"])
        #expect(unknown.code == 2)
        #expect(unknown.err.hasPrefix("error: rig bench: unknown subcommand 'toaster'"))
        #expect(unknown.err.contains("  analyzer ") && unknown.err.contains("  decoder "))
        #expect(await rig(["--help"]).out.contains("\n  model "))
        // One parser for every command: nested help, and the same usage error format everywhere.
        let nested = await rig(["help", "model", "train"])
        #expect(nested.code == 0 && nested.out.hasPrefix("OVERVIEW: Train a spectral analyzer model") && nested.out.contains("USAGE: rig model train "))
        #expect(await rig(["help", "bench", "decoder"]).out.contains("USAGE: rig bench decoder --corpus DIR"))
        let typo = await rig(["model", "train", "--cvs", "x"])
        #expect(typo.code == 2 && typo.err.hasPrefix("error: rig model train: unknown option '--cvs' (did you mean '--csv'?)"))
    }
}

@Suite struct CaptureOptionTests {
    @Test func capturesAreWrittenPerLinkAndOpenAsBTSnoop() async throws {
        let directory = try freshDirectory()
        let band = Scenario("band streams") { rig in
            let api = try await rig.empatica()
            Step("connect") {
                _ = await api.authenticate(apiKey: "rigkit-empatica-test-key")
                await api.followAppLifecycle()
                let found = try await api.discoverDevices()
                try require(await found[0].connect(), "connected")
                try await wait(.seconds(2))
            }
        }
        let outcome = await rig(["run", "--captures", "caps", "--out", "o"], in: directory, scenarios: [band])
        #expect(outcome.code == 0, "\(outcome.err)")
        #expect(outcome.out.contains("captures: 1 file in caps"))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory + "/caps")
        #expect(files.count == 1)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: directory + "/caps/" + files[0]))
        #expect(bytes.prefix(8) == Data("btsnoop\0".utf8))
        #expect(bytes.count > 1000)
    }
}

@Suite struct ProbeCommandTests {
    @Test func probeListsUSBDevicesAndNamesFamilies() async {
        let outcome = await rig(["probe"])
        #expect(outcome.code == 0 || outcome.code == 3, "\(outcome.err)")
        if outcome.code == 0 { #expect(outcome.out.contains("USB device")) }
        #expect(await rig(["probe", "extra"]).code == 2)
    }

    @Test func probeJSONPrintsOnlyJSONObjectsAndAlwaysTheBuses() async throws {
        let outcome = await rig(["probe", "--json", "--seconds", "1"])
        guard outcome.code == 0 else { return }   // no libusb at all: exit 3, checked above
        let lines = outcome.out.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("{\"bus\":\"usb\",\"summary\"") })
        #expect(lines.contains { $0.hasPrefix("{\"bus\":\"ble\"") })
        for line in lines { #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any], "\(line)") }
    }
}

@Suite struct OutputSafetyTests {
    @Test func outputsThatAreTheSameFileAreRefusedBeforeAnythingRuns() async throws {
        let directory = try freshDirectory()
        let both = await rig(["run", "--junit", "j.xml", "--html", "./j.xml", "--out", "o"], in: directory)
        #expect(both.code == 2)
        #expect(both.err.contains("--junit and --html name the same file"), "\(both.err)")
        try Data(RigFile.builtinSimulatedText.utf8).write(to: URL(fileURLWithPath: directory + "/r.json"))
        let overRig = await rig(["run", "--rig", "r.json", "--trace", "r.json", "--out", "o"], in: directory)
        #expect(overRig.code == 2)
        #expect(overRig.err.contains("--trace would overwrite the --rig file"), "\(overRig.err)")
        #expect(try String(contentsOfFile: directory + "/r.json", encoding: .utf8) == RigFile.builtinSimulatedText)
    }

    @Test func aReportThatCannotBeWrittenExits4NamesItAndTheOthersAreStillWritten() async throws {
        let directory = try freshDirectory()
        let outcome = await rig(["run", "--filter", "alpha", "--junit", "/proc/rigkit/j.xml", "--html", "r.html", "--out", "o"], in: directory)
        #expect(outcome.code == 4)
        #expect(outcome.err.contains("cannot write /proc/rigkit/j.xml"), "\(outcome.err)")
        #expect(FileManager.default.fileExists(atPath: directory + "/r.html"), "the HTML report is written although JUnit failed")
    }

    @Test func capturesOrOutFoldersThatAreFilesExit4() async throws {
        let directory = try freshDirectory()
        FileManager.default.createFile(atPath: directory + "/plain", contents: Data("keep".utf8))
        for flag in ["--captures", "--out"] {
            let outcome = await rig(["run", "--filter", "alpha", flag, "plain"], in: directory)
            #expect(outcome.code == 4, "\(flag): \(outcome.err)")
            #expect(outcome.err.contains("it is a file, not a folder"))
        }
        #expect(try String(contentsOfFile: directory + "/plain", encoding: .utf8) == "keep")
    }
}

@Suite struct InterruptionTests {
    @Test func anInterruptedRunStopsItsScenarioStartsNoOtherAndSaysSo() async throws {
        let interruption = RunInterruption()
        let scenarios = [
            Scenario("first") { _ in Step("quick") {} },
            Scenario("second waits") { _ in Step("wait") { interruption.interrupt("interrupted by SIGTERM"); try await wait(.seconds(3600)) } },
            Scenario("third") { _ in Step("never") {} },
        ]
        let runner = ScenarioRunner(rig: .builtinSimulated(), plugins: BundledScenarios.plugins,
                                    directory: URL(fileURLWithPath: try freshDirectory()), interruption: interruption)
        let result = await runner.run(scenarios)
        #expect(result.interruption == "interrupted by SIGTERM")
        #expect(result.scenarios.map(\.name) == ["first", "second waits"])
        #expect(result.scenarios.map(\.status) == [.passed, .failed])
        #expect(result.scenarios[1].failures.first?.summary.contains("interrupted by SIGTERM") == true)
    }
}
