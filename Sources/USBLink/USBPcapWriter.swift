/// Writes pcap files of USB traffic in the Linux usbmon format (LINKTYPE_USB_LINUX, 189), which Wireshark and tshark decode.
///
/// Each bulk transfer becomes a submit and a completion record with a
/// 48-byte usbmon header (host byte order: little-endian here); OUT data
/// rides on the submit, IN data on the completion.
public struct USBPcapWriter: Sendable {
    /// The capture so far.
    public private(set) var bytes: [UInt8]
    private var nextID: UInt64 = 1

    public init() {
        bytes = []
        Self.put32(&bytes, 0xA1B2_C3D4)
        Self.put16(&bytes, 2)
        Self.put16(&bytes, 4)
        Self.put32(&bytes, 0)
        Self.put32(&bytes, 0)
        Self.put32(&bytes, 65535)
        Self.put32(&bytes, 189)
    }

    /// Adds one bulk transfer on `endpoint` (bit 7 set for IN) of device `device` on bus 1.
    public mutating func appendBulk(endpoint: UInt8, data: [UInt8], device: UInt8, unixMicroseconds: Int64) {
        let id = nextID
        nextID += 1
        let isIn = endpoint & 0x80 != 0
        record(id: id, type: UInt8(ascii: "S"), endpoint: endpoint, device: device, time: unixMicroseconds,
               length: UInt32(data.count), data: isIn ? [] : data)
        record(id: id, type: UInt8(ascii: "C"), endpoint: endpoint, device: device, time: unixMicroseconds,
               length: UInt32(data.count), data: isIn ? data : [])
    }

    private mutating func record(id: UInt64, type: UInt8, endpoint: UInt8, device: UInt8, time: Int64, length: UInt32, data: [UInt8]) {
        var packet: [UInt8] = []
        Self.put64(&packet, id)
        packet += [type, 3, endpoint, device]
        Self.put16(&packet, 1)
        packet += [UInt8(ascii: "-"), data.isEmpty ? UInt8(ascii: "<") : 0]
        Self.put64(&packet, UInt64(bitPattern: time / 1_000_000))
        Self.put32(&packet, UInt32(truncatingIfNeeded: time % 1_000_000))
        Self.put32(&packet, 0)
        Self.put32(&packet, length)
        Self.put32(&packet, UInt32(data.count))
        packet += [UInt8](repeating: 0, count: 8)
        packet += data
        Self.put32(&bytes, UInt32(truncatingIfNeeded: time / 1_000_000))
        Self.put32(&bytes, UInt32(truncatingIfNeeded: time % 1_000_000))
        Self.put32(&bytes, UInt32(packet.count))
        Self.put32(&bytes, UInt32(packet.count))
        bytes += packet
    }

    private static func put16(_ out: inout [UInt8], _ v: UInt16) { out += [UInt8(v & 0xFF), UInt8(v >> 8)] }
    private static func put32(_ out: inout [UInt8], _ v: UInt32) { for s in stride(from: 0, to: 32, by: 8) { out.append(UInt8((v >> UInt32(s)) & 0xFF)) } }
    private static func put64(_ out: inout [UInt8], _ v: UInt64) { for s in stride(from: 0, to: 64, by: 8) { out.append(UInt8((v >> UInt64(s)) & 0xFF)) } }
}
