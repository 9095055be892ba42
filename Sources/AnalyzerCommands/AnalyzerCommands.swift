import RigCommandLine

/// `rig model`: train, apply and describe spectral analyzer models.
public struct ModelCommand: CommandGroup {
    public static let name = "model"
    public static let abstract = "Train, apply and describe spectral analyzer models (PLS estimation, PLS-DA and SIMCA classification)."
    public static let subcommands: [any Command.Type] = [TrainCommand.self, PredictCommand.self, InfoCommand.self]
}

/// The spectral analyzer's commands run as `rig` runs them, capturing what they print (for tests and embedding).
public enum AnalyzerCommands {
    /// Runs `rig model …` with the arguments that follow `model`; relative paths resolve against `currentDirectory`.
    public static func model(_ arguments: [String], currentDirectory: String? = nil) async -> CommandOutcome {
        await CommandOutcome.capture(["model"] + arguments, currentDirectory: currentDirectory)
    }

    /// Runs `rig bench analyzer …` with the arguments that follow `analyzer`.
    public static func benchAnalyzer(_ arguments: [String], currentDirectory: String? = nil) async -> CommandOutcome {
        await CommandOutcome.capture(["bench", "analyzer"] + arguments, currentDirectory: currentDirectory)
    }
}

/// `bench` with only the analyzer benchmark, for `AnalyzerCommands.benchAnalyzer` (RigKit's `rig bench` adds the decoder's).
struct BenchAnalyzerGroup: CommandGroup {
    static let name = "bench"
    static let abstract = "Measure a core on your own data."
    static let subcommands: [any Command.Type] = [BenchAnalyzerCommand.self]
}
