/// Why an image file could not be read or written; every case names the file.
public enum ImageFileError: Error, Equatable, CustomStringConvertible {
    /// The file could not be opened or read (path, the system's reason).
    case unreadable(path: String, reason: String)
    /// The file's first bytes are not PNG, JPEG or PGM (path).
    case unknownFormat(path: String)
    /// The file is in a known format but damaged or cut short (path, format, what the decoder said).
    case corrupt(path: String, format: ImageFormat, reason: String)
    /// The file could not be written (path, reason).
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "\(path): cannot read: \(reason)"
        case let .unknownFormat(path): "\(path): not a PNG, JPEG or PGM image"
        case let .corrupt(path, format, reason): "\(path): bad \(format.rawValue.uppercased()) image: \(reason)"
        case let .unwritable(path, reason): "\(path): cannot write: \(reason)"
        }
    }

    /// The file the error is about.
    public var path: String {
        switch self {
        case let .unreadable(path, _), let .unknownFormat(path), let .corrupt(path, _, _), let .unwritable(path, _): path
        }
    }
}

/// The image file formats RigKit reads.
public enum ImageFormat: String, Sendable {
    case png, jpeg, pgm
}
