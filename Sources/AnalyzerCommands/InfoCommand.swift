import RigCommandLine
/// `rig model info`: describes a model file.
public struct InfoCommand: Command {
    public static let name = "info"
    public static let abstract = "Describe a spectral analyzer model file."
    public static let usage = "MODEL"
    public static let options: [OptionSpec] = [

    ]
    public static let discussion = """
    Prints a model's type, attribute and unit, supported SCiO versions, wavelengths, preprocessing,
    components, cross-validation table, classes and outlier limits.

    Exit codes: 0 ok, 2 usage error, 3 missing, corrupt, truncated or newer-version model file.
    """

    let modelPath: String

    public init(_ arguments: ParsedArguments) throws(UsageError) {
        do { try self.init(options: AnalyzerOptions(arguments, specs: Self.options)) } catch { throw error.usageError(Self.name) }
    }

    /// Reads the options.
    init(options parsed: AnalyzerOptions) throws(ArgumentProblem) {
        modelPath = try parsed.single("MODEL")
    }

    /// Loads and describes the model.
    public func run(_ context: CommandContext) async -> Int32 {
        run(in: WorkingDirectory(path: context.currentDirectory)).emit(context)
    }

    func run(in directory: WorkingDirectory) -> CommandOutcome {
        do {
            return .success(Report.info(try InputFiles.model(path: modelPath, in: directory), path: modelPath))
        } catch {
            return .badInput(error.message)
        }
    }
}
