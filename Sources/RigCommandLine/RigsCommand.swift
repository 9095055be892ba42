import RigCore
import RigScenario

/// `rig rigs validate FILE...`: checks rig files, including each device family's parameters.
public struct RigsCommand: Command {
    public static let name = "rigs"
    public static let abstract = "Check rig files."
    public static let usage = "validate FILE..."
    public static let options: [OptionSpec] = []
    public static let discussion = """
    'rig rigs validate FILE...' checks each file and prints 'ok' or the problem with
    its file, line, column and JSON path. Exit codes: 0 all valid; 3 a file is invalid.
    """

    var files: [String]

    public init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let action = arguments.positionals.first else {
            throw UsageError(command: "rig rigs", message: "missing action; the only action is 'validate'")
        }
        guard action == "validate" else {
            throw UsageError(command: "rig rigs", message: "unknown action '\(action)'; the only action is 'validate'")
        }
        files = Array(arguments.positionals.dropFirst())
        guard !files.isEmpty else { throw UsageError(command: "rig rigs validate", message: "name at least one rig file") }
    }

    public func run(_ context: CommandContext) async -> Int32 {
        var code = ExitCode.success
        for file in files {
            do throws(RigFileError) {
                let rig = try RigFile.load(path: context.resolve(file))
                try context.plugins.validate(rig)
                let devices = rig.devices.map { "\($0.role)=\($0.kind) (\($0.link.name))" }.joined(separator: ", ")
                context.out("\(file): ok — rig \(rig.name), \(rig.clock.rawValue) clock, seed \(rig.seed), devices: \(devices.isEmpty ? "none" : devices)")
            } catch {
                context.err("\(error)".replacingOccurrences(of: context.resolve(file), with: file))
                code = ExitCode.badInput
            }
        }
        return code
    }
}
