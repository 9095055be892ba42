import AnalyzerCommands
import RigCommandLine

/// RigKit's own `rig`: the standard runner commands plus the cores' tools (decode, bench, model) and `probe`.
public enum RigTool {
    public static let commandLine = RigCommandLine(
        program: "rig",
        commands: RigCommandLine.standardCommands + [DecodeCommand.self, ProbeCommand.self, ModelCommand.self, BenchCommand.self])
}
