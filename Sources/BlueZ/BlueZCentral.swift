import ATT
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
    /// The adapter's own address.
    public let adapterAddress: BluetoothAddress
    private let adapterID: Int32
    private let queue = DispatchQueue(label: "rigkit.bluez.central", attributes: .concurrent)
    /// The security level asked for on connections (1 low … 3 high).
    public let security: UInt8
    /// How long a connection attempt may take.
    public let connectTimeout: Duration
    private let randomAddresses: Set<String>
    /// Addresses a scan saw advertising with a random address type: connections to them use that type.
    private let scannedRandom = Mutex<Set<String>>([])
    private let calls: BlueZCalls

    /// A central on `adapter`; throws a clear error when the host has no Bluetooth, no such adapter, or it is down.
    ///
    /// `randomAddresses` lists the peripherals whose address type is random (rig files say so per device);
    /// a peripheral a scan saw advertising from a random address is connected as random too.
    public convenience init(adapter: String = "hci0", security: UInt8 = 1, randomAddresses: Set<String> = [],
                            connectTimeout: Duration = .seconds(10)) throws(BlueZError) {
        try self.init(adapter: adapter, security: security, randomAddresses: randomAddresses, connectTimeout: connectTimeout, calls: .live)
    }

    init(adapter: String, security: UInt8 = 1, randomAddresses: Set<String> = [], connectTimeout: Duration = .seconds(10),
         calls: BlueZCalls) throws(BlueZError) {
        let (id, info) = try Self.openAdapter(adapter, calls: calls)
        self.adapter = adapter
        adapterID = id
        adapterAddress = info.address
        self.security = security
        self.connectTimeout = connectTimeout
        self.randomAddresses = Set(randomAddresses.map { $0.uppercased() })
        self.calls = calls
    }

    /// Checks the host has Bluetooth and that `adapter` exists and is up: its id and state.
    static func openAdapter(_ adapter: String, calls: BlueZCalls) throws(BlueZError) -> (Int32, BlueZCalls.AdapterInfo) {
        if let missing = availability(calls: calls) { throw missing }
        let id = calls.adapterID(adapter)
        if id < 0 { throw -id == EAFNOSUPPORT ? .noBluetooth : .noAdapter(adapter) }
        let info: BlueZCalls.AdapterInfo
        switch calls.adapterInfo(id) {
        case .success(let i): info = i
        case .failure(let e): throw BlueZError.from(-e.code, adapter: adapter, doing: "reading adapter \(adapter)")
        }
        if !info.isUp { throw .adapterDown(adapter) }
        return (id, info)
    }

    /// Whether this host has Bluetooth at all, and if not why (for `rig probe`).
    public static func availability() -> BlueZError? { availability(calls: .live) }

    static func availability(calls: BlueZCalls) -> BlueZError? {
        let fd = calls.socket(BluetoothSocket.family, BluetoothSocket.raw | BluetoothSocket.closeOnExec, BluetoothSocket.protocolHCI)
        if fd < 0 { return BlueZError.from(fd, adapter: "", doing: "opening Bluetooth") }
        calls.close(fd)
        return nil
    }

    /// Runs `body` on the worker queue and hands back its result.
    private func blocking<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in queue.async { continuation.resume(returning: body()) } }
    }

    public func scan(for duration: Duration) async throws -> [ScanResult] {
        let (results, random) = try await blocking { [self] () -> Result<([ScanResult], Set<String>), BlueZError> in
            Result { () throws(BlueZError) in try self.scanNow(for: duration) }
        }.get()
        scannedRandom.withLock { $0.formUnion(random) }
        return results
    }

    /// An active LE scan for `duration`: every advertiser's merged advertising and scan-response data and last RSSI.
    func scanNow(for duration: Duration) throws(BlueZError) -> ([ScanResult], Set<String>) {
        let socket = try HCISocket(adapterID: adapterID, adapter: adapter, calls: calls, doing: "an LE scan on \(adapter)")
        defer { socket.close() }
        do {
            try socket.run(.setScanParameters(active: true))
        } catch .controller(_, 0x0C, _) {
            // Command disallowed: a scan is already running (another process or an earlier one); stop it and retry.
            try? socket.run(.setScanEnable(false))
            try socket.run(.setScanParameters(active: true))
        }
        try socket.run(.setScanEnable(true))
        defer { try? socket.run(.setScanEnable(false)) }
        var found: [String: (advertising: [UInt8], response: [UInt8], rssi: Int)] = [:]
        var random: Set<String> = []
        let end = ContinuousClock.now + duration
        while ContinuousClock.now < end {
            guard let packet = try socket.next(timeout: min(end - ContinuousClock.now, .milliseconds(200))) else { continue }
            for report in AdvertisingReport.parse(packet) {
                if report.randomAddress { random.insert(report.address) }
                var seen = found[report.address] ?? ([], [], report.rssi)
                if report.scanResponse { seen.response = report.data } else { seen.advertising = report.data }
                seen.rssi = report.rssi
                found[report.address] = seen
            }
        }
        let results = found.map { address, seen in
            let merged = seen.advertising + seen.response
            let data = (try? AdvertisingData.decode(merged)) ?? (try? AdvertisingData.decode(seen.advertising)) ?? AdvertisingData(flags: nil)
            return ScanResult(address: address, rssi: seen.rssi, advertisingBytes: merged, data: data)
        }
        return (results.sorted { $0.address < $1.address }, random)
    }

    public func openBearer(to address: String, name: String) async throws(LinkError) -> any ATTBearer {
        let result = await blocking { [self] () -> Result<Int32, BlueZError> in
            Result { () throws(BlueZError) in try self.connectNow(to: address) }
        }
        switch result {
        case .success(let fd):
            return L2CAPBearer(fd: fd, name: name, calls: calls,
                               termination: LinkTermination(socket: fd, adapterID: adapterID, adapter: adapter, calls: calls))
        case .failure(.notFound(let a, _)): throw .notFound(address: a)
        case .failure(.refused(let a)): throw .refused(address: a, reason: "connection refused")
        case .failure(let error): throw .refused(address: address, reason: "\(error)")
        }
    }

    /// Connects an L2CAP LE socket on the ATT channel to `address` from this adapter: the connected socket.
    func connectNow(to address: String) throws(BlueZError) -> Int32 {
        guard let destination = BluetoothAddress(address) else {
            throw .system("\(JSONText.quote(address)) is not a Bluetooth address (AA:BB:CC:DD:EE:FF)", errno: EINVAL)
        }
        let key = destination.description
        let random = randomAddresses.contains(key) || scannedRandom.withLock { $0.contains(key) }
        let doing = "connecting to \(key) from \(adapter)"
        let fd = calls.socket(BluetoothSocket.family, BluetoothSocket.seqPacket | BluetoothSocket.closeOnExec, BluetoothSocket.protocolL2CAP)
        if fd < 0 { throw BlueZError.from(fd, adapter: adapter, doing: doing) }
        func fail(_ code: Int32) -> BlueZError {
            calls.close(fd)
            return BlueZError.from(code, adapter: adapter, address: key, timeout: connectTimeout, doing: doing)
        }
        var r = calls.bind(fd, BluetoothSocket.l2capAddress(adapterAddress, type: .lePublic))
        if r < 0 { throw fail(r) }
        if security > 1 {
            r = calls.setOption(fd, BluetoothSocket.levelBluetooth, BluetoothSocket.optionSecurity, BluetoothSocket.security(level: security))
            if r < 0 { throw fail(r) }
        }
        r = calls.setNonBlocking(fd, true)
        if r < 0 { throw fail(r) }
        r = calls.connect(fd, BluetoothSocket.l2capAddress(destination, type: random ? .leRandom : .lePublic))
        if r < 0 && -r != EINPROGRESS { throw fail(r) }
        let milliseconds = Int32(clamping: connectTimeout.nanoseconds / 1_000_000)
        let ready = calls.poll(fd, BluetoothSocket.pollOut, milliseconds)
        if ready <= 0 { throw fail(ready == 0 ? -ETIMEDOUT : ready) }
        let pending = calls.pendingError(fd)
        if pending != 0 { throw fail(pending < 0 ? pending : -pending) }
        r = calls.setNonBlocking(fd, false)
        if r < 0 { throw fail(r) }
        return fd
    }
}

