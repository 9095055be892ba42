import Foundation
import Glibc
import Testing

/// Kills real `rig run` processes at random moments while they export room-scan bundles and store SCiO scans, and
/// checks what they leave: a whole bundle or cache entry, or none — never a torn one (issue 19).
@Suite struct KillSafetyTests {
    /// The `rig` built next to this test bundle.
    static let rig = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("rig").path

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: rig)))
    func bundlesAndCacheEntriesAreWholeOrAbsentAfterAKill() throws {
        let out = try freshDirectory()
        var generator = SystemRandomNumberGenerator()
        var killed = 0, bundles = 0, entries = 0
        for round in 0..<24 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.rig)
            process.arguments = ["run", "--filter", "Roomio: export writes a bundle", "--filter", "SCiO: a cached scan survives",
                                 "--out", out + "/run"]
            process.currentDirectoryURL = URL(fileURLWithPath: out)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The last rounds run to the end, so a loaded machine (a slow start) still leaves whole bundles to check.
            if round < 20 {
                // Round 0 kills at once (the process has just started), so a kill lands whatever the machine's speed.
                if round > 0 { usleep(UInt32.random(in: 0...(round < 4 ? 400_000 : 120_000), using: &generator)) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL); killed += 1 }
            }
            process.waitUntilExit()
            // Hidden folders are a run's own staging and the old output it is deleting; only what is visible counts.
            let files = (FileManager.default.enumerator(atPath: out + "/run")?.compactMap { $0 as? String } ?? [])
                .filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
            for bundle in files where bundle.hasSuffix(".roomiobundle") {
                let manifest = try #require(FileManager.default.contents(atPath: out + "/run/" + bundle + "/scan.json"), "\(bundle) has scan.json")
                let json = try #require(try JSONSerialization.jsonObject(with: manifest) as? [String: Any])
                let frames = try FileManager.default.attributesOfItem(atPath: out + "/run/" + bundle + "/frames.bin")[.size] as? Int
                #expect(frames == json["frameBytes"] as? Int, "\(bundle): frames.bin matches its manifest")
                bundles += 1
            }
            for entry in files where entry.contains("scan-cache/") && !(entry as NSString).lastPathComponent.hasPrefix(".") {
                let data = try #require(FileManager.default.contents(atPath: out + "/run/" + entry))
                let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
                #expect(json?["format"] as? String == "rigkit.scio-reading", "\(entry) is a whole cache entry")
                entries += 1
            }
        }
        #expect(killed > 0, "some runs were killed mid-way")
        // The SCiO scenario removes its cache entry before it ends, so entries are seen only when a kill lands between
        // the store and the removal; every one seen must be whole.
        #expect(bundles > 0, "some runs got far enough to write a bundle (bundles \(bundles), cache entries \(entries))")
    }
}
