import Foundation
import Synchronization

/// Streams lines to `<path>.partial` as they come and renames it to `path` when closed.
///
/// Each line goes out in one `write(2)`, so a run killed at any moment leaves
/// `<path>.partial` holding only whole lines (a valid JSON Lines prefix), and a
/// trace from an earlier run at `path` is replaced only by a complete one.
public final class JSONLinesWriter: Sendable {
    /// The file the lines end up in.
    public let path: String
    private let descriptor: Mutex<Int32>

    /// Opens `<path>.partial` for writing, creating its directory.
    public init(path: String) throws(FileWriteError) {
        self.path = path
        let partial = path + ".partial"
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let fd = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileWriteError(path: partial, reason: String(cString: strerror(errno))) }
        descriptor = Mutex(fd)
    }

    /// Appends one line; a newline is added.
    public func write(line: String) {
        let bytes = Array((line + "\n").utf8)
        descriptor.withLock { fd in
            guard fd >= 0 else { return }
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// Flushes to disk and moves the finished file into place.
    public func close() throws(FileWriteError) {
        let fd = descriptor.withLock { fd -> Int32 in defer { fd = -1 }; return fd }
        guard fd >= 0 else { return }
        fsync(fd)
        Foundation.close(fd)
        if rename(path + ".partial", path) != 0 {
            throw FileWriteError(path: path, reason: String(cString: strerror(errno)))
        }
    }
}
