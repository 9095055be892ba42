import Dispatch
import Foundation
import GATT
import Synchronization

/// The BLE peripheral role on a real adapter through BlueZ: advertises with HCI commands on a raw socket
/// and accepts ATT connections on an L2CAP LE socket listening on the ATT fixed channel.
///
/// Legacy advertising, connectable and undirected, from the adapter's public address; one advertiser per
/// adapter. The controller stops advertising when a central connects: advertise again to take the next one.
/// Blocking calls run on worker queues, never on the cooperative pool.
public final class BlueZPeripheral: Sendable {
    /// The adapter, e.g. `hci0`.
    public let adapter: String
    /// The address centrals see and connect to.
    public let address: BluetoothAddress
    private let adapterID: Int32
    private let calls: BlueZCalls
    private let hci: Mutex<HCISocket?> = Mutex(nil)
    private let listener: Mutex<Int32>
    private let closed = Mutex(false)
    private let commands = DispatchQueue(label: "rigkit.bluez.advertise")
    private let accepting = DispatchQueue(label: "rigkit.bluez.accept")

    /// A peripheral on `adapter`, listening for ATT connections; throws a clear error when the host has no
    /// Bluetooth, no such adapter, or it is down.
    public convenience init(adapter: String) throws(BlueZError) {
        try self.init(adapter: adapter, calls: .live)
    }

    init(adapter: String, calls: BlueZCalls) throws(BlueZError) {
        let (id, info) = try BlueZCentral.openAdapter(adapter, calls: calls)
        let doing = "listening for ATT connections on \(adapter)"
        let fd = calls.socket(BluetoothSocket.family, BluetoothSocket.seqPacket | BluetoothSocket.closeOnExec, BluetoothSocket.protocolL2CAP)
        if fd < 0 { throw BlueZError.from(fd, adapter: adapter, doing: doing) }
        var r = calls.bind(fd, BluetoothSocket.l2capAddress(info.address, type: .lePublic))
        if r >= 0 { r = calls.listen(fd, 1) }
        if r < 0 {
            calls.close(fd)
            // EADDRINUSE: another ATT server (bluetoothd, an earlier run) listens on this adapter.
            throw r == -EADDRINUSE ? .system("\(doing): another ATT server listens on \(adapter) (stop bluetoothd or the other program)", errno: EADDRINUSE)
                : BlueZError.from(r, adapter: adapter, doing: doing)
        }
        self.adapter = adapter
        adapterID = id
        address = info.address
        self.calls = calls
        listener = Mutex(fd)
    }

    /// Advertises `data` with `scanResponse` (AD structures, at most 31 bytes each), or stops advertising when
    /// `data` is nil. Call it again after a connection to advertise for the next central.
    public func advertise(_ data: [UInt8]?, scanResponse: [UInt8] = []) async throws(BlueZError) {
        let result: Result<Void, BlueZError> = await withCheckedContinuation { continuation in
            commands.async { [self] in
                continuation.resume(returning: Result { () throws(BlueZError) in try advertiseNow(data, scanResponse: scanResponse) })
            }
        }
        try result.get()
    }

    func advertiseNow(_ data: [UInt8]?, scanResponse: [UInt8]) throws(BlueZError) {
        let socket = try hci.withLock { (held: inout HCISocket?) throws(BlueZError) -> HCISocket in
            if let held { return held }
            let opened = try HCISocket(adapterID: adapterID, adapter: adapter, calls: calls, doing: "advertising on \(adapter)")
            held = opened
            return opened
        }
        // Parameters and data can only change while advertising is off; "disallowed" here means it already was.
        do { try socket.run(.setAdvertiseEnable(false)) } catch .controller(_, 0x0C, _) {}
        guard let data else { return }
        try socket.run(.setAdvertisingParameters())
        try socket.run(.setAdvertisingData(data))
        try socket.run(.setScanResponseData(scanResponse))
        try socket.run(.setAdvertiseEnable(true))
    }

    /// Waits for the next central to connect: the ATT bearer (this side of the link) and the central's address.
    /// Throws when the peripheral is closed.
    public func accept(name: String) async throws(BlueZError) -> (bearer: any ATTBearer, central: String) {
        let result: Result<(Int32, String), BlueZError> = await withCheckedContinuation { continuation in
            accepting.async { [self] in continuation.resume(returning: Result { () throws(BlueZError) in try acceptNow() }) }
        }
        let (fd, central) = try result.get()
        return (L2CAPBearer(fd: fd, name: name, calls: calls,
                            termination: LinkTermination(socket: fd, adapterID: adapterID, adapter: adapter, calls: calls)), central)
    }

    func acceptNow() throws(BlueZError) -> (Int32, String) {
        while true {
            let fd = listener.withLock { $0 }
            if closed.withLock({ $0 }) || fd < 0 { throw .system("the peripheral on \(adapter) was closed", errno: EBADF) }
            let ready = calls.poll(fd, BluetoothSocket.pollIn, 250)
            if ready == 0 || ready == -EINTR { continue }
            if ready < 0 { throw BlueZError.from(ready, adapter: adapter, doing: "waiting for a central on \(adapter)") }
            let (client, peer) = calls.accept(fd)
            if client == -EAGAIN || client == -EINTR || client == -ECONNABORTED { continue }
            if client < 0 { throw BlueZError.from(client, adapter: adapter, doing: "accepting a central on \(adapter)") }
            return (client, BluetoothSocket.address(fromL2CAP: peer)?.description ?? "unknown")
        }
    }

    /// Stops advertising and listening.
    public func close() {
        guard !closed.withLock({ let was = $0; $0 = true; return was }) else { return }
        commands.sync {
            if let socket = hci.withLock({ $0 }) {
                try? socket.run(.setAdvertiseEnable(false))
                socket.close()
            }
            hci.withLock { $0 = nil }
        }
        accepting.sync {
            let fd = listener.withLock { fd -> Int32 in defer { fd = -1 }; return fd }
            if fd >= 0 { calls.close(fd) }
        }
    }
}
