import RigCore
import ATT

/// HCI commands RigKit sends on a raw HCI socket (Core spec Vol 4 Part E §7.8, LE controller commands),
/// and the events that answer them.
struct HCICommand: Equatable, Sendable {
    var opcode: UInt16
    var parameters: [UInt8]

    /// The packet on the wire: type 0x01, opcode (little-endian), length, parameters.
    var packet: [UInt8] { [0x01] + BluetoothSocket.le16(opcode) + [UInt8(parameters.count)] + parameters }

    /// The name of a command for messages, e.g. `LE Set Advertise Enable (0x200A)`.
    var name: String {
        let known: [UInt16: String] = [
            0x2005: "LE Set Random Address", 0x2006: "LE Set Advertising Parameters", 0x2008: "LE Set Advertising Data",
            0x2009: "LE Set Scan Response Data", 0x200A: "LE Set Advertise Enable", 0x200B: "LE Set Scan Parameters",
            0x200C: "LE Set Scan Enable", 0x0406: "Disconnect",
        ]
        return "\(known[opcode] ?? "HCI command") (0x\(Hex.encode([UInt8(opcode >> 8), UInt8(opcode & 0xFF)]).uppercased()))"
    }

    private static func le(_ ocf: UInt16, _ parameters: [UInt8]) -> HCICommand {
        HCICommand(opcode: 0x08 << 10 | ocf, parameters: parameters)
    }

    /// Disconnect (Link Control): ends the link with `handle`; reason 0x13 remote user terminated, 0x15 power off.
    static func disconnect(handle: UInt16, reason: UInt8 = 0x13) -> HCICommand {
        HCICommand(opcode: 0x01 << 10 | 0x0006, parameters: BluetoothSocket.le16(handle) + [reason])
    }

    /// LE Set Scan Parameters: active or passive, interval and window in 0.625 ms units, own public address, accept all.
    static func setScanParameters(active: Bool, interval: UInt16 = 0x0010, window: UInt16 = 0x0010) -> HCICommand {
        le(0x000B, [active ? 1 : 0] + BluetoothSocket.le16(interval) + BluetoothSocket.le16(window) + [0x00, 0x00])
    }

    /// LE Set Scan Enable, without duplicate filtering so RSSI and scan responses keep coming.
    static func setScanEnable(_ on: Bool) -> HCICommand { le(0x000C, [on ? 1 : 0, 0x00]) }

    /// LE Set Advertising Parameters: connectable undirected (ADV_IND) from the public address on all three channels,
    /// interval in 0.625 ms units (default 100 ms).
    static func setAdvertisingParameters(interval: UInt16 = 0x00A0) -> HCICommand {
        le(0x0006, BluetoothSocket.le16(interval) + BluetoothSocket.le16(interval)
           + [0x00, 0x00, 0x00] + [UInt8](repeating: 0, count: 6) + [0x07, 0x00])
    }

    /// LE Set Advertising Data: up to 31 bytes of AD structures, zero-padded.
    static func setAdvertisingData(_ data: [UInt8]) throws(BlueZError) -> HCICommand {
        le(0x0008, try padded(data, "advertising data"))
    }

    /// LE Set Scan Response Data: up to 31 bytes of AD structures, zero-padded.
    static func setScanResponseData(_ data: [UInt8]) throws(BlueZError) -> HCICommand {
        le(0x0009, try padded(data, "scan response data"))
    }

    /// LE Set Advertise Enable.
    static func setAdvertiseEnable(_ on: Bool) -> HCICommand { le(0x000A, [on ? 1 : 0]) }

    private static func padded(_ data: [UInt8], _ what: String) throws(BlueZError) -> [UInt8] {
        guard data.count <= 31 else { throw .system("\(what) is \(data.count) bytes; legacy advertising carries at most 31", errno: 90) }
        return [UInt8(data.count)] + data + [UInt8](repeating: 0, count: 31 - data.count)
    }
}

/// An HCI event that answers a command: Command Complete (0x0E) or Command Status (0x0F).
struct HCICommandAnswer: Equatable {
    var opcode: UInt16
    /// The controller's status: 0 success, else an HCI error code (Core Vol 1 Part F).
    var status: UInt8

    /// The answer in one event packet (`04 0E …` or `04 0F …`), or nil when the packet is something else or malformed.
    static func parse(_ packet: [UInt8]) -> HCICommandAnswer? {
        guard packet.count >= 3, packet[0] == 0x04, Int(packet[2]) + 3 <= packet.count else { return nil }
        switch packet[1] {
        case 0x0E:   // Num_HCI_Command_Packets, Command_Opcode, Return_Parameters (status first)
            guard packet[2] >= 4 else { return nil }
            return HCICommandAnswer(opcode: UInt16(packet[4]) | UInt16(packet[5]) << 8, status: packet[6])
        case 0x0F:   // Status, Num_HCI_Command_Packets, Command_Opcode
            guard packet[2] >= 4 else { return nil }
            return HCICommandAnswer(opcode: UInt16(packet[5]) | UInt16(packet[6]) << 8, status: packet[3])
        default: return nil
        }
    }

    /// The HCI error code's name, for messages.
    static func statusName(_ status: UInt8) -> String {
        switch status {
        case 0x01: "unknown HCI command"
        case 0x0C: "command disallowed"
        case 0x11: "unsupported feature or parameter"
        case 0x12: "invalid HCI command parameters"
        default: "HCI error 0x\(Hex.encode([status]).uppercased())"
        }
    }
}
