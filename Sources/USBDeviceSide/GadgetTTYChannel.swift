import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The device side of a CDC ACM gadget function on a real kernel USB stack (configfs gadget on a UDC such as dummy_hcd's).
///
/// What the host sends on bulk OUT arrives on the gadget tty (`/dev/ttyGS<n>`); what is written to it goes out on
/// bulk IN. The tty is opened raw (no echo, no line discipline) and reopened whenever it hangs up. The cable is the
/// gadget's `UDC` file in configfs: writing the UDC's name binds the gadget (the host enumerates it), an empty line
/// unbinds it (the host sees a disconnect). CDC control requests are answered by the kernel's ACM function and
/// never reach this process.
public final class GadgetTTYChannel: DeviceSideChannel {
    public let incoming: AsyncStream<DeviceSideInput>
    private let sink: AsyncStream<DeviceSideInput>.Continuation
    private let ttyPath: String
    private let udcFile: String
    private let udc: String
    private let state = Mutex(State())
    private let done = DispatchSemaphore(value: 0)

    private struct State {
        var fd: Int32 = -1
        var stopping = false
    }

    /// Serves `tty`; `gadget` is the configfs gadget directory, `udc` the controller it binds to when plugged.
    public init(tty: String, gadget: String, udc: String) {
        ttyPath = tty
        udcFile = gadget + "/UDC"
        self.udc = udc
        (incoming, sink) = AsyncStream.makeStream(of: DeviceSideInput.self, bufferingPolicy: .unbounded)
        let thread = Thread { [self] in readLoop() }
        thread.name = "rigkit.gadget-tty"
        thread.start()
    }

    public func plug() async throws(DeviceSideError) {
        guard PosixFile.readText(udcFile) != udc else { return }
        try PosixFile.writeText(udcFile, udc + "\n")
    }

    public func unplug() async throws(DeviceSideError) {
        guard let bound = PosixFile.readText(udcFile) else { throw .file(call: "read", path: udcFile, reason: PosixFile.errorText()) }
        guard !bound.isEmpty else { return }
        try PosixFile.writeText(udcFile, "\n")
    }

    public func send(_ bytes: [UInt8]) -> Bool {
        state.withLock { s in s.fd >= 0 && PosixFile.writeAll(s.fd, bytes) }
    }

    public func close() async {
        state.withLock { $0.stopping = true }
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async { [done] in done.wait(); c.resume() }
        }
        sink.finish()
    }

    private var stopping: Bool { state.withLock { $0.stopping } }

    /// Opens the tty (waiting while it is absent), forwards what it reads until it hangs up, and again, until `close()`.
    private func readLoop() {
        defer { done.signal() }
        while !stopping {
            let fd = Glibc.open(ttyPath, O_RDWR | O_NOCTTY | O_NONBLOCK)
            guard fd >= 0 else { usleep(200_000); continue }
            var settings = termios()
            if tcgetattr(fd, &settings) == 0 {
                cfmakeraw(&settings)
                _ = tcsetattr(fd, TCSANOW, &settings)
            }
            state.withLock { $0.fd = fd }
            while !stopping {
                guard PosixFile.readable(fd, milliseconds: 200) else { continue }
                guard let bytes = PosixFile.readSome(fd) else { break }   // hung up: the gadget was unbound
                if !bytes.isEmpty { sink.yield(.bulkOut(bytes)) }
            }
            state.withLock { $0.fd = -1 }
            Glibc.close(fd)
            if !stopping { usleep(100_000) }
        }
    }
}
