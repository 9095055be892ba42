import Foundation
import RigScenario

/// A `rig` subcommand: its name, help, options, and what it does.
///
/// Shaped like swift-argument-parser's `ParsableCommand`: parse, `validate()`,
/// then `run(_:)`, which returns the exit code. Commands write through
/// `CommandContext`, so tests can run them and read what they print.
public protocol Command: Sendable {
    /// The subcommand's name, e.g. `run`.
    static var name: String { get }
    /// One sentence on what it does.
    static var abstract: String { get }
    /// The usage line after `rig <name>`, e.g. `[--rig FILE] [--seed N]`.
    static var usage: String { get }
    /// More text for `--help`, after the options.
    static var discussion: String { get }
    static var options: [OptionSpec] { get }
    /// The command's own subcommands (`rig model train`), in the order help lists them; empty for a leaf command.
    static var subcommands: [any Command.Type] { get }

    /// Makes the command from parsed arguments.
    init(_ arguments: ParsedArguments) throws(UsageError)
    /// Checks the arguments together, before anything runs.
    func validate() throws(UsageError)
    /// Does the work and returns the exit code.
    func run(_ context: CommandContext) async -> Int32
}

extension Command {
    public static var discussion: String { "" }
    public static var subcommands: [any Command.Type] { [] }
    public func validate() throws(UsageError) {}

    /// The full help text; `prefix` is what comes before the name (`rig`, `rig model`).
    public static func helpText(prefix: String) -> String {
        var out = "OVERVIEW: \(abstract)\n\nUSAGE: \(prefix) \(name) \(usage)\n"
        if !subcommands.isEmpty {
            out += "\nSUBCOMMANDS:\n"
            var rows: [(name: String, abstract: String)] = []
            for sub in subcommands { rows.append((sub.name, sub.abstract)) }
            let width = rows.reduce(0) { max($0, $1.name.count) }
            for row in rows {
                out += "  \(row.name)\(String(repeating: " ", count: width - row.name.count + 2))\(row.abstract)\n"
            }
            out += "\nSee '\(prefix) \(name) <subcommand> --help' for a subcommand's options.\n"
            return out
        }
        if !options.isEmpty {
            out += "\nOPTIONS:\n"
            let rows = options.map { spec -> (String, String) in
                var left = spec.short.map { "-\($0), " } ?? ""
                left += "--\(spec.name)"
                if let value = spec.valueName { left += " \(value)" }
                return (left, spec.help + (spec.repeatable ? " (repeatable)" : ""))
            } + [("-h, --help", "Show this help.")]
            let width = rows.map(\.0.count).max() ?? 0
            for (left, right) in rows {
                out += "  \(left)\(String(repeating: " ", count: width - left.count + 2))\(right)\n"
            }
        }
        if !discussion.isEmpty { out += "\n\(discussion)\n" }
        return out
    }
}

/// What a command runs with: where it writes, where it is, and the scenarios it knows.
///
/// Injectable, so tests can run commands and read what they print.
public struct CommandContext: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    /// The directory relative paths are resolved against.
    public var currentDirectory: String
    /// The scenarios `rig run` and `rig list` work on.
    public var scenarios: [Scenario]
    /// The device families and links rig files are checked against and runs use.
    public var plugins: RigPlugins

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
                currentDirectory: String, scenarios: [Scenario], plugins: RigPlugins) {
        self.out = out
        self.err = err
        self.currentDirectory = currentDirectory
        self.scenarios = scenarios
        self.plugins = plugins
    }

    /// `path` made absolute against the current directory.
    public func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : (currentDirectory as NSString).appendingPathComponent(path)
    }
}


/// The exit codes of `rig`, as Docs/CLI.md lists them.
public enum ExitCode {
    /// Everything ran and passed (skipped scenarios count as passed).
    public static let success: Int32 = 0
    /// A scenario (or check) failed.
    public static let failure: Int32 = 1
    /// The command line was wrong.
    public static let usage: Int32 = 2
    /// An input file (rig file, image, model) is invalid or unreadable.
    public static let badInput: Int32 = 3
    /// An output file could not be written.
    public static let cannotWrite: Int32 = 4
    /// The filters selected no scenario.
    public static let nothingSelected: Int32 = 5
    /// The rig's labgrid place could not be acquired (held by someone else, coordinator unreachable) or released.
    public static let placeUnavailable: Int32 = 6
}

/// A command that only groups subcommands (`rig model`, `rig bench`): naming it alone is a usage error that lists them.
public protocol CommandGroup: Command {}

extension CommandGroup {
    public static var usage: String { "<subcommand> [options]" }
    public static var options: [OptionSpec] { [] }
    public init(_ arguments: ParsedArguments) throws(UsageError) {
        var names: [String] = []
        for sub in Self.subcommands { names.append(sub.name) }
        throw UsageError(command: Self.name, message: "name a subcommand: \(names.joined(separator: ", "))")
    }
    public func run(_ context: CommandContext) async -> Int32 { ExitCode.usage }
}
