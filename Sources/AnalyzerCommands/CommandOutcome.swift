/// What a command produced: its standard output, standard error and exit code.
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

    /// A usage error: the message and the command's usage on standard error, exit code 2.
    static func usage(_ error: UsageError, usage: String) -> CommandOutcome {
        CommandOutcome(standardError: "error: \(error.description)\n\n\(usage)", exitCode: ExitCode.usage)
    }

    /// A bad input file: the message on standard error, exit code 3.
    static func badInput(_ message: String) -> CommandOutcome {
        CommandOutcome(standardError: "error: \(message)\n", exitCode: ExitCode.badInput)
    }
}
