import Foundation
import RigScenario

/// A `rig`-like command line: picks the subcommand, handles help and usage errors, returns the exit code.
///
/// A project with scenarios and device families of its own makes its own runner in one line:
/// `exit(await RigCommandLine.main(plugins: MyRig.plugins, scenarios: MyScenarios.all))` gives it `run` (with every
/// report option), `list` and `rigs validate`; `commands:` adds commands of its own.
public struct RigCommandLine: Sendable {
    /// The commands every runner has, in the order help lists them.
    public static let standardCommands: [any Command.Type] = [RunCommand.self, ListCommand.self, RigsCommand.self, TraceCommand.self, ReportCommand.self]

    /// The program name help and usage print, e.g. `rig`.
    public var program: String
    /// The subcommands, in the order help lists them.
    public var commands: [any Command.Type]

    public init(program: String = "rig", commands: [any Command.Type] = RigCommandLine.standardCommands) {
        self.program = program
        self.commands = commands
    }

    /// Runs the command line with `arguments` (without the program name) in `context`.
    public func run(_ arguments: [String], context: CommandContext) async -> Int32 {
        guard let first = arguments.first else {
            context.err(help)
            return ExitCode.usage
        }
        if first == "-h" || first == "--help" || first == "help" {
            // `rig help model train`: the help of the command at that path.
            var level = commands, prefix = program
            var found: (any Command.Type)?
            for name in arguments.dropFirst() {
                guard let next = level.first(where: { $0.name == name }) else { found = nil; break }
                if let found { prefix += " \(found.name)" }
                found = next
                level = next.subcommands
            }
            if let found { context.out(found.helpText(prefix: prefix)) } else { context.out(help) }
            return ExitCode.success
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let hint = ParsedArguments.closest(to: first, in: commands.map { $0.name }).map { " (did you mean '\($0)'?)" } ?? ""
            context.err("error: unknown command '\(first)'\(hint)\n\n\(help)")
            return ExitCode.usage
        }
        return await run(command, Array(arguments.dropFirst()), context)
    }

    /// Parses `arguments` for `type` (its subcommand's, for a group), validates and runs it; usage errors print the
    /// command's usage. `prefix` is what comes before the command's name (`rig`, `rig model`).
    public func run(_ type: any Command.Type, _ arguments: [String], _ context: CommandContext, prefix: String? = nil) async -> Int32 {
        let prefix = prefix ?? program
        let path = "\(prefix) \(type.name)"
        if !type.subcommands.isEmpty {
            guard let first = arguments.first else {
                context.err("error: \(path): name a subcommand\n\n\(type.helpText(prefix: prefix))")
                return ExitCode.usage
            }
            if first == "-h" || first == "--help" || first == "help" {
                context.out(type.helpText(prefix: prefix))
                return ExitCode.success
            }
            guard let sub = type.subcommands.first(where: { $0.name == first }) else {
                var names: [String] = []
                for sub in type.subcommands { names.append(sub.name) }
                let hint = ParsedArguments.closest(to: first, in: names).map { " (did you mean '\($0)'?)" } ?? ""
                context.err("error: \(path): unknown subcommand '\(first)'\(hint)\n\n\(type.helpText(prefix: prefix))")
                return ExitCode.usage
            }
            return await run(sub, Array(arguments.dropFirst()), context, prefix: path)
        }
        do throws(UsageError) {
            let parsed = try ParsedArguments(arguments, options: type.options, command: path)
            if parsed.wantsHelp {
                context.out(type.helpText(prefix: prefix))
                return ExitCode.success
            }
            let command = try type.init(parsed)
            try command.validate()
            return await command.run(context)
        } catch {
            context.err("error: \(shown(error, path: path)): \(error.message)\nusage: \(path) \(type.usage)\nSee '\(path) --help'.")
            return ExitCode.usage
        }
    }

    /// The command a usage error names, under this program's name: commands name themselves as under `rig`
    /// (`rig rigs validate`), which becomes `lab-rig rigs validate` in a lab's runner; a bare name means the command at `path`.
    private func shown(_ error: UsageError, path: String) -> String {
        let words = error.command.split(separator: " ", maxSplits: 1)
        guard words.count == 2, words[0] == "rig" else { return path }
        return "\(program) \(words[1])"
    }

    /// The top-level help.
    public var help: String {
        var out = "OVERVIEW: RigKit — run hardware-in-the-loop scenarios on simulated or real rigs.\n\nUSAGE: \(program) <command> [options]\n\nCOMMANDS:\n"
        let rows = commands.map { ($0.name, $0.abstract) }
        let width = rows.map { $0.0.count }.max() ?? 0
        for (name, abstract) in rows {
            out += "  \(name)\(String(repeating: " ", count: width - name.count + 2))\(abstract)\n"
        }
        out += "\nSee '\(program) <command> --help' (or '\(program) help <command> [<subcommand>]') for a command's options."
        return out
    }

    /// Runs the process's command line with `plugins` and `scenarios` and returns the exit code.
    public func main(plugins: RigPlugins, scenarios: [Scenario]) async -> Int32 {
        let context = CommandContext(
            out: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
            err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
            currentDirectory: FileManager.default.currentDirectoryPath,
            scenarios: scenarios, plugins: plugins)
        return await run(Array(CommandLine.arguments.dropFirst()), context: context)
    }

    /// Runs the process's command line with the standard commands, `plugins` and `scenarios`.
    public static func main(plugins: RigPlugins, scenarios: [Scenario]) async -> Int32 {
        await RigCommandLine().main(plugins: plugins, scenarios: scenarios)
    }
}
