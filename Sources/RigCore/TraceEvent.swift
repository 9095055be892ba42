/// One thing that happened on a rig, stamped with rig time.
///
/// Events are what the JSON Lines trace holds: a scenario's steps, every
/// command and answer that crosses a link, every state change of a device.
public struct TraceEvent: Sendable, Equatable {
    /// When it happened, in rig time.
    public var time: RigInstant
    /// Who reported it: a role from the rig file, `runner`, or `host`.
    public var source: String
    /// What happened, a short lowerCamelCase name such as `stepStarted` or `stateChanged`.
    public var kind: String
    /// Details, as string fields; kept small and stable so traces diff well.
    public var fields: [(String, String)]

    public init(time: RigInstant, source: String, kind: String, fields: [(String, String)] = []) {
        self.time = time
        self.source = source
        self.kind = kind
        self.fields = fields
    }

    public static func == (a: TraceEvent, b: TraceEvent) -> Bool {
        a.time == b.time && a.source == b.source && a.kind == b.kind
            && a.fields.elementsEqual(b.fields, by: { $0 == $1 })
    }

    /// The event as one line of JSON (without the newline), keys in a fixed order.
    ///
    /// `scenario` names the scenario the event belongs to, when there is one.
    public func jsonLine(scenario: String?) -> String {
        var out = "{\"t\":\(Self.secondsText(time.offset))"
        if let scenario { out += ",\"scenario\":\(JSONText.quote(scenario))" }
        out += ",\"src\":\(JSONText.quote(source)),\"ev\":\(JSONText.quote(kind))"
        if !fields.isEmpty {
            out += ",\"data\":{"
            out += fields.map { "\(JSONText.quote($0.0)):\(JSONText.quote($0.1))" }.joined(separator: ",")
            out += "}"
        }
        return out + "}"
    }

    /// Seconds with nanosecond digits, written without floating point so traces are byte-stable.
    static func secondsText(_ duration: Duration) -> String {
        let ns = duration.nanoseconds
        let sign = ns < 0 ? "-" : ""
        let magnitude = ns.magnitude
        let fraction = String(magnitude % 1_000_000_000)
        return "\(sign)\(magnitude / 1_000_000_000).\(String(repeating: "0", count: 9 - fraction.count))\(fraction)"
    }
}
