/// A file could not be written; the file that was there before (if any) is untouched.
public struct FileWriteError: Error, Equatable, CustomStringConvertible {
    /// The file RigKit tried to write.
    public var path: String
    /// What the system said (or why RigKit refused).
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot write \(path): \(reason)" }
}
