import BundledScenarios
import Foundation
import RigKitTesting
import RigScenario
import RigSystem
import Testing

/// `Scenario.check` removes a passed scenario's files and keeps a failed one's, naming them in its issues.
@Suite struct ScenarioCheckFilesTests {
    /// A scenario that writes a file where its devices keep theirs, then passes or fails.
    static func writing(_ name: String, passes: Bool) -> Scenario {
        Scenario(name) { rig in
            Step("write an export") {
                try OutputFile.write(Array("export".utf8), to: rig.directory.appendingPathComponent("export.txt").path)
                expect(passes, "the scenario passes")
            }
        }
    }

    /// Where `check` puts a scenario's files.
    static func folder(of scenario: Scenario) -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("rigkit-tests-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        return ScenarioRunner(rig: .builtinSimulated(), plugins: BundledScenarios.plugins, directory: directory).outputFolder(of: scenario)
    }

    @Test func aPassedScenariosFilesAreRemoved() async {
        let scenario = Self.writing("check files of a passing scenario", passes: true)
        let result = await scenario.check(plugins: BundledScenarios.plugins)
        #expect(result.status == .passed)
        #expect(!FileManager.default.fileExists(atPath: Self.folder(of: scenario).path))
    }

    @Test func aFailedScenariosFilesAreKeptAndNamed() async {
        let scenario = Self.writing("check files of a failing scenario", passes: false)
        let folder = Self.folder(of: scenario)
        defer { try? FileManager.default.removeItem(at: folder) }
        await withKnownIssue {
            _ = await scenario.check(plugins: BundledScenarios.plugins)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains(folder.path) }
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("export.txt").path))
    }
}
