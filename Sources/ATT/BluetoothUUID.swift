/// A Bluetooth UUID: 16-bit on the Bluetooth base UUID, or a full 128-bit one.
///
/// Stored as 16 bytes in big-endian order (as written); on the wire ATT sends
/// 16-bit UUIDs as two little-endian bytes and 128-bit ones as sixteen little-endian bytes.
public struct BluetoothUUID: Hashable, Sendable, CustomStringConvertible {
    /// The UUID's 16 bytes, most significant first.
    public let bytes: [UInt8]

    /// The Bluetooth base UUID, 00000000-0000-1000-8000-00805F9B34FB.
    static let base: [UInt8] = [0, 0, 0, 0, 0, 0, 0x10, 0x00, 0x80, 0x00, 0x00, 0x80, 0x5F, 0x9B, 0x34, 0xFB]

    /// A 16-bit UUID on the base UUID, e.g. `0x2800`.
    public init(_ short: UInt16) {
        var b = Self.base
        b[2] = UInt8(short >> 8)
        b[3] = UInt8(short & 0xFF)
        bytes = b
    }

    /// A 128-bit UUID from 16 bytes, most significant first; nil if not 16 bytes.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// A UUID from its wire form: 2 or 16 little-endian bytes.
    public init?(littleEndian wire: some Collection<UInt8>) {
        switch wire.count {
        case 2:
            let a = Array(wire)
            self.init(UInt16(a[0]) | UInt16(a[1]) << 8)
        case 16: self.init(bytes: Array(wire.reversed()))
        default: return nil
        }
    }

    /// A UUID from text: `2800`, `0x2800` or `6e400001-b5a3-f393-e0a9-e50e24dcca9e`.
    public init?(_ text: String) {
        var t = text.lowercased()
        if t.hasPrefix("0x") { t.removeFirst(2) }
        if t.count == 4, let short = UInt16(t, radix: 16) { self.init(short); return }
        let hex = t.filter { $0 != "-" }
        guard hex.count == 32 else { return nil }
        var out: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            out.append(byte)
            index = next
        }
        self.init(bytes: out)
    }

    /// The 16-bit form, if the UUID lies on the base UUID.
    public var short: UInt16? {
        guard bytes[0] == 0, bytes[1] == 0, Array(bytes[4...]) == Array(Self.base[4...]) else { return nil }
        return UInt16(bytes[2]) << 8 | UInt16(bytes[3])
    }

    /// The UUID as ATT sends it: 2 bytes for a 16-bit UUID, else 16, little-endian.
    public var littleEndian: [UInt8] {
        if let short { return [UInt8(short & 0xFF), UInt8(short >> 8)] }
        return bytes.reversed()
    }

    public var description: String {
        if let short { return "0x" + String(short, radix: 16, uppercase: true).leftPadded(to: 4) }
        let hex = bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { r in
            String(hex[hex.index(hex.startIndex, offsetBy: r.lowerBound)..<hex.index(hex.startIndex, offsetBy: r.upperBound)])
        }
        return parts.joined(separator: "-")
    }
}

extension BluetoothUUID {
    /// Primary service declaration.
    public static let primaryService = BluetoothUUID(0x2800)
    /// Secondary service declaration.
    public static let secondaryService = BluetoothUUID(0x2801)
    /// Characteristic declaration.
    public static let characteristic = BluetoothUUID(0x2803)
    /// Client Characteristic Configuration descriptor (CCCD).
    public static let clientCharacteristicConfiguration = BluetoothUUID(0x2902)
    /// Characteristic User Description descriptor.
    public static let characteristicUserDescription = BluetoothUUID(0x2901)
    /// Device Name characteristic of the GAP service.
    public static let deviceName = BluetoothUUID(0x2A00)
    /// The GAP service.
    public static let genericAccess = BluetoothUUID(0x1800)
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
