import Foundation
import SpectralAnalyzer

/// The versioned JSON file a `SpectralModel` is saved in.
///
/// The top level is `{"format": "rigkit.spectral-model", "formatVersion": 1, "model": {…}}`.
/// Readers check `format` and `formatVersion` before anything else, so a file from a newer
/// RigKit is refused with a clear error rather than half-read.
public enum ModelFile {
    /// The value of the `format` field.
    public static let formatIdentifier = "rigkit.spectral-model"
    /// The format version this code writes and the newest it reads.
    public static let currentVersion = 1

    private struct Header: Decodable {
        let format: String?
        let formatVersion: Int?
    }

    private struct Envelope: Codable {
        let format: String
        let formatVersion: Int
        let model: SpectralModel
    }

    /// The file contents for `model`; `path` names the destination in errors.
    public static func encode(_ model: SpectralModel, path: String = "(memory)") throws(ModelFileError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            return try encoder.encode(Envelope(format: formatIdentifier, formatVersion: currentVersion, model: model))
        } catch {
            throw .unwritable(path: path, reason: "the model cannot be encoded: \(error)")
        }
    }

    /// Decodes file contents; `path` names the file in errors.
    public static func decode(_ data: Data, path: String) throws(ModelFileError) -> SpectralModel {
        guard data.contains(where: { !isWhitespace($0) }) else { throw .empty(path: path) }
        do {
            _ = try JSONSerialization.jsonObject(with: data)
        } catch {
            if endsInsideAValue(data) { throw .truncated(path: path) }
            throw .malformed(path: path, detail: (error as NSError).localizedDescription)
        }
        let decoder = JSONDecoder()
        let header: Header
        do {
            header = try decoder.decode(Header.self, from: data)
        } catch {
            throw .notAModelFile(path: path, format: nil)
        }
        guard header.format == formatIdentifier else { throw .notAModelFile(path: path, format: header.format) }
        guard let version = header.formatVersion else {
            throw .invalidContent(path: path, field: "formatVersion", detail: "missing")
        }
        guard version <= currentVersion else {
            throw .newerVersion(path: path, found: version, supported: currentVersion)
        }
        guard version >= 1 else { throw .unsupportedVersion(path: path, found: version) }
        do {
            return try decoder.decode(Envelope.self, from: data).model
        } catch let error as DecodingError {
            let (field, detail) = describe(error)
            throw .invalidContent(path: path, field: field, detail: detail)
        } catch {
            throw .invalidContent(path: path, field: "", detail: String(describing: error))
        }
    }

    /// Loads the model at `path`.
    public static func load(path: String) throws(ModelFileError) -> SpectralModel {
        guard FileManager.default.fileExists(atPath: path) else { throw .notFound(path: path) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        return try decode(data, path: path)
    }

    /// Saves `model` to `path` atomically: a reader sees the old file or the new one, never a mixture.
    public static func save(_ model: SpectralModel, path: String) throws(ModelFileError) {
        let data = try encode(model, path: path)
        do {
            try AtomicFileWriter.write(data, to: path)
        } catch {
            throw .unwritable(path: path, reason: error.description)
        }
    }

    /// Whether the JSON text ends inside a string, an object or an array, as a file cut short does.
    private static func endsInsideAValue(_ data: Data) -> Bool {
        var depth = 0, inString = false, escaped = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return inString || depth > 0
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func describe(_ error: DecodingError) -> (field: String, detail: String) {
        let path = { (context: DecodingError.Context) in
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return (parent.isEmpty ? key.stringValue : "\(parent).\(key.stringValue)", "missing")
        case .typeMismatch(let type, let context):
            return (path(context), "expected \(type): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return (path(context), "expected \(type) but found null")
        case .dataCorrupted(let context):
            return (path(context), context.debugDescription)
        @unknown default:
            return ("", String(describing: error))
        }
    }
}
