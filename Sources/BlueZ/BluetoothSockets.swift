import ATT
import RigCore

/// The numbers and byte layouts of Linux Bluetooth sockets (`<bluetooth/*.h>`, `include/net/bluetooth` in the kernel),
/// written out so the bytes that cross into the kernel are Swift values tests can check.
enum BluetoothSocket {
    static let family: Int32 = 31            // AF_BLUETOOTH
    static let protocolL2CAP: Int32 = 0      // BTPROTO_L2CAP
    static let protocolHCI: Int32 = 1        // BTPROTO_HCI
    static let raw: Int32 = 3                // SOCK_RAW
    static let seqPacket: Int32 = 5          // SOCK_SEQPACKET
    static let closeOnExec: Int32 = 0o2000000 // SOCK_CLOEXEC

    static let levelHCI: Int32 = 0           // SOL_HCI
    static let optionHCIFilter: Int32 = 2    // HCI_FILTER
    static let levelL2CAP: Int32 = 6         // SOL_L2CAP
    static let optionConnectionInfo: Int32 = 2 // L2CAP_CONNINFO: struct l2cap_conninfo { u16 hci_handle; u8 dev_class[3]; }
    static let levelBluetooth: Int32 = 274   // SOL_BLUETOOTH
    static let optionSecurity: Int32 = 4     // BT_SECURITY

    /// The ATT fixed channel on LE links.
    static let attChannel: UInt16 = 4
    static let hciChannelRaw: UInt16 = 0     // HCI_CHANNEL_RAW

    static let pollIn: Int16 = 0x001, pollOut: Int16 = 0x004, pollError: Int16 = 0x008, pollHangUp: Int16 = 0x010

    /// LE address types as `sockaddr_l2.l2_bdaddr_type` has them.
    enum AddressType: UInt8 {
        case lePublic = 1   // BDADDR_LE_PUBLIC
        case leRandom = 2   // BDADDR_LE_RANDOM
    }

    /// `struct sockaddr_l2` (14 bytes): family, PSM, address (little-endian), CID, address type.
    static func l2capAddress(_ address: BluetoothAddress, type: AddressType, cid: UInt16 = attChannel) -> [UInt8] {
        var bytes = le16(UInt16(family)) + le16(0) + address.littleEndian + le16(cid) + [type.rawValue]
        bytes.append(0)   // padding to the struct's 2-byte alignment
        return bytes
    }

    /// The address in a `sockaddr_l2` the kernel filled in (e.g. by `accept`), or nil when it is not one.
    static func address(fromL2CAP bytes: [UInt8]) -> BluetoothAddress? {
        guard bytes.count >= 13, bytes[0] == UInt8(family), bytes[1] == 0 else { return nil }
        return BluetoothAddress(littleEndian: Array(bytes[4..<10]))
    }

    /// `struct sockaddr_hci` (6 bytes): family, device id, channel.
    static func hciAddress(device: UInt16, channel: UInt16 = hciChannelRaw) -> [UInt8] {
        le16(UInt16(family)) + le16(device) + le16(channel)
    }

    /// `struct hci_filter` (16 bytes with padding): packet types, two words of event bits, opcode (0 = any).
    static func hciFilter(packetTypes: [UInt8], events: [UInt8]) -> [UInt8] {
        var typeMask: UInt32 = 0
        for type in packetTypes { typeMask |= 1 << UInt32(type & 31) }
        var eventMask: (UInt32, UInt32) = (0, 0)
        for event in events {
            if event < 32 { eventMask.0 |= 1 << UInt32(event) } else { eventMask.1 |= 1 << UInt32(event & 31) }
        }
        return le32(typeMask) + le32(eventMask.0) + le32(eventMask.1) + le16(0) + [0, 0]
    }

    /// `struct bt_security`: level (1 low, 2 medium, 3 high, 4 FIPS), key size (0 = any).
    static func security(level: UInt8) -> [UInt8] { [level, 0] }

    static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    static func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)] }
}

/// A Bluetooth device address, written `AA:BB:CC:DD:EE:FF` (most significant byte first).
public struct BluetoothAddress: Hashable, Sendable, CustomStringConvertible {
    /// The six bytes, most significant first, as written.
    public let bytes: [UInt8]

    /// Parses `AA:BB:CC:DD:EE:FF` (either case); nil for anything else.
    public init?(_ text: String) {
        guard let bytes = BluetoothAddressText.bytes(text) else { return nil }
        self.bytes = bytes
    }

    /// From the six bytes as the kernel and HCI carry them (least significant first).
    init?(littleEndian: [UInt8]) {
        guard littleEndian.count == 6 else { return nil }
        bytes = littleEndian.reversed()
    }

    /// The bytes as the kernel and HCI carry them (least significant first).
    var littleEndian: [UInt8] { bytes.reversed() }

    public var description: String { bytes.map { Hex.encode([$0]).uppercased() }.joined(separator: ":") }
}
