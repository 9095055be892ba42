import Foundation
import RigCore
import RigHost
import Spectrometer

/// The SDK's `SampleFileUtils`: readings stored on the phone by file name, to analyze later.
///
/// Files are JSON (`{"format": "rigkit.scio-reading", "formatVersion": 1, "reading": {…}}`)
/// written atomically (temporary file and rename), so a crash never leaves half
/// a reading. Names are 1–100 characters of letters, digits, `.`, `_` and `-`,
/// not starting with `.`, so a name can never leave the cache folder.
///
/// With a phone host, the files take the phone's free storage: a store that does not
/// fit fails with `storageFull` (the SDK's `storeToDisk` returning false, the sample
/// app's "Failed to save last scan") and a remove gives the space back.
public struct ScanCache: Sendable {
    /// The cache folder.
    public let directory: URL
    /// The phone whose storage the files take, if any.
    public let host: PhoneHost?
    static let format = "rigkit.scio-reading"
    static let formatVersion = 1

    public init(directory: URL, host: PhoneHost? = nil) {
        self.directory = directory
        self.host = host
    }

    /// Stores `reading` as `fileName`, replacing an older one of that name (`storeToDisk`).
    public func store(_ reading: ScioReading, fileName: String) async throws(ScanCacheError) {
        let path = try self.path(fileName)
        let data: Data
        do { data = try JSONEncoder().encode(CachedReading(format: Self.format, formatVersion: Self.formatVersion, reading: reading)) } catch {
            throw .ioFailed(file: path, reason: "\(error)")
        }
        let growth = Int64(data.count) - Self.size(path)
        if let host, growth > 0, !(await host.consumeStorage(bytes: growth)) {
            throw .storageFull(file: path, neededBytes: growth, freeBytes: await host.snapshot.freeStorageBytes)
        }
        do { try OutputFile.write(data, to: path) } catch {
            if let host, growth > 0 { await host.releaseStorage(bytes: growth) }
            throw .ioFailed(file: path, reason: error.reason)
        }
        if let host, growth < 0 { await host.releaseStorage(bytes: -growth) }
    }

    private static func size(_ path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
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
    public func remove(fileName: String) async throws(ScanCacheError) {
        let path = try self.path(fileName)
        guard FileManager.default.fileExists(atPath: path) else { throw .notFound(file: path) }
        let size = Self.size(path)
        do { try FileManager.default.removeItem(atPath: path) } catch { throw .ioFailed(file: path, reason: error.localizedDescription) }
        await host?.releaseStorage(bytes: size)
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
