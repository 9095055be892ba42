/// Why the scan cache cannot store, read or remove a reading; names the file.
public enum ScanCacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name is empty, too long, leaves the cache folder or holds characters other than letters, digits, `.`, `_` and `-`.
    case invalidFileName(String, reason: String)
    /// No cached reading has this name.
    case notFound(file: String)
    /// The file exists but is not a readable cached reading.
    case corrupt(file: String, reason: String)
    /// The phone's free storage cannot hold the file: free some storage and store again.
    case storageFull(file: String, neededBytes: Int64, freeBytes: Int64)
    /// The reading could not be written or removed.
    case ioFailed(file: String, reason: String)

    public var description: String {
        switch self {
        case .invalidFileName(let name, let reason): "\"\(name)\" is not a valid scan file name: \(reason)"
        case .notFound(let file): "no cached scan \(file)"
        case .corrupt(let file, let reason): "cached scan \(file) is corrupt: \(reason)"
        case .storageFull(let file, let needed, let free):
            "Failed to save scan \(file): the phone's storage is full (\(needed) bytes needed, \(free) free); free some storage"
        case .ioFailed(let file, let reason): "cannot write or remove cached scan \(file): \(reason)"
        }
    }
}
