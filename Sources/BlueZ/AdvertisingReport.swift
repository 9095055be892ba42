/// One LE advertising report from an HCI LE Meta event: legacy (subevent 0x02) or extended (0x0D).
struct AdvertisingReport: Equatable {
    var address: String
    var randomAddress: Bool
    var data: [UInt8]
    var rssi: Int
    /// Whether the data is a scan response rather than advertising data.
    var scanResponse = false

    /// The reports in one HCI event packet (`04 3E len 02 n …` or `04 3E len 0D n …`); malformed packets give none.
    ///
    /// A controller that supports extended advertising may answer a legacy scan with extended reports
    /// (Bumble's does; the QEMU lane found it), so both are read.
    static func parse(_ packet: [UInt8]) -> [AdvertisingReport] {
        guard packet.count >= 5, packet[0] == 0x04, packet[1] == 0x3E else { return [] }
        switch packet[3] {
        case 0x02: return parseLegacy(packet)
        case 0x0D: return parseExtended(packet)
        default: return []
        }
    }

    private static func address(_ bytes: ArraySlice<UInt8>) -> String {
        BluetoothAddress(littleEndian: Array(bytes))!.description
    }

    /// Legacy reports: event type, address type, address, data length, data, then RSSI.
    private static func parseLegacy(_ packet: [UInt8]) -> [AdvertisingReport] {
        var out: [AdvertisingReport] = []
        var i = 5
        for _ in 0..<Int(packet[4]) {
            guard i + 9 <= packet.count else { break }
            let random = packet[i + 1] == 0x01
            let length = Int(packet[i + 8])
            guard i + 9 + length + 1 <= packet.count else { break }
            let data = Array(packet[(i + 9)..<(i + 9 + length)])
            let rssi = Int(Int8(bitPattern: packet[i + 9 + length]))
            out.append(AdvertisingReport(address: address(packet[(i + 2)..<(i + 8)]), randomAddress: random, data: data, rssi: rssi,
                                         scanResponse: packet[i] == 0x04))
            i += 10 + length
        }
        return out
    }

    /// Extended reports: event type (2), address type, address, primary and secondary PHY, SID, TX power,
    /// RSSI, periodic interval (2), direct address type and address, data length, data.
    private static func parseExtended(_ packet: [UInt8]) -> [AdvertisingReport] {
        var out: [AdvertisingReport] = []
        var i = 5
        for _ in 0..<Int(packet[4]) {
            guard i + 24 <= packet.count else { break }
            let random = packet[i + 2] & 0x01 == 0x01   // 1 random, 3 random identity
            let length = Int(packet[i + 23])
            guard i + 24 + length <= packet.count else { break }
            let data = Array(packet[(i + 24)..<(i + 24 + length)])
            let rssi = Int(Int8(bitPattern: packet[i + 13]))
            out.append(AdvertisingReport(address: address(packet[(i + 3)..<(i + 9)]), randomAddress: random, data: data, rssi: rssi,
                                         scanResponse: packet[i] & 0x08 != 0))
            i += 24 + length
        }
        return out
    }
}
