import RigCore

/// How much of a run a trace file keeps.
public enum TraceLevel: String, Sendable, CaseIterable {
    /// The runner's own events: scenarios, steps, measurements, failures.
    case summary
    /// Every event but protocol detail (ATT PDUs, USB transfers): what the reports and a person reading the trace need.
    case events
    /// Everything, protocol detail included (what captures are made of).
    case pdus

    /// Whether a trace at this level keeps `event`; `protocolKinds` are the event kinds the link plug-ins call detail.
    public func keeps(_ event: TraceEvent, protocolKinds: Set<String>) -> Bool {
        switch self {
        case .summary: event.source == "runner"
        case .events: !protocolKinds.contains(event.kind)
        case .pdus: true
        }
    }
}
