import Foundation
import Glibc
import RigCommandLine
import RigCore
import Testing

/// `rig run` on a rig with a labgrid place, against a stand-in for labgrid-client that keeps the place's holder in a
/// file (the real coordinator and client run in scripts/labgrid-lane): what is asked of labgrid, in which order, and
/// what the run does with its answers.
@Suite(.serialized) struct PlaceReservationTests {
    /// A labgrid-client stand-in: logs its arguments; `acquire` fails naming the holder in `held`, `show` prints it.
    static let fakeClient = """
    #!/bin/sh
    dir="$(dirname "$0")"
    echo "$*" >> "$dir/calls.log"
    case "$*" in
      *" acquire") if [ -f "$dir/held" ]; then echo "labgrid-client: Error: Place bench-1 is already acquired by $(cat "$dir/held"). To work simultaneously, ..." >&2; exit 1; fi; exit 0 ;;
      *" release") exit 0 ;;
      *" show") echo "Place 'bench-1':"; echo "  acquired: $(cat "$dir/held" 2>/dev/null || echo None)"; exit 0 ;;
    esac
    exit 2
    """

    static let rigFile = """
    { "name": "bench", "clock": "wall", "seed": 1, "labgrid": { "place": "bench-1", "coordinator": "127.0.0.1:20999" },
      "devices": [] }
    """

    private func bench() throws -> String {
        let directory = try freshDirectory()
        FileManager.default.createFile(atPath: directory + "/labgrid-client", contents: Data(Self.fakeClient.utf8),
                                       attributes: [.posixPermissions: 0o755])
        FileManager.default.createFile(atPath: directory + "/bench.json", contents: Data(Self.rigFile.utf8))
        setenv("RIGKIT_LABGRID_CLIENT", directory + "/labgrid-client", 1)
        return directory
    }

    private func calls(_ directory: String) -> [String] {
        ((try? String(contentsOfFile: directory + "/calls.log", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test func aRunAcquiresThePlaceFirstReleasesItLastAndRecordsIt() async throws {
        let directory = try bench()
        let outcome = await rig(["run", "--rig", "bench.json", "--filter", "alpha", "--junit", "j.xml", "--out", "o"], in: directory)
        #expect(outcome.code == 0, "\(outcome.err)")
        #expect(calls(directory) == ["--coordinator=127.0.0.1:20999 --place=bench-1 acquire", "--coordinator=127.0.0.1:20999 --place=bench-1 release"])
        #expect(outcome.out.contains("labgrid: acquired place bench-1 on 127.0.0.1:20999"))
        let junit = try String(contentsOfFile: directory + "/j.xml", encoding: .utf8)
        #expect(junit.contains("<property name=\"labgrid.place\" value=\"bench-1 on 127.0.0.1:20999\"/>"))
    }

    @Test func aFailingScenarioStillReleasesThePlace() async throws {
        let directory = try bench()
        let outcome = await rig(["run", "--rig", "bench.json", "--filter", "beta", "--out", "o"], in: directory)
        #expect(outcome.code == ExitCode.failure)
        #expect(calls(directory).last == "--coordinator=127.0.0.1:20999 --place=bench-1 release")
    }

    @Test func aHeldPlaceIsRefusedNamingTheHolderAndNeverReleased() async throws {
        let directory = try bench()
        try "pc/alice".write(toFile: directory + "/held", atomically: true, encoding: .utf8)
        let outcome = await rig(["run", "--rig", "bench.json", "--filter", "alpha", "--junit", "j.xml", "--out", "o"], in: directory)
        #expect(outcome.code == ExitCode.placeUnavailable)
        #expect(outcome.err.contains("labgrid place bench-1 is held by pc/alice"))
        #expect(!calls(directory).contains { $0.hasSuffix("release") }, "a place this run never had is not released")
        #expect(!FileManager.default.fileExists(atPath: directory + "/j.xml"), "nothing ran")
    }

    @Test func waitingGivesUpWhenThePlaceStaysHeld() async throws {
        let directory = try bench()
        try "pc/alice".write(toFile: directory + "/held", atomically: true, encoding: .utf8)
        let outcome = await rig(["run", "--rig", "bench.json", "--filter", "alpha", "--wait-for-place", "1s", "--out", "o"], in: directory)
        #expect(outcome.code == ExitCode.placeUnavailable)
        #expect(outcome.err.contains("is still held by pc/alice after waiting"))
        #expect(calls(directory).filter { $0.hasSuffix("acquire") }.count >= 2, "it asked again while waiting")
    }

    @Test func withoutLabgridTheRunSaysHowToGetIt() async throws {
        let directory = try bench()
        setenv("RIGKIT_LABGRID_CLIENT", directory + "/missing-client", 1)
        let outcome = await rig(["run", "--rig", "bench.json", "--filter", "alpha", "--out", "o"], in: directory)
        #expect(outcome.code == ExitCode.placeUnavailable)
        #expect(outcome.err.contains("labgrid-client is not installed"))
    }

    @Test func badPlaceSettingsAreRefusedBeforeAnythingRuns() async throws {
        let directory = try bench()
        let bad = Self.rigFile.replacingOccurrences(of: "127.0.0.1:20999", with: "lab:port")
        FileManager.default.createFile(atPath: directory + "/bad.json", contents: Data(bad.utf8))
        let outcome = await rig(["run", "--rig", "bad.json", "--out", "o"], in: directory)
        #expect(outcome.code == ExitCode.badInput && outcome.err.contains("the coordinator as HOST or HOST:PORT"))
        let usage = await rig(["run", "--rig", "bench.json", "--wait-for-place", "soon", "--out", "o"], in: directory)
        #expect(usage.code == ExitCode.usage && usage.err.contains("--wait-for-place expects a duration"))
        #expect(calls(directory).isEmpty)
    }
}
