import RigScenario

/// `rig list`: lists the scenarios with their tags and where they are written.
public struct ListCommand: Command {
    public static let name = "list"
    public static let abstract = "List the scenarios with their tags."
    public static let usage = "[--filter PATTERN]... [--tag T]... [--skip-tag T]..."
    public static let options: [OptionSpec] = [
        OptionSpec("filter", value: "PATTERN", repeatable: true, help: "List scenarios whose name contains PATTERN or matches it as a * glob."),
        OptionSpec("tag", value: "T", repeatable: true, help: "List scenarios with tag T."),
        OptionSpec("skip-tag", value: "T", repeatable: true, help: "Leave out scenarios with tag T."),
    ]

    var selection: ScenarioSelection

    public init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else {
            throw UsageError(command: "rig list", message: "unexpected argument '\(arguments.positionals[0])'")
        }
        selection = ScenarioSelection(filters: arguments.values("filter"), tags: arguments.values("tag"), skipTags: arguments.values("skip-tag"))
    }

    public func run(_ context: CommandContext) async -> Int32 {
        let scenarios = selection.apply(context.scenarios)
        for scenario in scenarios {
            let tags = scenario.tags.isEmpty ? "" : "  [" + scenario.tags.map(\.rawValue).joined(separator: ", ") + "]"
            context.out("\(scenario.name)\(tags)  — \(scenario.location)")
        }
        context.out("\(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s")")
        return scenarios.isEmpty ? ExitCode.nothingSelected : ExitCode.success
    }
}
