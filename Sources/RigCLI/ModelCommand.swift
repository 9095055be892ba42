import AnalyzerCommands
import RigCommandLine

/// `rig model …` and `rig bench analyzer …`: the spectral analyzer's commands, which parse their own arguments.
enum AnalyzerCommandBridge {
    /// Prints what an analyzer command produced and returns its exit code.
    static func emit(_ outcome: CommandOutcome, _ context: CommandContext) -> Int32 {
        if !outcome.standardOutput.isEmpty { context.out(trimmed(outcome.standardOutput)) }
        if !outcome.standardError.isEmpty { context.err(trimmed(outcome.standardError)) }
        return outcome.exitCode
    }

    private static func trimmed(_ text: String) -> String {
        text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}

/// `rig model train|predict|info`.
public struct ModelCommand: PassThroughCommand {
    public static let name = "model"
    public static let abstract = "Train, apply and describe spectral analyzer models."
    public static func run(_ arguments: [String], _ context: CommandContext) async -> Int32 {
        AnalyzerCommandBridge.emit(AnalyzerCommands.model(arguments, currentDirectory: context.currentDirectory), context)
    }
}

/// `rig bench analyzer …`: measure a model on a lab's own data.
public struct BenchCommand: PassThroughCommand {
    public static let name = "bench"
    public static let abstract = "Measure a core on your own data: 'rig bench analyzer …' or 'rig bench decoder …'."
    public static func run(_ arguments: [String], _ context: CommandContext) async -> Int32 {
        switch arguments.first {
        case "decoder":
            return await RigTool.commandLine.run(BenchDecoderCommand.self, arguments, context)
        case "analyzer":
            return AnalyzerCommandBridge.emit(
                AnalyzerCommands.benchAnalyzer(Array(arguments.dropFirst()), currentDirectory: context.currentDirectory), context)
        case "-h", "--help", "help":
            context.out("OVERVIEW: \(abstract)\n\nUSAGE: rig bench analyzer MODEL --csv FILE [options]\n       rig bench decoder --corpus DIR [options]\n\nSee 'rig bench analyzer --help' and 'rig bench decoder --help'.")
            return ExitCode.success
        case let other:
            context.err("error: rig bench: \(other.map { "unknown benchmark '\($0)'" } ?? "name a benchmark"); available: analyzer, decoder")
            return ExitCode.usage
        }
    }
}
