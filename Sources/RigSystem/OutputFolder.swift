import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Folders replaced or removed without a half-made or half-deleted one ever in view: the folder counterpart of
/// `OutputFile`. A folder is renamed away to a hidden `.<name>.<pid>.<random>.removing` beside it (atomic) before it
/// is deleted, so a process killed while deleting leaves only that hidden folder, which the next call for the same
/// name removes once its process is gone.
public enum OutputFolder {
    /// Removes the folder at `path`, if there is one.
    public static func remove(_ path: String) {
        removeStaleTrash(of: path)
        let trash = trashPath(for: path)
        if rename(path, trash) == 0 { try? FileManager.default.removeItem(atPath: trash) }
    }

    /// Puts the finished folder `staging` (beside `path`, so the rename stays on one file system) at `path`, moving
    /// what was there away first: readers see the old folder, then briefly none, then the new one — never a mix.
    public static func moveIntoPlace(_ staging: String, at path: String) throws(FileWriteError) {
        removeStaleTrash(of: path)
        let trash = trashPath(for: path)
        let hadOld = rename(path, trash) == 0
        if !hadOld, errno != ENOENT { throw FileWriteError(path: path, reason: Errno.current.description) }
        guard rename(staging, path) == 0 else {
            let error = Errno.current
            if hadOld { _ = rename(trash, path) }   // put the old one back
            throw FileWriteError(path: path, reason: error.description)
        }
        if hadOld { try? FileManager.default.removeItem(atPath: trash) }
    }

    private static func trashPath(for path: String) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        return (parent as NSString).appendingPathComponent(".\(name).\(getpid()).\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).removing")
    }

    /// Deletes trash of `path` left by processes that no longer run.
    private static func removeStaleTrash(of path: String) {
        let parent = (path as NSString).deletingLastPathComponent
        let prefix = ".\((path as NSString).lastPathComponent)."
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent.isEmpty ? "." : parent) else { return }
        for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(".removing") {
            let parts = entry.dropFirst(prefix.count).dropLast(".removing".count).split(separator: ".")
            guard parts.count == 2, let pid = Int32(parts[0]) else { continue }
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(atPath: (parent as NSString).appendingPathComponent(entry))
            }
        }
    }
}
