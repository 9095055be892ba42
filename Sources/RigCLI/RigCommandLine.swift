import Foundation
import RigScenario

/// The `rig` command line: picks the subcommand, handles help and usage errors, returns the exit code.
///
/// A project with scenarios of its own can make its own runner in one line:
/// `exit(await RigCommandLine.main(scenarios: MyScenarios.all))`.
public enum RigCommandLine {
    /// The subcommands, in the order help lists them.
    public static let commands: [any Command.Type] = [RunCommand.self, ListCommand.self, RigsCommand.self, DecodeCommand.self, ProbeCommand.self]
    /// Subcommands that parse their own arguments.
    static let passThroughCommands: [any PassThroughCommand.Type] = [ModelCommand.self, BenchCommand.self]

    /// Runs `rig` with `arguments` (without the program name) in `context`.
    public static func run(_ arguments: [String], context: CommandContext) async -> Int32 {
        guard let first = arguments.first else {
            context.err(help)
            return ExitCode.usage
        }
        if first == "-h" || first == "--help" || first == "help" {
            if arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
                context.out(command.helpText(prefix: "rig"))
            } else {
                context.out(help)
            }
            return ExitCode.success
        }
        if let passThrough = passThroughCommands.first(where: { $0.name == first }) {
            return await passThrough.run(Array(arguments.dropFirst()), context)
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let hint = ParsedArguments.closest(to: first, in: commands.map { $0.name } + passThroughCommands.map { $0.name }).map { " (did you mean '\($0)'?)" } ?? ""
            context.err("error: unknown command '\(first)'\(hint)\n\n\(help)")
            return ExitCode.usage
        }
        return await run(command, Array(arguments.dropFirst()), context)
    }

    /// Parses `arguments` for `type`, validates and runs it; usage errors print the command's usage.
    static func run(_ type: any Command.Type, _ arguments: [String], _ context: CommandContext) async -> Int32 {
        do throws(UsageError) {
            let parsed = try ParsedArguments(arguments, options: type.options, command: "rig \(type.name)")
            if parsed.wantsHelp {
                context.out(type.helpText(prefix: "rig"))
                return ExitCode.success
            }
            let command = try type.init(parsed)
            try command.validate()
            return await command.run(context)
        } catch {
            context.err("error: \(error)\nusage: rig \(type.name) \(type.usage)\nSee 'rig \(type.name) --help'.")
            return ExitCode.usage
        }
    }

    /// The top-level help.
    public static var help: String {
        var out = "OVERVIEW: RigKit — run hardware-in-the-loop scenarios on simulated or real rigs.\n\nUSAGE: rig <command> [options]\n\nCOMMANDS:\n"
        let rows = commands.map { ($0.name, $0.abstract) } + passThroughCommands.map { ($0.name, $0.abstract) }
        let width = rows.map { $0.0.count }.max() ?? 0
        for (name, abstract) in rows {
            out += "  \(name)\(String(repeating: " ", count: width - name.count + 2))\(abstract)\n"
        }
        out += "\nSee 'rig <command> --help' for a command's options."
        return out
    }

    /// Runs the process's command line with `scenarios` and returns the exit code.
    public static func main(scenarios: [Scenario]) async -> Int32 {
        let context = CommandContext(
            out: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
            err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
            currentDirectory: FileManager.default.currentDirectoryPath,
            scenarios: scenarios)
        return await run(Array(CommandLine.arguments.dropFirst()), context: context)
    }
}
