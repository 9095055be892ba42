import Foundation
import RigCore
import RigScenario
import RigSystem
import Testing

extension Scenario: CustomTestStringConvertible {
    public var testDescription: String { name }
}

extension Scenario {
    /// Runs the scenario on `rig` with `plugins` and records a Swift Testing issue for each failure.
    ///
    /// One line makes every scenario of a project a test of its own:
    /// ```swift
    /// @Test(arguments: MyScenarios.all) func scenario(_ s: Scenario) async {
    ///     await s.check(on: try! RigFile.load(path: "rigs/simulated.json"), plugins: MyRig.plugins)
    /// }
    /// ```
    /// Issues point at the scenario line that failed. A scenario the rig cannot
    /// run is reported as a skip in the output and records no issue.
    ///
    /// The run's files (exports, caches, captures) go to a folder of the temporary directory,
    /// `rigkit-tests-<process>/<scenario>`. A failed scenario's folder is kept for a look, and each
    /// issue names it; a passed or skipped scenario's folder is removed, so test runs do not fill
    /// the temporary directory.
    @discardableResult
    public func check(on rig: RigFile = .builtinSimulated(), plugins: RigPlugins, seed: UInt64? = nil) async -> ScenarioResult {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("rigkit-tests-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        let runner = ScenarioRunner(rig: rig, plugins: plugins, seed: seed, directory: directory)
        let result = await runner.run(self)
        let outputs = runner.outputFolder(of: self)
        if result.status != .failed { OutputFolder.remove(outputs.path) }
        for failure in result.failures {
            Issue.record(
                Comment(rawValue: "\(failure.description) (the run's files: \(outputs.path))"),
                sourceLocation: Testing.SourceLocation(
                    fileID: failure.location.fileID, filePath: failure.location.filePath, line: failure.location.line, column: 1))
        }
        if result.status == .skipped {
            print("◇ scenario \(name) skipped: \(result.skipReason ?? "")")
        }
        return result
    }
}
