import RigCore

/// Where a trace file's lines go: a JSON Lines file, or a compressed one.
public protocol TraceLineSink: Sendable {
    func write(line: String)
    /// Puts the whole file in place, or throws naming it.
    func close() throws(FileWriteError)
}

extension JSONLinesWriter: TraceLineSink {}

/// Streams the trace events of a run to a JSON Lines file as they happen, at a `TraceLevel`.
///
/// The first line describes the run; each further line is one event with its rig time (seconds since the scenario
/// started), scenario, source, kind and data. Lines hold no wall-clock time, so the same rig, seed and scenarios give a
/// byte-identical file. The file appears only when whole (`JSONLinesWriter`).
public final class TraceFileWriter: RunObserver {
    private let sink: any TraceLineSink
    private let level: TraceLevel
    private let protocolKinds: Set<String>
    private let shard: String?

    /// A plain JSON Lines file at `path` with every event.
    public convenience init(path: String) throws(FileWriteError) {
        self.init(sink: try JSONLinesWriter(path: path), level: .pdus, protocolKinds: [])
    }

    /// Lines to `sink`, keeping what `level` keeps; `protocolKinds` are the protocol-detail event kinds (`RigPlugins`).
    public init(sink: any TraceLineSink, level: TraceLevel, protocolKinds: Set<String>, shard: String? = nil) {
        self.shard = shard
        self.sink = sink
        self.level = level
        self.protocolKinds = protocolKinds
    }

    public func runStarted(scenarios: [Scenario], rig: RigFile, seed: UInt64) {
        sink.write(line: "{\"format\":\"rigkit-trace\",\"version\":1,\"rig\":\(JSONText.quote(rig.name)),\"clock\":\(JSONText.quote(rig.clock.rawValue)),\"seed\":\(seed),\"scenarios\":\(scenarios.count),\"level\":\(JSONText.quote(level.rawValue))\(shard.map { ",\"shard\":\(JSONText.quote($0))" } ?? "")\(rig.labgrid.map { ",\"labgridPlace\":\(JSONText.quote($0.description))" } ?? "")}")
    }

    public func traced(_ event: TraceEvent, scenario: Scenario) {
        guard level.keeps(event, protocolKinds: protocolKinds) else { return }
        sink.write(line: event.jsonLine(scenario: scenario.name))
    }

    /// Closes the file and moves it into place.
    public func close() throws(FileWriteError) { try sink.close() }
}
