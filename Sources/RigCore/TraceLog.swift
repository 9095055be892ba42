import Synchronization

/// Collects the trace events of one scenario run, in the order they happen.
///
/// Safe to use from any task; on a virtual rig all writers run on the rig's
/// executor, so the order is deterministic. Listeners (the JSON Lines writer,
/// live console progress) see each event as it is recorded.
public final class TraceLog: Sendable {
    private let clock: any RigClock
    private let events = Mutex<[TraceEvent]>([])
    private let listener: (@Sendable (TraceEvent) -> Void)?
    /// The scenario's plots: the signals families and the scenario record for the report.
    public let plots: PlotRecorder

    /// A trace stamped by `clock`; `listener` sees each event as it is recorded.
    public init(clock: any RigClock, listener: (@Sendable (TraceEvent) -> Void)? = nil) {
        self.clock = clock
        self.listener = listener
        plots = PlotRecorder(clock: clock)
    }

    /// Records an event from `source` at the clock's current time.
    public func record(_ source: String, _ kind: String, _ fields: [(String, String)] = []) {
        let event = TraceEvent(time: clock.now, source: source, kind: kind, fields: fields)
        events.withLock { $0.append(event) }
        listener?(event)
    }

    /// Every event recorded so far.
    public var all: [TraceEvent] { events.withLock { $0 } }
}
