/// Why a model file cannot be loaded or saved; every case names the file.
public enum ModelFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No file exists at the path.
    case notFound(path: String)
    /// The file exists but cannot be read.
    case unreadable(path: String, reason: String)
    /// The file is empty.
    case empty(path: String)
    /// The file ends before its JSON does: it was cut short.
    case truncated(path: String)
    /// The file is not valid JSON.
    case malformed(path: String, detail: String)
    /// The JSON is not a RigKit spectral model (its `format` field is missing or different).
    case notAModelFile(path: String, format: String?)
    /// The file was written by a newer RigKit than this one reads.
    case newerVersion(path: String, found: Int, supported: Int)
    /// The format version is not one this RigKit has ever written.
    case unsupportedVersion(path: String, found: Int)
    /// The model inside is incomplete or inconsistent, at the given JSON path.
    case invalidContent(path: String, field: String, detail: String)
    /// The model cannot be written.
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let path): "\(path): no such model file"
        case .unreadable(let path, let reason): "\(path): cannot read the model file: \(reason)"
        case .empty(let path): "\(path): the model file is empty"
        case .truncated(let path): "\(path): the model file is truncated (its JSON ends early); write it again"
        case .malformed(let path, let detail): "\(path): the model file is not valid JSON: \(detail)"
        case .notAModelFile(let path, let format):
            "\(path): not a RigKit spectral model file"
                + (format.map { " (format '\($0)', expected '\(ModelFile.formatIdentifier)')" } ?? " (no 'format' field)")
        case .newerVersion(let path, let found, let supported):
            "\(path): model file format version \(found) is newer than this RigKit reads (up to \(supported)); upgrade RigKit"
        case .unsupportedVersion(let path, let found):
            "\(path): model file format version \(found) does not exist (versions start at 1)"
        case .invalidContent(let path, let field, let detail):
            "\(path): invalid model at '\(field)': \(detail)"
        case .unwritable(let path, let reason): "\(path): cannot write the model file: \(reason)"
        }
    }
}
