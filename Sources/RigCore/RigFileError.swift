/// A rig file that cannot be used, with the file, the place in it and what was expected.
public enum RigFileError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read at all (missing, a directory, no permission).
    case unreadable(file: String, reason: String)
    /// The file is not valid JSON.
    case syntax(file: String, line: Int, column: Int, message: String)
    /// A value is missing or of the wrong kind; `path` is a JSON path such as `$.devices[1].kind`.
    case invalid(file: String, path: String, line: Int, column: Int, expected: String, found: String)
    /// A member the format does not define (often a typo); lists the members allowed there.
    case unknownMember(file: String, path: String, line: Int, column: Int, allowed: [String])

    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "\(file): cannot read rig file: \(reason)"
        case .syntax(let file, let line, let column, let message):
            "\(file):\(line):\(column): not valid JSON: \(message)"
        case .invalid(let file, let path, let line, let column, let expected, let found):
            "\(file):\(line):\(column): \(path): expected \(expected), found \(found)"
        case .unknownMember(let file, let path, let line, let column, let allowed):
            "\(file):\(line):\(column): \(path): unknown member; allowed here: \(allowed.joined(separator: ", "))"
        }
    }
}
