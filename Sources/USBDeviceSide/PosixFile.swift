import RigCore
#if canImport(Glibc)
import Glibc
#endif

/// Small POSIX helpers the channels share: whole writes, reads that wake up to check for a stop, errno text.
enum PosixFile {
    static func errorText(_ code: Int32 = errno) -> String { Errno(code: code).description }

    /// Writes all of `bytes` to `fd`; false on any failure (hang-up, closed peer).
    ///
    /// On a non-blocking descriptor (the gadget tty) a full buffer (EAGAIN) is waited out with `poll` for up to
    /// `stallMilliseconds` at a time: u_serial's tty buffer holds 8 KB, a result image is about 77 KB, and the host
    /// side drains it only as fast as its bulk IN transfers go (slowly under TCG). Returning early there cut the
    /// image short, and the reader waited for the rest forever.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], stallMilliseconds: Int32 = 5000) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                let ready = poll(&p, 1, stallMilliseconds)
                if ready < 0 && errno == EINTR { continue }
                guard ready > 0, p.revents & Int16(POLLOUT) != 0 else { return false }   // stalled, hung up or failed
                continue
            }
            if n <= 0 { return false }
            done += n
        }
        return true
    }

    private static func send(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        // MSG_NOSIGNAL on sockets; plain write on everything else (ENOTSOCK).
        let n = Glibc.send(fd, pointer, count, Int32(MSG_NOSIGNAL))
        if n < 0 && errno == ENOTSOCK { return Glibc.write(fd, pointer, count) }
        return n
    }

    /// Waits up to `milliseconds` for `fd` to be readable; true when it is (or has hung up).
    static func readable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, milliseconds) > 0
    }

    /// Reads what is there (at most `max` bytes): nil at end of file or on an error other than EINTR/EAGAIN, [] when nothing yet.
    static func readSome(_ fd: Int32, max: Int = 4096) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: max)
        let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
        if n < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
        if n <= 0 { return nil }
        return Array(buffer[..<n])
    }

    /// Reads exactly `count` bytes, checking `stop` while waiting; nil at end of file, on an error or when stopped.
    static func readExactly(_ fd: Int32, _ count: Int, stop: () -> Bool) -> [UInt8]? {
        var out: [UInt8] = []
        while out.count < count {
            if stop() { return nil }
            guard readable(fd, milliseconds: 200) else { continue }
            guard let some = readSome(fd, max: count - out.count) else { return nil }
            out += some
        }
        return out
    }

    /// The text of a small file (sysfs, configfs), without the trailing newline; nil when unreadable.
    static func readText(_ path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var out: [UInt8] = []
        while let some = readSome(fd), !some.isEmpty { out += some }
        var text = String(decoding: out, as: UTF8.self)
        while text.last == "\n" { text.removeLast() }
        return text
    }

    /// Writes `text` to a small file (a sysfs or configfs attribute) in one write.
    static func writeText(_ path: String, _ text: String) throws(DeviceSideError) {
        let fd = open(path, O_WRONLY)
        guard fd >= 0 else { throw .file(call: "open", path: path, reason: errorText()) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) }
        guard n == bytes.count else { throw .file(call: "write \(text.debugDescription) to", path: path, reason: errorText()) }
    }
}
