import Foundation
import Testing

/// Replays every kept fuzz input (Tests/FuzzCorpus/TARGET/*: seeds and fixed crashes) through `rig-fuzz`, the
/// ordinary build of the libFuzzer targets: each must go through without a crash.
@Suite struct FuzzRegressionTests {
    static let fuzzer = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("rig-fuzz").path
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("FuzzCorpus").path

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: fuzzer)))
    func keptInputsReplayWithoutACrash() throws {
        let targets = try FileManager.default.contentsOfDirectory(atPath: Self.corpus).filter { !$0.hasSuffix(".md") }.sorted()
        #expect(!targets.isEmpty)
        for target in targets {
            let folder = Self.corpus + "/" + target
            let inputs = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { folder + "/" + $0 }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.fuzzer)
            process.arguments = inputs
            process.environment = ["RIGKIT_FUZZ_TARGET": target]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0 && process.terminationReason == .exit, "\(target): an input crashed rig-fuzz")
        }
    }
}
