import RigCore
import CBlueZShim
import Foundation

/// Every system call the BlueZ backend makes, in one place, as swift-system does it.
///
/// Each call returns a non-negative result or `-errno`. `live` calls the kernel;
/// tests pass their own closures to check the bytes that cross (socket
/// addresses, options, HCI commands) and to play the kernel's answers,
/// including its errors, on a host with no Bluetooth.
struct BlueZCalls: Sendable {
    /// `socket(domain, type, protocol)`.
    var socket: @Sendable (_ domain: Int32, _ type: Int32, _ proto: Int32) -> Int32
    /// `bind(fd, address)` with the address as its bytes.
    var bind: @Sendable (_ fd: Int32, _ address: [UInt8]) -> Int32
    /// `connect(fd, address)`; a non-blocking socket answers `-EINPROGRESS`.
    var connect: @Sendable (_ fd: Int32, _ address: [UInt8]) -> Int32
    /// `listen(fd, backlog)`.
    var listen: @Sendable (_ fd: Int32, _ backlog: Int32) -> Int32
    /// `accept(fd)`: the new socket and the peer's address bytes.
    var accept: @Sendable (_ fd: Int32) -> (fd: Int32, peer: [UInt8])
    /// `setsockopt(fd, level, name, value)`.
    var setOption: @Sendable (_ fd: Int32, _ level: Int32, _ name: Int32, _ value: [UInt8]) -> Int32
    /// `getsockopt(fd, level, name)` into `size` bytes: the value's bytes or the errno.
    var getOption: @Sendable (_ fd: Int32, _ level: Int32, _ name: Int32, _ size: Int) -> Result<[UInt8], Errno>
    /// `getsockopt(fd, SOL_SOCKET, SO_ERROR)`: the pending error (0 when none) or `-errno`.
    var pendingError: @Sendable (_ fd: Int32) -> Int32
    /// Switches `O_NONBLOCK` on or off.
    var setNonBlocking: @Sendable (_ fd: Int32, _ on: Bool) -> Int32
    /// `poll` on one descriptor: its `revents`, 0 on time-out.
    var poll: @Sendable (_ fd: Int32, _ events: Int16, _ timeoutMilliseconds: Int32) -> Int32
    /// `read` into a buffer of `capacity` bytes: the bytes (empty at end of stream) or `-errno`.
    var read: @Sendable (_ fd: Int32, _ capacity: Int) -> Result<[UInt8], Errno>
    /// `write` of all of `bytes`: the count written or `-errno`.
    var write: @Sendable (_ fd: Int32, _ bytes: [UInt8]) -> Int32
    /// `shutdown(fd, SHUT_RDWR)`: wakes a thread polling the socket without freeing its number.
    var shutdown: @Sendable (_ fd: Int32) -> Void
    /// `close(fd)`.
    var close: @Sendable (_ fd: Int32) -> Void
    /// The id of adapter `hciN` (`HCIGETDEVLIST`), or of the first adapter for an empty name.
    var adapterID: @Sendable (_ name: String) -> Int32
    /// `HCIGETDEVINFO`: the adapter's state and address.
    var adapterInfo: @Sendable (_ id: Int32) -> Result<AdapterInfo, Errno>

    /// What `HCIGETDEVINFO` says about an adapter.
    struct AdapterInfo: Equatable, Sendable {
        var name: String
        var address: BluetoothAddress
        var isUp: Bool
    }
}

extension BlueZCalls {
    private static func result(_ r: Int32) -> Int32 { r < 0 ? -errno : r }

    /// The kernel.
    static let live = BlueZCalls(
        socket: { result(Glibc.socket($0, $1, $2)) },
        bind: { fd, address in result(address.withUnsafeBytes { Glibc.bind(fd, $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count)) }) },
        connect: { fd, address in result(address.withUnsafeBytes { Glibc.connect(fd, $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count)) }) },
        listen: { result(Glibc.listen($0, $1)) },
        accept: { fd in
            var storage = [UInt8](repeating: 0, count: 32)
            var length = socklen_t(storage.count)
            let client = storage.withUnsafeMutableBytes {
                Glibc.accept(fd, $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), &length)
            }
            if client >= 0 { _ = fcntl(client, F_SETFD, FD_CLOEXEC) }
            return client < 0 ? (-errno, []) : (client, Array(storage.prefix(Int(length))))
        },
        setOption: { fd, level, name, value in
            result(value.withUnsafeBytes { Glibc.setsockopt(fd, level, name, $0.baseAddress, socklen_t($0.count)) })
        },
        getOption: { fd, level, name, size in
            var value = [UInt8](repeating: 0, count: size)
            var length = socklen_t(size)
            let r = value.withUnsafeMutableBytes { Glibc.getsockopt(fd, level, name, $0.baseAddress, &length) }
            return r < 0 ? .failure(Errno(code: errno)) : .success(Array(value.prefix(Int(length))))
        },
        pendingError: { fd in
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            return Glibc.getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) < 0 ? -errno : error
        },
        setNonBlocking: { fd, on in
            let flags = fcntl(fd, F_GETFL)
            if flags < 0 { return -errno }
            return result(fcntl(fd, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK))
        },
        poll: { fd, events, timeout in
            var p = pollfd(fd: fd, events: events, revents: 0)
            let r = Glibc.poll(&p, 1, timeout)
            return r < 0 ? -errno : (r == 0 ? 0 : Int32(p.revents))
        },
        read: { fd, capacity in
            var buffer = [UInt8](repeating: 0, count: capacity)
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, capacity) }
            return n < 0 ? .failure(Errno(code: errno)) : .success(Array(buffer.prefix(n)))
        },
        write: { fd, bytes in
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            return n < 0 ? -errno : Int32(n)
        },
        shutdown: { _ = Glibc.shutdown($0, Int32(SHUT_RDWR)) },
        close: { _ = Glibc.close($0) },
        adapterID: { name in name.withCString { rigkit_hci_adapter($0) } },
        adapterInfo: { id in
            var address = [CChar](repeating: 0, count: 18)
            var name = [CChar](repeating: 0, count: 9)
            let up = rigkit_hci_info(id, &name, &address)
            if up < 0 { return .failure(Errno(code: -up)) }
            let text = String(decoding: address.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let label = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard let parsed = BluetoothAddress(text) else { return .failure(Errno(code: EIO)) }
            return .success(AdapterInfo(name: label, address: parsed, isUp: up == 1))
        })
}
