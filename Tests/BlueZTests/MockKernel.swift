import RigCore
import ATT
@testable import BlueZ
import Foundation
import Synchronization

/// A kernel and controller played in memory through `BlueZCalls`: it records every call with its bytes and
/// answers HCI commands the way a controller does, so the backend's plumbing is tested on a host with no Bluetooth.
final class MockKernel: Sendable {
    struct State {
        var calls: [String] = []
        var nextFD: Int32 = 10
        var hciSockets: Set<Int32> = []
        var listeners: Set<Int32> = []
        var pending: [Int32: [[UInt8]]] = [:]
        var commands: [[UInt8]] = []
        /// Tasks waiting in `called(_:)`, by the call they wait for.
        var waiters: [(entry: String, continuation: CheckedContinuation<Void, Never>)] = []
    }

    let state = Mutex(State())
    /// Errors to return, by call name (`socket`, `bind`, `connect`, `poll`, …), as negative errno.
    let failures: Mutex<[String: Int32]>
    /// Controller status per HCI opcode (default success).
    let statuses: Mutex<[UInt16: UInt8]>
    /// Event packets the controller sends once scanning is enabled.
    let reports: [[UInt8]]
    /// What `SO_ERROR` says after a non-blocking connect.
    let connectError: Int32
    let adapter: BlueZCalls.AdapterInfo

    init(failures: [String: Int32] = [:], statuses: [UInt16: UInt8] = [:], reports: [[UInt8]] = [], connectError: Int32 = 0,
         adapter: BlueZCalls.AdapterInfo = .init(name: "hci0", address: BluetoothAddress("AA:BB:CC:00:00:01")!, isUp: true)) {
        self.failures = Mutex(failures)
        self.statuses = Mutex(statuses)
        self.reports = reports
        self.connectError = connectError
        self.adapter = adapter
    }

    var calls: [String] { state.withLock { $0.calls } }
    var commands: [[UInt8]] { state.withLock { $0.commands } }

    private func log(_ entry: String) {
        let woken = state.withLock { s in
            s.calls.append(entry)
            let woken = s.waiters.filter { $0.entry == entry }.map(\.continuation)
            s.waiters.removeAll { $0.entry == entry }
            return woken
        }
        for continuation in woken { continuation.resume() }
    }

    /// Returns once `entry` has been called (at once if it already was): for a call another thread makes, waited for
    /// however long the host takes to run that thread, without polling a clock.
    func called(_ entry: String) async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { s in
                if s.calls.contains(entry) { return true }
                s.waiters.append((entry, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }
    private func failure(_ name: String) -> Int32? { failures.withLock { $0[name] } }
    private static func hex(_ bytes: [UInt8]) -> String { bytes.map { Hex.encode([$0]).uppercased() }.joined(separator: " ") }

    var syscalls: BlueZCalls {
        BlueZCalls(
            socket: { [self] domain, type, proto in
                log("socket(\(domain), \(type & 0xF), \(proto))")
                if let e = failure("socket") { return e }
                return state.withLock { s in
                    defer { s.nextFD += 1 }
                    if proto == BluetoothSocket.protocolHCI { s.hciSockets.insert(s.nextFD) }
                    return s.nextFD
                }
            },
            bind: { [self] fd, address in log("bind(\(fd), \(Self.hex(address)))"); return failure("bind") ?? 0 },
            connect: { [self] fd, address in log("connect(\(fd), \(Self.hex(address)))"); return failure("connect") ?? -EINPROGRESS },
            listen: { [self] fd, backlog in
                log("listen(\(fd), \(backlog))")
                state.withLock { _ = $0.listeners.insert(fd) }
                return failure("listen") ?? 0
            },
            accept: { [self] fd in
                log("accept(\(fd))")
                return (99, BluetoothSocket.l2capAddress(BluetoothAddress("11:22:33:44:55:66")!, type: .lePublic))
            },
            setOption: { [self] fd, level, name, value in
                log("setsockopt(\(fd), \(level), \(name), \(Self.hex(value)))")
                return failure("setsockopt") ?? 0
            },
            getOption: { [self] fd, level, name, size in
                log("getsockopt(\(fd), \(level), \(name), \(size))")
                return .success([0x40, 0x00, 0, 0, 0, 0])   // HCI handle 0x0040
            },
            pendingError: { [self] fd in log("SO_ERROR(\(fd))"); return connectError },
            setNonBlocking: { [self] fd, on in log("nonblocking(\(fd), \(on))"); return 0 },
            poll: { [self] fd, events, timeout in
                if let e = failure("poll") { return e }
                if events == BluetoothSocket.pollOut { log("poll(\(fd), out)"); return failure("poll-out") ?? Int32(BluetoothSocket.pollOut) }
                if state.withLock({ $0.listeners.contains(fd) }) { return Int32(BluetoothSocket.pollIn) }
                if !state.withLock({ $0.hciSockets.contains(fd) }) {   // a data socket with nothing to read
                    usleep(UInt32(min(timeout, 5)) * 1000)
                    return 0
                }
                let ready = state.withLock { !($0.pending[fd] ?? []).isEmpty }
                if !ready { usleep(UInt32(min(timeout, 5)) * 1000) }
                return ready ? Int32(BluetoothSocket.pollIn) : 0
            },
            read: { [self] fd, _ in
                state.withLock { s in
                    guard var queue = s.pending[fd], !queue.isEmpty else { return .success([]) }
                    let first = queue.removeFirst()
                    s.pending[fd] = queue
                    return .success(first)
                }
            },
            write: { [self] fd, bytes in
                state.withLock { $0.commands.append(bytes) }
                guard bytes.count >= 4, bytes[0] == 0x01 else { return Int32(bytes.count) }
                let opcode = UInt16(bytes[1]) | UInt16(bytes[2]) << 8
                let status = statuses.withLock { $0[opcode] ?? 0 }
                var events: [[UInt8]] = [[0x04, 0x0E, 0x04, 0x01, bytes[1], bytes[2], status]]
                if opcode == 0x200C, bytes.count > 4, bytes[4] == 1, status == 0 { events += reports }
                state.withLock { $0.pending[fd, default: []] += events }
                return Int32(bytes.count)
            },
            shutdown: { [self] fd in log("shutdown(\(fd))") },
            close: { [self] fd in log("close(\(fd))") },
            adapterID: { [self] name in log("adapterID(\(name))"); return failure("adapterID") ?? 0 },
            adapterInfo: { [self] _ in
                if let e = failure("adapterInfo") { return .failure(.init(code: -e)) }
                return .success(adapter)
            })
    }
}
