import ATT
import CBlueZShim
import Dispatch
import Foundation
import GATT
import RigCore
import Synchronization

/// The BLE central role on a real adapter through BlueZ: LE scans on a raw HCI socket, ATT over L2CAP LE sockets.
///
/// Blocking socket calls run on a worker queue, never on the cooperative pool.
/// The GATT client and every device family run over it unchanged.
public final class BlueZCentral: BLECentral {
    /// The adapter, e.g. `hci0`.
    public let adapter: String
    private let adapterID: Int32
    private let queue = DispatchQueue(label: "rigkit.bluez")
    /// The security level asked for on connections (1 low … 3 high).
    public let security: Int32
    private let addressTypes: [String: Bool]
    /// Addresses a scan saw advertising with a random address type: connections to them use that type.
    private let scannedRandom = Mutex<Set<String>>([])

    /// A central on `adapter`; throws a clear error when the host has no Bluetooth, no such adapter, or it is down.
    ///
    /// `randomAddresses` lists the peripherals whose address type is random (rig files say so per device);
    /// a peripheral a scan saw advertising from a random address is connected as random too.
    public init(adapter: String = "hci0", security: Int32 = 1, randomAddresses: Set<String> = []) throws(BlueZError) {
        let available = rigkit_bt_available()
        if available < 0 { throw BlueZError.from(available, adapter: adapter, doing: "opening Bluetooth") }
        let id = adapter.withCString { rigkit_hci_adapter($0) }
        if id < 0 { throw .noAdapter(adapter) }
        var address = [CChar](repeating: 0, count: 18)
        let up = rigkit_hci_is_up(id, &address)
        if up < 0 { throw BlueZError.from(up, adapter: adapter, doing: "reading adapter \(adapter)") }
        if up == 0 { throw .adapterDown(adapter) }
        self.adapter = adapter
        adapterID = id
        self.security = security
        addressTypes = Dictionary(uniqueKeysWithValues: randomAddresses.map { ($0.uppercased(), true) })
    }

    /// Whether this host has Bluetooth at all, and if not why (for `rig probe`).
    public static func availability() -> BlueZError? {
        let code = rigkit_bt_available()
        return code < 0 ? BlueZError.from(code, adapter: "", doing: "opening Bluetooth") : nil
    }

    public func scan(for duration: Duration) async throws -> [ScanResult] {
        let id = adapterID, adapter = adapter
        let result: Result<([ScanResult], Set<String>), BlueZError> = await withCheckedContinuation { continuation in
            queue.async {
                let fd = rigkit_le_scan_open(id, 1)
                guard fd >= 0 else {
                    continuation.resume(returning: .failure(BlueZError.from(fd, adapter: adapter, doing: "an LE scan on \(adapter)")))
                    return
                }
                var found: [String: ScanResult] = [:]
                var random: Set<String> = []
                let end = ContinuousClock.now + duration
                var buffer = [UInt8](repeating: 0, count: 260)
                while ContinuousClock.now < end {
                    let left = Int32(max(1, (end - ContinuousClock.now).nanoseconds / 1_000_000))
                    let n = rigkit_hci_read(fd, &buffer, Int32(buffer.count), min(left, 200))
                    if n < 0 { break }
                    for report in AdvertisingReport.parse(Array(buffer.prefix(Int(n)))) {
                        if report.randomAddress { random.insert(report.address) }
                        var merged = found[report.address]?.advertisingBytes ?? []
                        merged += report.data
                        let data = (try? AdvertisingData.decode(merged)) ?? (try? AdvertisingData.decode(report.data)) ?? AdvertisingData(flags: nil)
                        found[report.address] = ScanResult(address: report.address, rssi: report.rssi, advertisingBytes: merged, data: data)
                    }
                }
                rigkit_le_scan_close(fd)
                continuation.resume(returning: .success((found.values.sorted { $0.address < $1.address }, random)))
            }
        }
        let (results, random) = try result.get()
        scannedRandom.withLock { $0.formUnion(random) }
        return results
    }

    public func openBearer(to address: String, name: String) async throws(LinkError) -> any ATTBearer {
        let id = adapterID, adapter = adapter, security = security
        let random = addressTypes[address.uppercased()] ?? scannedRandom.withLock { $0.contains(address.uppercased()) }
        let result: Result<Int32, BlueZError> = await withCheckedContinuation { continuation in
            queue.async {
                let fd = address.withCString { rigkit_att_connect(id, $0, random ? 1 : 0, security, 10_000) }
                continuation.resume(returning: fd >= 0 ? .success(fd)
                    : .failure(BlueZError.from(fd, adapter: adapter, address: address, timeout: .seconds(10), doing: "connecting to \(address)")))
            }
        }
        switch result {
        case .success(let fd): return L2CAPBearer(fd: fd, name: name)
        case .failure(.notFound(let a, _)): throw .notFound(address: a)
        case .failure(.refused(let a)): throw .refused(address: a, reason: "connection refused")
        case .failure(let error): throw .refused(address: address, reason: "\(error)")
        }
    }
}

/// One LE advertising report from an HCI LE Meta event: legacy (subevent 0x02) or extended (0x0D).
struct AdvertisingReport: Equatable {
    var address: String
    var randomAddress: Bool
    var data: [UInt8]
    var rssi: Int

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
        bytes.reversed().map { String(format: "%02X", $0) }.joined(separator: ":")
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
            out.append(AdvertisingReport(address: address(packet[(i + 2)..<(i + 8)]), randomAddress: random, data: data, rssi: rssi))
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
            out.append(AdvertisingReport(address: address(packet[(i + 3)..<(i + 9)]), randomAddress: random, data: data, rssi: rssi))
            i += 24 + length
        }
        return out
    }
}
