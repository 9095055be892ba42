import AnalyzerCommands
import RigCommandLine

/// `rig bench`: the cores' benchmarks on a lab's own data.
public struct BenchCommand: CommandGroup {
    public static let name = "bench"
    public static let abstract = "Measure a core on your own data: 'rig bench analyzer …' or 'rig bench decoder …'."
    public static let subcommands: [any Command.Type] = [BenchAnalyzerCommand.self, BenchDecoderCommand.self]
}
