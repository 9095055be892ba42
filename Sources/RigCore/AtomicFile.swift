import Foundation

/// Writing files so that a reader never sees half of one and an old copy is never lost.
public enum AtomicFile {
    /// Writes `data` to `path` through a temporary file in the same directory and a rename.
    public static func write(_ data: Data, to path: String) throws(FileWriteError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: temporary)
            if rename(temporary.path, url.path) != 0 {
                let code = errno
                try? FileManager.default.removeItem(at: temporary)
                throw FileWriteError(path: path, reason: String(cString: strerror(code)))
            }
        } catch let error as FileWriteError {
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw FileWriteError(path: path, reason: error.localizedDescription)
        }
    }
}

/// A file could not be written.
public struct FileWriteError: Error, Equatable, CustomStringConvertible {
    /// The file RigKit tried to write.
    public var path: String
    /// What the system said.
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot write \(path): \(reason)" }
}
