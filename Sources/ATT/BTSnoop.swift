/// Writes btsnoop capture files (the format of BlueZ's btmon and Android's HCI log) holding ATT traffic.
///
/// Datalink 1002 (HCI UART, H4): each record is an ACL data packet carrying an
/// L2CAP frame on the ATT fixed channel (CID 4), so Wireshark and tshark
/// decode every PDU as ATT. Timestamps are microseconds since 0000-01-01.
public struct BTSnoopWriter: Sendable {
    /// Which way a packet went, as seen from the host (the central).
    public enum Direction: Sendable { case sent, received }

    /// The capture so far.
    public private(set) var bytes: [UInt8]
    /// Microseconds from 0000-01-01 to 1970-01-01, as the format counts.
    static let epochOffsetMicroseconds: Int64 = 0x00DC_DDB3_0F2F_8000
    private let connectionHandle: UInt16

    /// An empty capture; packets are put on ACL connection `connectionHandle`.
    public init(connectionHandle: UInt16 = 0x0040) {
        self.connectionHandle = connectionHandle & 0x0FFF
        bytes = Array("btsnoop".utf8) + [0]
        Self.append32(&bytes, 1)
        Self.append32(&bytes, 1002)
    }

    /// Adds one ATT PDU sent or received at `unixMicroseconds`.
    public mutating func append(att pdu: [UInt8], direction: Direction, unixMicroseconds: Int64) {
        var packet: [UInt8] = [0x02]
        let aclHandle = connectionHandle | 0x2000
        packet += [UInt8(aclHandle & 0xFF), UInt8(aclHandle >> 8)]
        let l2capLength = UInt16(truncatingIfNeeded: pdu.count)
        let aclLength = l2capLength &+ 4
        packet += [UInt8(aclLength & 0xFF), UInt8(aclLength >> 8)]
        packet += [UInt8(l2capLength & 0xFF), UInt8(l2capLength >> 8), 0x04, 0x00]
        packet += pdu
        Self.append32(&bytes, UInt32(packet.count))
        Self.append32(&bytes, UInt32(packet.count))
        Self.append32(&bytes, direction == .sent ? 0 : 1)
        Self.append32(&bytes, 0)
        let stamp = UInt64(bitPattern: unixMicroseconds &+ Self.epochOffsetMicroseconds)
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: stamp >> UInt64(shift))) }
        bytes += packet
    }

    private static func append32(_ out: inout [UInt8], _ value: UInt32) {
        out += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
