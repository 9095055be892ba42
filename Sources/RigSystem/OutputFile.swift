#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// One output file written so that it never lies and never destroys: the only way RigKit writes files users keep.
///
/// The bytes go to a temporary file created exclusively (`O_CREAT|O_EXCL|O_NOFOLLOW`, a name no one can predict:
/// `.<name>.<pid>.<random>.tmp`) in the target's folder. Every write is checked; the first failure is kept and
/// `commit()` throws it, naming the file and the system's words, and removes the temporary file, so the file that
/// was at the path before stays as it was. `commit()` syncs the file, renames it over the target and syncs the
/// folder: a crash leaves the old file or the new one, never a torn one.
///
/// What is at the path decides the rest: a symbolic link is followed (its target is replaced, the link stays);
/// a character device or FIFO (`/dev/null`, `/dev/stdout`, a named pipe) is written in place, as the user means;
/// a directory, socket or block device is refused before anything is written.
public final class OutputFile: Sendable {
    /// The path the caller named.
    public let path: String
    private let target: String
    private let temporary: String?
    private let state: Mutex<(fd: Int32, error: String?, done: Bool)>

    /// Opens an output for `path`; its folder is created when missing unless `createFolder` is false (then a missing
    /// folder is an error, as for a model file named by hand).
    public init(path: String, createFolder: Bool = true) throws(FileWriteError) {
        self.path = path
        let resolved = try Self.resolve(path)
        target = resolved.path
        if resolved.inPlace {
            let fd = Glibc.open(resolved.path, O_WRONLY | O_CLOEXEC | O_APPEND)
            guard fd >= 0 else { throw FileWriteError(path: path, reason: Self.errorText(errno)) }
            temporary = nil
            state = Mutex((fd, nil, false))
            return
        }
        let directory = (resolved.path as NSString).deletingLastPathComponent
        let name = (resolved.path as NSString).lastPathComponent
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: directory.isEmpty ? "." : directory, isDirectory: &isFolder) {
            guard createFolder else { throw FileWriteError(path: path, reason: "its folder \(directory) does not exist") }
            do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
                throw FileWriteError(path: path, reason: "cannot create its folder \(directory): \(error.localizedDescription)")
            }
        } else if !isFolder.boolValue {
            throw FileWriteError(path: path, reason: "\(directory) is a file, not a folder")
        }
        Self.removeStaleTemporaries(of: name, in: directory)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<16 {
            let candidate = (directory as NSString).appendingPathComponent(
                ".\(name).\(getpid()).\(String(generator.next() as UInt64, radix: 16)).tmp")
            let fd = Glibc.open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if fd >= 0 {
                temporary = candidate
                state = Mutex((fd, nil, false))
                return
            }
            if errno != EEXIST { throw FileWriteError(path: path, reason: Self.errorText(errno)) }
        }
        throw FileWriteError(path: path, reason: "could not create a temporary file beside it")
    }

    /// Writes `bytes` (all of them, or remembers why not); later writes after a failure do nothing.
    public func write(_ bytes: some Collection<UInt8>) {
        let buffer = Array(bytes)
        state.withLock { state in
            guard state.error == nil, !state.done else { return }
            var offset = 0
            while offset < buffer.count {
                let written = buffer[offset...].withUnsafeBytes { Glibc.write(state.fd, $0.baseAddress, $0.count) }
                if written < 0 {
                    if errno == EINTR { continue }
                    state.error = Self.errorText(errno)
                    return
                }
                if written == 0 {
                    state.error = "the system wrote nothing (disk full?)"
                    return
                }
                offset += written
            }
        }
    }

    /// The first write error so far, if any.
    public var failure: FileWriteError? {
        state.withLock { $0.error }.map { FileWriteError(path: path, reason: $0) }
    }

    /// Makes the written bytes the file at the path, or throws and leaves the old file untouched.
    public func commit() throws(FileWriteError) {
        let (fd, error, done) = state.withLock { state -> (Int32, String?, Bool) in
            defer { state.done = true }
            return (state.fd, state.error, state.done)
        }
        guard !done else { return }
        var failure = error
        if failure == nil, temporary != nil, fsync(fd) != 0 { failure = Self.errorText(errno) }
        if Glibc.close(fd) != 0, failure == nil { failure = Self.errorText(errno) }
        guard let temporary else {
            if let failure { throw FileWriteError(path: path, reason: failure) }
            return
        }
        if failure == nil, rename(temporary, target) != 0 { failure = Self.errorText(errno) }
        if let failure {
            unlink(temporary)
            throw FileWriteError(path: path, reason: failure)
        }
        Self.syncDirectory(of: target)
    }

    /// Gives up: the temporary file is removed and the path keeps what it had.
    public func abandon() {
        let (fd, done) = state.withLock { state -> (Int32, Bool) in
            defer { state.done = true }
            return (state.fd, state.done)
        }
        guard !done else { return }
        Glibc.close(fd)
        if let temporary { unlink(temporary) }
    }

    deinit { abandon() }

    /// Writes `bytes` to `path` in one go: the old file or the whole new one, never a mix.
    public static func write(_ bytes: some Collection<UInt8>, to path: String, createFolder: Bool = true) throws(FileWriteError) {
        let file = try OutputFile(path: path, createFolder: createFolder)
        file.write(bytes)
        try file.commit()
    }

    /// Whether two paths name the same file: the same path after resolving links, or the same inode.
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        let ra = normalized((try? resolve(a).path) ?? a), rb = normalized((try? resolve(b).path) ?? b)
        if ra == rb { return true }
        var sa = stat(), sb = stat()
        return stat(ra, &sa) == 0 && stat(rb, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    // MARK: Inside

    /// `path` without `.`, `..` and doubled slashes (it need not exist).
    static func normalized(_ path: String) -> String { URL(fileURLWithPath: path).standardized.path }

    /// The path to write (links followed) and whether it is written in place (a device or FIFO).
    static func resolve(_ path: String) throws(FileWriteError) -> (path: String, inPlace: Bool) {
        guard !path.isEmpty, !path.hasSuffix("/") else { throw FileWriteError(path: path, reason: "a file name is needed, not a folder") }
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                if errno == ENOENT { return (current, false) }
                throw FileWriteError(path: path, reason: errorText(errno))
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return (current, false)
            case S_IFLNK:
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let count = readlink(current, &buffer, buffer.count - 1)
                guard count > 0 else { throw FileWriteError(path: path, reason: errorText(errno)) }
                let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                current = link.hasPrefix("/") ? link : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(link)
            case S_IFCHR, S_IFIFO: return (current, true)
            case S_IFDIR: throw FileWriteError(path: path, reason: "it is a directory")
            case S_IFSOCK: throw FileWriteError(path: path, reason: "it is a socket; RigKit does not replace it")
            case S_IFBLK: throw FileWriteError(path: path, reason: "it is a block device; RigKit does not write to it")
            default: throw FileWriteError(path: path, reason: "it is not a regular file")
            }
        }
        throw FileWriteError(path: path, reason: "too many levels of symbolic links")
    }

    /// Removes temporary files of `name` left by RigKit processes that no longer run (a killed run).
    ///
    /// A folder is listed once per process, at its first write: a scan writing a chunk a second into one folder
    /// listed it anew for each chunk, quadratic in the chunks (a two-hour scan spent 20 s listing 7200 entries 7200
    /// times). What a process that dies later leaves is removed by the next process that writes there.
    private static func removeStaleTemporaries(of name: String, in directory: String) {
        let folder = directory.isEmpty ? "." : directory
        let listed = staleTemporaries.withLock { $0[folder] != nil }
        if !listed {
            let found = findStaleTemporaries(in: folder)
            staleTemporaries.withLock { folders in
                if folders[folder] == nil { folders[folder] = found }
            }
        }
        let stale = staleTemporaries.withLock { $0[folder]?.removeValue(forKey: name) } ?? []
        for entry in stale { unlink((folder as NSString).appendingPathComponent(entry)) }
    }

    /// Per folder listed by this process: the stale temporary files in it, by the name of the file they were for.
    private static let staleTemporaries = Mutex<[String: [String: [String]]]>([:])

    /// The temporary files in `folder` (`.<name>.<pid>.<hex>.tmp`) whose process no longer runs, by name.
    private static func findStaleTemporaries(in folder: String) -> [String: [String]] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [:] }
        var stale: [String: [String]] = [:]
        for entry in entries where entry.hasPrefix(".") && entry.hasSuffix(".tmp") {
            let parts = entry.dropFirst().dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count >= 3, let pid = Int32(parts[parts.count - 2]), UInt64(parts[parts.count - 1], radix: 16) != nil else { continue }
            let name = parts.dropLast(2).joined(separator: ".")
            if !name.isEmpty, kill(pid, 0) != 0 && errno == ESRCH { stale[name, default: []].append(entry) }
        }
        return stale
    }

    private static func syncDirectory(of path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        let fd = Glibc.open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        Glibc.close(fd)
    }

    static func errorText(_ code: Int32) -> String { Errno(code: code).description }
}
