import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The device side of a device emulated on usbdevfs by Tools/umockdev-mx, over the emulator's Unix socket.
///
/// Frames both ways: payload length (u32 little-endian), endpoint (u8), payload. From the emulator: endpoint
/// with bit 7 clear and not 0 — bulk OUT data; 0x00 — a forwarded class control request (8-byte setup, then its
/// data stage). To the emulator: endpoint with bit 7 set — bulk IN data; 0xFF — a command in ASCII: `plug`,
/// `unplug`, or `fault NAME` (Docs/USBLanes.md lists the faults). A connection starts with the device as the
/// emulator had it; the first command this side sends is the cable's state. The emulator's first frame is the
/// greeting, a command frame `ready`: only from then on does the host's bulk OUT come here, so the channel is
/// not made before it arrives.
public final class EmulatorSocketChannel: DeviceSideChannel {
    public let incoming: AsyncStream<DeviceSideInput>
    private let sink: AsyncStream<DeviceSideInput>.Continuation
    private let path: String
    private let fd: Int32
    private let inEndpoint: UInt8
    private let writeLock = Mutex(())
    private let stopping = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)

    /// The endpoint byte of command frames.
    public static let commandEndpoint: UInt8 = 0xFF

    /// The emulator's greeting: a command frame `ready`, sent once it routes the host's bulk OUT to this connection.
    static let greeting: [UInt8] = [5, 0, 0, 0, commandEndpoint] + Array("ready".utf8)

    /// How long the emulator may take to greet: it takes one connection at a time and may still be draining the last.
    public static let greetingTimeLimit: Duration = .seconds(10)

    /// Connects to the emulator's socket at `path` and waits for its greeting; `inEndpoint` is the device's bulk IN
    /// endpoint, which IN frames carry.
    public init(socket path: String, inEndpoint: UInt8) async throws(DeviceSideError) {
        self.path = path
        self.inEndpoint = inEndpoint
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.utf8.count < capacity else { throw .file(call: "connect", path: path, reason: "the path is longer than \(capacity - 1) bytes") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.enumerated() { raw[i] = byte }
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .file(call: "socket for", path: path, reason: PosixFile.errorText()) }
        let code = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard code == 0 else {
            let reason = PosixFile.errorText()
            Glibc.close(fd)
            throw .noEmulator(path: path, reason: reason)
        }
        // connect() returns while the connection waits in the emulator's backlog; a bulk OUT the host sent before
        // the emulator took it would find no device side and fail (LIBUSB_ERROR_IO, seen in a CI lane run).
        if let reason = await Self.awaitGreeting(fd) {
            Glibc.close(fd)
            throw .noEmulator(path: path, reason: reason)
        }
        self.fd = fd
        (incoming, sink) = AsyncStream.makeStream(of: DeviceSideInput.self, bufferingPolicy: .unbounded)
        let thread = Thread { [self] in readLoop() }
        thread.name = "rigkit.emulator-socket"
        thread.start()
    }

    /// Reads the greeting off `fd` on a thread of its own (the wait blocks); nil once it came, else why not.
    private static func awaitGreeting(_ fd: Int32) async -> String? {
        await withCheckedContinuation { (c: CheckedContinuation<String?, Never>) in
            DispatchQueue.global().async { c.resume(returning: readGreeting(fd)) }
        }
    }

    private static func readGreeting(_ fd: Int32) -> String? {
        let deadline = ContinuousClock.now + greetingTimeLimit
        let stop = { ContinuousClock.now >= deadline }
        let missing = { stop() ? "it did not take the connection within \(greetingTimeLimit)" : "it closed the connection before greeting" }
        // The header first: another first frame may be shorter than the greeting.
        guard let header = PosixFile.readExactly(fd, 5, stop: stop) else { return missing() }
        if header == Array(greeting[..<5]) {
            guard let payload = PosixFile.readExactly(fd, greeting.count - 5, stop: stop) else { return missing() }
            if header + payload == greeting { return nil }
        }
        return "its first frame was not the greeting `ready` (a Tools/umockdev-mx older than this RigKit? rebuild it)"
    }

    public func plug() async throws(DeviceSideError) { try command("plug") }

    public func unplug() async throws(DeviceSideError) { try command("unplug") }

    /// Sends a command frame (`plug`, `unplug`, `fault …`).
    public func command(_ text: String) throws(DeviceSideError) {
        guard frame(Self.commandEndpoint, Array(text.utf8)) else {
            throw .file(call: "send \(text.debugDescription) to", path: path, reason: "the emulator closed the connection")
        }
    }

    public func send(_ bytes: [UInt8]) -> Bool { frame(inEndpoint, bytes) }

    private func frame(_ endpoint: UInt8, _ payload: [UInt8]) -> Bool {
        let n = UInt32(payload.count)
        let header: [UInt8] = [UInt8(n & 0xFF), UInt8((n >> 8) & 0xFF), UInt8((n >> 16) & 0xFF), UInt8(n >> 24), endpoint]
        return writeLock.withLock { _ in PosixFile.writeAll(fd, header + payload) }
    }

    public func close() async {
        stopping.store(true, ordering: .relaxed)
        shutdown(fd, Int32(SHUT_RDWR))
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async { [done] in done.wait(); c.resume() }
        }
        Glibc.close(fd)
        sink.finish()
    }

    private func readLoop() {
        defer { done.signal() }
        let stop = { self.stopping.load(ordering: .relaxed) }
        while let header = PosixFile.readExactly(fd, 5, stop: stop) {
            let length = Int(header[0]) | Int(header[1]) << 8 | Int(header[2]) << 16 | Int(header[3]) << 24
            guard length <= 1 << 20, let payload = PosixFile.readExactly(fd, length, stop: stop) else { break }
            switch header[4] {
            case 0x00 where payload.count >= 8: sink.yield(.control(setup: Array(payload[..<8]), data: Array(payload[8...])))
            case let endpoint where endpoint & 0x80 == 0 && endpoint != 0: sink.yield(.bulkOut(payload))
            default: continue
            }
        }
        sink.finish()
    }
}
