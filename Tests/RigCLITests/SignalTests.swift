import Foundation
import Glibc
import Testing

/// A real `rig run` on a wall-clock rig, stopped by a real signal: it writes its reports for what ran, marks the
/// stopped scenario, and exits 128 + the signal (issue 19).
@Suite struct SignalTests {
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
        process.arguments = ["run", "--rig", "wall.json", "--filter", "Roomio: ", "--junit", "j.xml", "--html", "r.html", "--trace", "t.jsonl", "--out", "o"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The signal goes 1 s after the run has begun (its first line of output; the watch is set up before it), from a
        // thread of its own: under the full parallel suite the test's async tasks can wait minutes for a cooperative thread,
        // and a signal sent by one (after a sleep) came after the child had run all 20 scenarios. The output is drained.
        let pid = process.processIdentifier
        let reader = output.fileHandleForReading
        let signaller = Thread {
            guard !reader.availableData.isEmpty else { return }
            Thread.sleep(forTimeInterval: 1)   // a real wait: the child runs its first scenario on the wall clock
            kill(pid, signal)
            while !reader.availableData.isEmpty {}
        }
        signaller.start()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == code, "status \(process.terminationStatus)")
        let junit = try String(contentsOfFile: directory + "/j.xml", encoding: .utf8)
        #expect(junit.contains("interrupted by"), "the stopped scenario is marked")
        #expect(FileManager.default.fileExists(atPath: directory + "/r.html"))
        #expect(FileManager.default.fileExists(atPath: directory + "/t.jsonl"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }
}
