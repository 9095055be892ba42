import RigSystem

/// Streams lines to an output file as they come; `close()` puts the whole file in place or throws.
///
/// The lines go to `OutputFile`'s exclusive temporary file, each checked; a write that fails (a full disk, a file-size
/// limit) is kept, later lines are dropped, and `close()` throws it naming the file, leaving a trace from an earlier
/// run at the path untouched. A run that is killed leaves no partial file at the path.
public final class JSONLinesWriter: Sendable {
    /// The file the lines end up in.
    public var path: String { file.path }
    private let file: OutputFile

    /// Opens the output for `path`, creating its folder.
    public init(path: String) throws(FileWriteError) {
        file = try OutputFile(path: path)
    }

    /// Appends one line; a newline is added.
    public func write(line: String) {
        file.write(Array((line + "\n").utf8))
    }

    /// The first write error so far, if any.
    public var failure: FileWriteError? { file.failure }

    /// Syncs and moves the finished file into place, or throws the first write error.
    public func close() throws(FileWriteError) { try file.commit() }

    /// Drops what was written; the path keeps what it had.
    public func abandon() { file.abandon() }
}
