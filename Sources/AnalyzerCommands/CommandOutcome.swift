import Foundation
import RigCommandLine
import Synchronization

/// What an analyzer command produced: its standard output, standard error and exit code (`rig`'s exit codes).
public struct CommandOutcome: Sendable, Equatable {
    /// Text for standard output.
    public var standardOutput: String
    /// Text for standard error.
    public var standardError: String
    /// The process exit code: 0 ok, 1 a check failed, 2 usage error, 3 bad input file, 4 cannot write output.
    public var exitCode: Int32

    /// Creates an outcome.
    public init(standardOutput: String = "", standardError: String = "", exitCode: Int32) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.exitCode = exitCode
    }

    /// Success with the given output.
    static func success(_ output: String) -> CommandOutcome {
        CommandOutcome(standardOutput: output, exitCode: ExitCode.success)
    }

    /// A usage error found after parsing (e.g. a limit that does not fit the model), printed as `rig` prints them.
    static func usage(_ problem: ArgumentProblem, command: String, usage: String) -> CommandOutcome {
        CommandOutcome(standardError: "error: \(command): \(problem)\nusage: \(command) \(usage)\nSee '\(command) --help'.\n",
                       exitCode: ExitCode.usage)
    }

    /// A bad input file: the message on standard error, exit code 3.
    static func badInput(_ message: String) -> CommandOutcome {
        CommandOutcome(standardError: "error: \(message)\n", exitCode: ExitCode.badInput)
    }

    /// Prints the outcome through `context` and returns its exit code.
    func emit(_ context: CommandContext) -> Int32 {
        if !standardOutput.isEmpty { context.out(Self.trimmed(standardOutput)) }
        if !standardError.isEmpty { context.err(Self.trimmed(standardError)) }
        return exitCode
    }

    private static func trimmed(_ text: String) -> String { text.hasSuffix("\n") ? String(text.dropLast()) : text }

    /// Runs `arguments` through `rig`'s command line with the analyzer commands and captures what it prints.
    static func capture(_ arguments: [String], currentDirectory: String?) async -> CommandOutcome {
        let out = Lines(), err = Lines()
        let context = CommandContext(out: { out.append($0) }, err: { err.append($0) },
                                     currentDirectory: currentDirectory ?? FileManager.default.currentDirectoryPath, scenarios: [], plugins: [])
        let code = await RigCommandLine(commands: [ModelCommand.self, BenchAnalyzerGroup.self]).run(arguments, context: context)
        return CommandOutcome(standardOutput: out.text, standardError: err.text, exitCode: code)
    }
}

/// Lines a captured command printed.
private final class Lines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var text: String { lines.withLock { $0.isEmpty ? "" : $0.joined(separator: "\n") + "\n" } }
}
