import Foundation
import RigCore
import Spectrometer

/// The SDK's `SampleFileUtils`: readings stored on the phone by file name, to analyze later.
///
/// Files are JSON (`{"format": "rigkit.scio-reading", "formatVersion": 1, "reading": {…}}`)
/// written atomically (temporary file and rename), so a crash never leaves half
/// a reading. Names are 1–100 characters of letters, digits, `.`, `_` and `-`,
/// not starting with `.`, so a name can never leave the cache folder.
public struct ScanCache: Sendable {
    /// The cache folder.
    public let directory: URL
    static let format = "rigkit.scio-reading"
    static let formatVersion = 1

    public init(directory: URL) { self.directory = directory }

    /// Stores `reading` as `fileName`, replacing an older one of that name (`storeToDisk`).
    public func store(_ reading: ScioReading, fileName: String) throws(ScanCacheError) {
        let path = try self.path(fileName)
        let data: Data
        do { data = try JSONEncoder().encode(CachedReading(format: Self.format, formatVersion: Self.formatVersion, reading: reading)) } catch {
            throw .ioFailed(file: path, reason: "\(error)")
        }
        do { try OutputFile.write(data, to: path) } catch { throw .ioFailed(file: path, reason: error.reason) }
    }

    /// Reads the reading stored as `fileName` (`readArchiveWithFileName`).
    public func read(fileName: String) throws(ScanCacheError) -> ScioReading {
        let path = try self.path(fileName)
        guard FileManager.default.fileExists(atPath: path) else { throw .notFound(file: path) }
        guard let data = FileManager.default.contents(atPath: path) else { throw .corrupt(file: path, reason: "unreadable") }
        let cached: CachedReading
        do { cached = try JSONDecoder().decode(CachedReading.self, from: data) } catch {
            throw .corrupt(file: path, reason: data.isEmpty ? "the file is empty" : "not a cached reading (\(Self.summary(error)))")
        }
        guard cached.format == Self.format else { throw .corrupt(file: path, reason: "format is \"\(cached.format)\", not \(Self.format)") }
        guard cached.formatVersion == Self.formatVersion else {
            throw .corrupt(file: path, reason: "format version \(cached.formatVersion); this RigKit reads version \(Self.formatVersion)")
        }
        let reading = cached.reading
        guard !reading.reflectance.isEmpty, reading.reflectance.count == reading.wavelengths.count else {
            throw .corrupt(file: path, reason: "\(reading.reflectance.count) reflectance values for \(reading.wavelengths.count) wavelengths")
        }
        guard (reading.reflectance + reading.wavelengths).allSatisfy(\.isFinite) else { throw .corrupt(file: path, reason: "non-finite values") }
        return reading
    }

    /// Removes the reading stored as `fileName` (`removeFromDiskFileName`).
    public func remove(fileName: String) throws(ScanCacheError) {
        let path = try self.path(fileName)
        guard FileManager.default.fileExists(atPath: path) else { throw .notFound(file: path) }
        do { try FileManager.default.removeItem(atPath: path) } catch { throw .ioFailed(file: path, reason: error.localizedDescription) }
    }

    /// The names of the cached readings, sorted.
    public func fileNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { (try? Self.check($0)) != nil }.sorted()
    }

    private func path(_ fileName: String) throws(ScanCacheError) -> String {
        try Self.check(fileName)
        return directory.appendingPathComponent(fileName).path
    }

    /// Throws unless `name` is a safe file name inside the cache folder.
    static func check(_ name: String) throws(ScanCacheError) {
        if name.isEmpty { throw .invalidFileName(name, reason: "the name is empty") }
        if name.count > 100 { throw .invalidFileName(name, reason: "\(name.count) characters, at most 100") }
        if name.hasPrefix(".") { throw .invalidFileName(name, reason: "it starts with \".\" (hidden, or a path out of the cache folder)") }
        if let bad = name.unicodeScalars.first(where: { !(($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "._-".unicodeScalars.contains($0)) }) {
            let shown = bad == "/" ? "\"/\" (a path out of the cache folder)" : "U+\(String(bad.value, radix: 16, uppercase: true))"
            throw .invalidFileName(name, reason: "it contains \(shown); use letters, digits, \".\", \"_\" and \"-\"")
        }
    }

    private static func summary(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let context)?: "invalid JSON: \(context.debugDescription)"
        case .keyNotFound(let key, _)?: "missing \(key.stringValue)"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        default: "\(error)"
        }
    }
}

/// The on-disk form of a cached reading.
private struct CachedReading: Codable {
    var format: String
    var formatVersion: Int
    var reading: ScioReading
}
