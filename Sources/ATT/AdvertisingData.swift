/// BLE advertising data: the AD structures of an advertisement or scan response (Core spec Supplement, Part A).
public struct AdvertisingData: Sendable, Equatable {
    /// Complete (or shortened) local name.
    public var localName: String?
    /// Service UUIDs the device lists (16- and 128-bit).
    public var serviceUUIDs: [BluetoothUUID] = []
    /// Manufacturer-specific data: company identifier and bytes.
    public var manufacturerData: (company: UInt16, data: [UInt8])?
    /// Transmit power level in dBm.
    public var txPower: Int8?
    /// The flags field (0x06: LE General Discoverable, BR/EDR not supported).
    public var flags: UInt8?

    public init(localName: String? = nil, serviceUUIDs: [BluetoothUUID] = [], manufacturerData: (company: UInt16, data: [UInt8])? = nil,
                txPower: Int8? = nil, flags: UInt8? = 0x06) {
        self.localName = localName
        self.serviceUUIDs = serviceUUIDs
        self.manufacturerData = manufacturerData
        self.txPower = txPower
        self.flags = flags
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.localName == b.localName && a.serviceUUIDs == b.serviceUUIDs && a.txPower == b.txPower && a.flags == b.flags
            && a.manufacturerData?.company == b.manufacturerData?.company && a.manufacturerData?.data == b.manufacturerData?.data
    }

    /// The AD structures as bytes: length, type, data for each field.
    public func encode() -> [UInt8] {
        var out: [UInt8] = []
        func field(_ type: UInt8, _ data: [UInt8]) {
            out.append(UInt8(truncatingIfNeeded: data.count + 1))
            out.append(type)
            out += data
        }
        if let flags { field(0x01, [flags]) }
        let shorts = serviceUUIDs.compactMap(\.short)
        if !shorts.isEmpty { field(0x03, shorts.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) }
        let longs = serviceUUIDs.filter { $0.short == nil }
        if !longs.isEmpty { field(0x07, longs.flatMap(\.littleEndian)) }
        if let localName { field(0x09, Array(localName.utf8)) }
        if let txPower { field(0x0A, [UInt8(bitPattern: txPower)]) }
        if let manufacturerData {
            field(0xFF, [UInt8(manufacturerData.company & 0xFF), UInt8(manufacturerData.company >> 8)] + manufacturerData.data)
        }
        return out
    }

    /// Parses AD structures; unknown types are skipped, a structure running past the end is an error.
    public static func decode(_ bytes: [UInt8]) throws(AdvertisingDataError) -> AdvertisingData {
        var result = AdvertisingData(flags: nil)
        var index = 0
        while index < bytes.count {
            let length = Int(bytes[index])
            if length == 0 { break }
            guard index + length < bytes.count + 0, index + 1 + length <= bytes.count else {
                throw .truncated(offset: index, length: length, available: bytes.count - index - 1)
            }
            let type = bytes[index + 1]
            let data = Array(bytes[(index + 2)..<(index + 1 + length)])
            switch type {
            case 0x01: result.flags = data.first
            case 0x02, 0x03:
                guard data.count % 2 == 0 else { throw .badField(type: type, reason: "16-bit UUID list of odd length \(data.count)") }
                for i in stride(from: 0, to: data.count, by: 2) { result.serviceUUIDs.append(BluetoothUUID(UInt16(data[i]) | UInt16(data[i + 1]) << 8)) }
            case 0x06, 0x07:
                guard data.count % 16 == 0 else { throw .badField(type: type, reason: "128-bit UUID list of length \(data.count)") }
                for i in stride(from: 0, to: data.count, by: 16) { result.serviceUUIDs.append(BluetoothUUID(littleEndian: data[i..<i + 16])!) }
            case 0x08, 0x09: result.localName = String(decoding: data, as: UTF8.self)
            case 0x0A: result.txPower = data.first.map { Int8(bitPattern: $0) }
            case 0xFF:
                guard data.count >= 2 else { throw .badField(type: type, reason: "manufacturer data shorter than its company ID") }
                result.manufacturerData = (UInt16(data[0]) | UInt16(data[1]) << 8, Array(data[2...]))
            default: break
            }
            index += 1 + length
        }
        return result
    }
}

/// Advertising data that cannot be parsed.
public enum AdvertisingDataError: Error, Equatable, CustomStringConvertible {
    /// An AD structure claims more bytes than are left.
    case truncated(offset: Int, length: Int, available: Int)
    /// A field's data does not fit its type.
    case badField(type: UInt8, reason: String)

    public var description: String {
        switch self {
        case .truncated(let offset, let length, let available):
            "advertising data: the structure at offset \(offset) claims \(length) bytes but only \(available) follow"
        case .badField(let type, let reason):
            "advertising data: field type 0x\(String(type, radix: 16)): \(reason)"
        }
    }
}
