/// `rig model info`: describes a model file.
struct InfoCommand {
    static let usage = """
        OVERVIEW: Describe a spectral analyzer model file.

        USAGE: rig model info MODEL

        Prints a model's type, attribute and unit, supported SCiO versions, wavelengths, preprocessing,
        components, cross-validation table, classes and outlier limits.

        OPTIONS:
          -h, --help   Show this help.

        EXIT CODES: 0 ok, 2 usage error, 3 missing, corrupt, truncated or newer-version model file.

        """

    let modelPath: String

    /// Parses the arguments after `info`.
    init(_ arguments: [String]) throws(UsageError) {
        let parsed = try ParsedArguments(arguments, options: [], flags: [])
        guard let path = parsed.positionals.first else { throw .missingArgument("MODEL") }
        if parsed.positionals.count > 1 { throw .unexpectedArgument(parsed.positionals[1]) }
        modelPath = path
    }

    /// Loads and describes the model.
    func run(in directory: WorkingDirectory) -> CommandOutcome {
        do {
            return .success(Report.info(try InputFiles.model(path: modelPath, in: directory), path: modelPath))
        } catch {
            return .badInput(error.message)
        }
    }
}
