import Foundation
import RigCore
import RigHost
import ScioCloud
import Spectrometer
import Testing

@Suite struct ScanCacheTests {
    let cache: ScanCache
    let reading = ScioReading(deviceID: "12A1B2C3D4E5F607", wavelengths: (0..<331).map { 740 + Double($0) },
                              reflectance: (0..<331).map { 0.5 + Double($0) / 1000 }, timestamp: 1_767_225_600.5,
                              temperatureCelsius: 24.5, calibrationTemperatureCelsius: 25)

    init() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scan-cache-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        cache = ScanCache(directory: directory)
    }

    @Test func storeReadRemove() async throws {
        try await cache.store(reading, fileName: "last-scan.json")
        #expect(try cache.read(fileName: "last-scan.json") == reading)
        #expect(cache.fileNames() == ["last-scan.json"])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cache.directory.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "the temporary file was renamed")
        try await cache.remove(fileName: "last-scan.json")
        #expect(cache.fileNames().isEmpty)
        let path = cache.directory.appendingPathComponent("last-scan.json").path
        #expect(throws: ScanCacheError.notFound(file: path)) { try cache.read(fileName: "last-scan.json") }
        await #expect(throws: ScanCacheError.notFound(file: path)) { try await cache.remove(fileName: "last-scan.json") }
    }

    @Test(arguments: ["", "../escape", "a/b", "..", ".hidden", "name with space", "caf\u{E9}", String(repeating: "x", count: 101), "nul\u{0}"])
    func oddNamesAreRefused(_ name: String) async {
        await #expect {
            try await cache.store(reading, fileName: name)
        } throws: { error in
            if case ScanCacheError.invalidFileName(name, _) = error { return true }
            return false
        }
        #expect(throws: ScanCacheError.self) { try cache.read(fileName: name) }
    }

    @Test(arguments: [("", "empty"), ("{\"format\": \"rigkit.scio-reading\"", "invalid JSON"), ("{\"format\":\"other\",\"formatVersion\":1,\"reading\":null}", "not a cached"),
                      ("[1,2,3]", "not a cached")])
    func corruptFilesNameTheFile(_ content: String, _ expected: String) throws {
        let path = cache.directory.appendingPathComponent("bad.json").path
        try Data(content.utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            try cache.read(fileName: "bad.json")
        } throws: { error in
            guard case ScanCacheError.corrupt(let file, let reason) = error else { return false }
            return file == path && (reason.contains(expected) || expected == "empty" && reason.contains("empty"))
        }
    }

    @Test func wrongVersionAndMismatchedCountsAreCorrupt() async throws {
        try await cache.store(reading, fileName: "r")
        let url = cache.directory.appendingPathComponent("r")
        let text = try String(contentsOf: url, encoding: .utf8)
        try text.replacingOccurrences(of: "\"formatVersion\":1", with: "\"formatVersion\":2").write(to: url, atomically: true, encoding: .utf8)
        #expect(throws: ScanCacheError.corrupt(file: url.path, reason: "format version 2; this RigKit reads version 1")) { try cache.read(fileName: "r") }
        var short = reading
        short.reflectance.removeLast()
        try await cache.store(short, fileName: "r")
        #expect(throws: ScanCacheError.corrupt(file: url.path, reason: "330 reflectance values for 331 wavelengths")) { try cache.read(fileName: "r") }
    }

    @Test func filesTakeThePhonesStorageAndAFullPhoneRefusesTheStore() async throws {
        let clock = VirtualClock()
        let host = PhoneHost(settings: HostSettings(), clock: clock, trace: TraceLog(clock: clock))
        await host.setFreeStorage(bytes: 1_000_000)
        let phone = ScanCache(directory: cache.directory, host: host)
        try await phone.store(reading, fileName: "a")
        let size = try #require((try FileManager.default.attributesOfItem(atPath: phone.directory.appendingPathComponent("a").path))[.size] as? NSNumber)
        #expect(await host.snapshot.freeStorageBytes == 1_000_000 - size.int64Value, "the file took its size")
        await host.setFreeStorage(bytes: 100)
        let path = phone.directory.appendingPathComponent("b").path
        await #expect(throws: ScanCacheError.storageFull(file: path, neededBytes: size.int64Value, freeBytes: 100)) {
            try await phone.store(reading, fileName: "b")
        }
        #expect(!FileManager.default.fileExists(atPath: path), "nothing written")
        #expect("\(ScanCacheError.storageFull(file: path, neededBytes: 1, freeBytes: 0))".hasPrefix("Failed to save scan"))
        try await phone.remove(fileName: "a")
        #expect(await host.snapshot.freeStorageBytes == 100 + size.int64Value, "removing gave the space back")
    }
}
