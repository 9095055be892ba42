import Foundation
import RigSystem
import SpectralAnalyzer

/// The versioned JSON file a `SpectralModel` is saved in.
///
/// The top level is `{"format": "rigkit.spectral-model", "formatVersion": 1, "model": {…}}`.
/// Readers check `format` and `formatVersion` before anything else, so a file from a newer
/// RigKit is refused with a clear error rather than half-read.
public enum ModelFile {
    /// The value of the `format` field.
    public static let formatIdentifier = "rigkit.spectral-model"
    /// The newest format version this code reads and writes.
    ///
    /// Version 2 added SIMCA models (`method`, `simca`) and grouped cross-validation
    /// (`training.groupColumn`, `training.groups`).
    /// A model is written with the oldest version that holds it, so files older RigKits can read
    /// stay readable by them.
    public static let currentVersion = 2

    /// The oldest format version that can hold `model`.
    public static func version(for model: SpectralModel) -> Int {
        model.method != .pls || model.training.groups != nil ? 2 : 1
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
            return try encoder.encode(Envelope(format: formatIdentifier, formatVersion: version(for: model), model: model))
        } catch {
            throw .unwritable(path: path, reason: "the model cannot be encoded: \(error)")
        }
    }

    /// Decodes file contents; `path` names the file in errors.
    public static func decode(_ data: Data, path: String) throws(ModelFileError) -> SpectralModel {
        guard data.contains(where: { !isWhitespace($0) }) else { throw .empty(path: path) }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            if endsInsideAValue(data) { throw .truncated(path: path) }
            throw .malformed(path: path, detail: (error as NSError).localizedDescription)
        }
        guard let top = object as? [String: Any] else { throw .notAModelFile(path: path, format: nil) }
        guard let format = top["format"] as? String else {
            throw .notAModelFile(path: path, format: top["format"].map { String(describing: $0) })
        }
        guard format == formatIdentifier else { throw .notAModelFile(path: path, format: format) }
        let version = try formatVersion(top["formatVersion"], path: path)
        guard version <= currentVersion else {
            throw .newerVersion(path: path, found: version, supported: currentVersion)
        }
        guard version >= 1 else { throw .unsupportedVersion(path: path, found: version) }
        if let unknown = ModelFileSchema.envelope(version: version).firstUnknownMember(in: top) {
            throw .invalidContent(path: path, field: unknown, detail: "unknown member (not part of format version \(version))")
        }
        do {
            return try JSONDecoder().decode(Envelope.self, from: data).model
        } catch let error as DecodingError {
            let (field, detail) = describe(error)
            throw .invalidContent(path: path, field: field, detail: detail)
        } catch {
            throw .invalidContent(path: path, field: "", detail: String(describing: error))
        }
    }

    /// The format version from the `formatVersion` member: an integer that fits in `Int`.
    private static func formatVersion(_ value: Any?, path: String) throws(ModelFileError) -> Int {
        guard let value else { throw .invalidContent(path: path, field: "formatVersion", detail: "missing") }
        guard let number = value as? NSNumber, number.doubleValue.rounded() == number.doubleValue else {
            throw .invalidContent(path: path, field: "formatVersion", detail: "expected an integer, found \(value)")
        }
        guard let version = Int(exactly: number.doubleValue) else {
            throw .invalidContent(
                path: path, field: "formatVersion",
                detail: "\(number.stringValue) is not a format version (this RigKit reads 1…\(currentVersion))")
        }
        return version
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
        do { try OutputFile.write(data, to: path, createFolder: false) } catch { throw .unwritable(path: path, reason: error.reason) }
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
            context.codingPath.reduce(into: "") { text, key in
                if let index = key.intValue {
                    text += "[\(index)]"
                } else if key.stringValue.hasPrefix("[") {
                    text += key.stringValue
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
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
