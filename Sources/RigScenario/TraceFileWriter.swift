import RigCore

/// Streams every trace event of a run to a JSON Lines file as it happens.
///
/// The first line describes the run; each further line is one event with its
/// rig time (seconds since the scenario started), scenario, source, kind and
/// data. Lines hold no wall-clock time, so the same rig, seed and scenarios
/// give a byte-identical file. See `JSONLinesWriter` for what a killed run leaves.
public final class TraceFileWriter: RunObserver {
    private let writer: JSONLinesWriter

    public init(path: String) throws(FileWriteError) {
        writer = try JSONLinesWriter(path: path)
    }

    public func runStarted(scenarios: [Scenario], rig: RigFile, seed: UInt64) {
        writer.write(line: "{\"format\":\"rigkit-trace\",\"version\":1,\"rig\":\(JSONText.quote(rig.name)),\"clock\":\(JSONText.quote(rig.clock.rawValue)),\"seed\":\(seed),\"scenarios\":\(scenarios.count)}")
    }

    public func traced(_ event: TraceEvent, scenario: Scenario) {
        writer.write(line: event.jsonLine(scenario: scenario.name))
    }

    /// Closes the file and moves it into place.
    public func close() throws(FileWriteError) { try writer.close() }
}
