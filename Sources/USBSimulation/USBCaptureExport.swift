import Foundation
import RigCore
import USBLink

/// Turns the USB transfers a trace recorded into pcap captures, one per device.
public enum USBCaptureExport {
    /// The devices (roles) with USB transfers in `events`, in order of first appearance.
    public static func devices(in events: [TraceEvent]) -> [String] {
        var seen: [String] = []
        for event in events where event.kind == "usb" && !seen.contains(event.source) { seen.append(event.source) }
        return seen
    }

    /// A usbmon pcap of the bulk transfers of the device playing `role`; `unixStart` is the Unix time at rig zero.
    public static func pcap(_ events: [TraceEvent], device role: String, unixStart: Double) -> [UInt8] {
        var writer = USBPcapWriter()
        let base = Int64((unixStart * 1_000_000).rounded())
        let number = UInt8(truncatingIfNeeded: (devices(in: events).firstIndex(of: role) ?? 0) + 2)
        for event in events where event.source == role && event.kind == "usb" {
            let field = { (name: String) in event.fields.first { $0.0 == name }?.1 }
            guard let hex = field("data"), let data = Hex.decode(hex), let epText = field("ep"),
                  let endpoint = UInt8(epText.replacingOccurrences(of: "0x", with: ""), radix: 16) else { continue }
            writer.appendBulk(endpoint: endpoint, data: data, device: number, unixMicroseconds: base + event.time.offset.nanoseconds / 1000)
        }
        return writer.bytes
    }
}
