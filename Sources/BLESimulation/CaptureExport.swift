import ATT
import RigCore

/// Turns the ATT traffic a trace recorded into btsnoop captures, one per link.
public enum CaptureExport {
    /// The names of the links with ATT traffic in `events`, in order of first appearance.
    public static func links(in events: [TraceEvent]) -> [String] {
        var seen: [String] = []
        for event in events where event.kind == "att" && !seen.contains(event.source) { seen.append(event.source) }
        return seen
    }

    /// A btsnoop capture of the PDUs the link `link` carried; `unixStart` is the Unix time at rig zero.
    public static func btsnoop(_ events: [TraceEvent], link: String, unixStart: Double) -> [UInt8] {
        var writer = BTSnoopWriter()
        let base = Int64((unixStart * 1_000_000).rounded())
        for event in events where event.source == link && event.kind == "att" {
            guard let hex = event.fields.first(where: { $0.0 == "pdu" })?.1, let pdu = Hex.decode(hex) else { continue }
            let direction: BTSnoopWriter.Direction = event.fields.contains { $0 == ("dir", "tx") } ? .sent : .received
            writer.append(att: pdu, direction: direction, unixMicroseconds: base + event.time.offset.nanoseconds / 1000)
        }
        return writer.bytes
    }
}
