#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writes a file atomically: a temporary file in the same directory, flushed, then renamed over the target.
enum AtomicFileWriter {
    /// Why an atomic write failed, with the step and the `errno` text.
    struct Failure: Error, CustomStringConvertible {
        /// The system call that failed.
        let step: String
        /// The `strerror` text of `errno`.
        let reason: String

        var description: String { "\(step): \(reason)" }
    }

    /// Writes `data` to `path` by way of a temporary sibling file and `rename(2)`.
    static func write(_ data: Data, to path: String) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var generator = SystemRandomNumberGenerator()
        let temporary = directory + "/." + url.lastPathComponent + ".tmp-" + String(generator.next() as UInt64, radix: 16)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw Failure(step: "open \(temporary)", reason: lastError()) }
        var failure: Failure?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = Failure(step: "write \(temporary)", reason: lastError())
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = Failure(step: "fsync \(temporary)", reason: lastError()) }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 { failure = Failure(step: "rename to \(path)", reason: lastError()) }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #elseif canImport(Musl)
        Musl.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
