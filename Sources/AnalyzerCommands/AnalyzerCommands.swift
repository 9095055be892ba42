/// The spectral analyzer's command-line commands, as functions from arguments to an outcome.
///
/// The `rig` executable passes the arguments after `rig model` to `model(_:)` and the arguments
/// after `rig bench analyzer` to `benchAnalyzer(_:)`, then prints the outcome and exits with its code.
public enum AnalyzerCommands {
    /// Usage of `rig model`.
    public static let modelUsage = """
        OVERVIEW: Train, apply and describe spectral analyzer models (PLS estimation, PLS-DA classification).

        USAGE: rig model <subcommand>

        SUBCOMMANDS:
          train     Train a model from a spectra CSV and save it.
          predict   Analyze the spectra of a CSV with a model.
          info      Describe a model file.

        Run 'rig model <subcommand> --help' for a subcommand's options.

        """

    /// Runs `rig model …` with the arguments that follow `model`; relative paths resolve against `currentDirectory` when given.
    public static func model(_ arguments: [String], currentDirectory: String? = nil) -> CommandOutcome {
        let directory = WorkingDirectory(path: currentDirectory)
        guard let subcommand = arguments.first else {
            return .usage(.missingArgument("subcommand"), usage: modelUsage)
        }
        let rest = Array(arguments.dropFirst())
        switch subcommand {
        case "--help", "-h", "help":
            return .success(modelUsage)
        case "train":
            return run(rest, usage: TrainCommand.usage) { arguments throws(UsageError) in
                try TrainCommand(arguments).run(in: directory)
            }
        case "predict":
            return run(rest, usage: PredictCommand.usage) { arguments throws(UsageError) in
                try PredictCommand(arguments).run(in: directory)
            }
        case "info":
            return run(rest, usage: InfoCommand.usage) { arguments throws(UsageError) in
                try InfoCommand(arguments).run(in: directory)
            }
        default:
            return .usage(.unknownSubcommand(subcommand), usage: modelUsage)
        }
    }

    /// Runs `rig bench analyzer …` with the arguments that follow `analyzer`; relative paths resolve against `currentDirectory` when given.
    public static func benchAnalyzer(_ arguments: [String], currentDirectory: String? = nil) -> CommandOutcome {
        let directory = WorkingDirectory(path: currentDirectory)
        return run(arguments, usage: BenchAnalyzerCommand.usage) { arguments throws(UsageError) in
            try BenchAnalyzerCommand(arguments).run(in: directory)
        }
    }

    private static func run(
        _ arguments: [String], usage: String, _ body: ([String]) throws(UsageError) -> CommandOutcome
    ) -> CommandOutcome {
        if ParsedArguments.asksForHelp(arguments) { return .success(usage) }
        do {
            return try body(arguments)
        } catch {
            return .usage(error, usage: usage)
        }
    }
}
