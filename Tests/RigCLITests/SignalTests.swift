import Foundation
import Glibc
import Synchronization
import Testing

/// A real `rig run` on a wall-clock rig, stopped by a real signal: it writes its reports for what ran, marks the
/// stopped scenario, and exits 128 + the signal (issue 19).
@Suite struct SignalTests {
    /// A bundled scenario that waits seconds of wall-clock time on the simulated scanner (not ready 3 s, saving 4 s).
    static let longScenario = "Roomio: onboarding comes first and recording starts when the user finishes it"
    static let rig = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("rig").path

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: rig)), arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalStopsTheRunAndTheReportsAreWritten(_ signal: Int32) throws {
        let code = 128 + signal
        let directory = try freshDirectory()
        let rigFile = """
        { "name": "wall", "clock": "wall", "seed": 1, "devices": [
          { "role": "scanner", "kind": "roomio", "simulated": { "notReadySeconds": 3, "saveSeconds": 4 } } ] }
        """
        FileManager.default.createFile(atPath: directory + "/wall.json", contents: Data(rigFile.utf8))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.rig)
        process.arguments = ["run", "--rig", "wall.json", "--filter", Self.longScenario, "--junit", "j.xml", "--html", "r.html", "--trace", "t.jsonl", "--out", "o"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The signal goes as soon as the scenario has started (its START line; the watch is set up before any output),
        // from a thread of its own: under the full parallel suite the test's async tasks can wait minutes for a
        // cooperative thread. No wait on the clock: the scenario holds the run for seconds of wall-clock time, so the
        // signal always lands inside it. The output is drained to the end.
        let pid = process.processIdentifier
        let reader = output.fileHandleForReading
        let started = Flag()
        let signaller = Thread {
            var seen = Data()
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { return }
                seen.append(chunk)
                if String(decoding: seen, as: UTF8.self).contains("START") { break }
            }
            started.set()
            kill(pid, signal)
            while !reader.availableData.isEmpty {}
        }
        signaller.start()
        process.waitUntilExit()
        #expect(started.isSet, "rig printed no START line")
        #expect(process.terminationReason == .exit && process.terminationStatus == code, "status \(process.terminationStatus)")
        let junit = try String(contentsOfFile: directory + "/j.xml", encoding: .utf8)
        #expect(junit.contains("interrupted by"), "the stopped scenario is marked")
        #expect(FileManager.default.fileExists(atPath: directory + "/r.html"))
        #expect(FileManager.default.fileExists(atPath: directory + "/t.jsonl"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }
}

/// Set by the signalling thread, read by the test.
private final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
    func set() { value.store(true, ordering: .sequentiallyConsistent) }
}
