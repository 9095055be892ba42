import Foundation
import RigCore
import Testing

@Suite struct TraceTests {
    @Test func eventsAreOneStableJSONLineEach() {
        let event = TraceEvent(time: RigInstant(offset: .milliseconds(1500)), source: "scanner", kind: "event",
                               fields: [("event", "warning(\"low\")\n"), ("n", "1")])
        #expect(event.jsonLine(scenario: "S") ==
                #"{"t":1.500000000,"scenario":"S","src":"scanner","ev":"event","data":{"event":"warning(\"low\")\n","n":"1"}}"#)
        let parsed = try? JSONSerialization.jsonObject(with: Data(event.jsonLine(scenario: nil).utf8)) as? [String: Any]
        #expect(parsed?["src"] as? String == "scanner")
    }

    @Test func jsonQuotingEscapesControlCharacters() {
        #expect(JSONText.quote("a\u{1}b\"\\") == #""a\u0001b\"\\""#)
    }

    @Test func aTraceAppearsOnlyWhenClosedAndWhole() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString)")
        let path = directory.appendingPathComponent("run.jsonl").path
        let writer = try JSONLinesWriter(path: path)
        writer.write(line: "{\"a\":1}")
        writer.write(line: "{\"b\":2}")
        // Killed here: nothing is at the path; only the writer's hidden temporary file holds the lines.
        #expect(!FileManager.default.fileExists(atPath: path))
        try writer.close()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"a\":1}\n{\"b\":2}\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["run.jsonl"])
    }

    @Test func safeWritesReplaceWholeFilesAndReportUnwritablePlaces() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        let path = directory.appendingPathComponent("report.xml").path
        try OutputFile.write(Array("one".utf8), to: path)
        try OutputFile.write(Array("two".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "two")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report.xml"])
        #expect(throws: FileWriteError.self) { try OutputFile.write([], to: "/proc/rigkit/cannot/report.xml") }
    }

    @Test func seededGeneratorsRepeatAndStreamsDiffer() {
        var a = SeededGenerator(seed: 42, stream: "scanner")
        var b = SeededGenerator(seed: 42, stream: "scanner")
        var c = SeededGenerator(seed: 42, stream: "wristband")
        let x = (0..<4).map { _ in a.next() }
        #expect(x == (0..<4).map { _ in b.next() })
        #expect(x != (0..<4).map { _ in c.next() })
    }
}
