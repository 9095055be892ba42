/// Why the scan cache cannot store, read or remove a reading; names the file.
public enum ScanCacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name is empty, too long, leaves the cache folder or holds characters other than letters, digits, `.`, `_` and `-`.
    case invalidFileName(String, reason: String)
    /// No cached reading has this name.
    case notFound(file: String)
    /// The file exists but is not a readable cached reading.
    case corrupt(file: String, reason: String)
    /// The reading could not be written or removed.
    case ioFailed(file: String, reason: String)

    public var description: String {
        switch self {
        case .invalidFileName(let name, let reason): "\"\(name)\" is not a valid scan file name: \(reason)"
        case .notFound(let file): "no cached scan \(file)"
        case .corrupt(let file, let reason): "cached scan \(file) is corrupt: \(reason)"
        case .ioFailed(let file, let reason): "cannot write or remove cached scan \(file): \(reason)"
        }
    }
}
