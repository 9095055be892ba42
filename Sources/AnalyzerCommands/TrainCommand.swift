import RigCommandLine
import SpectralAnalyzer
import SpectralModelIO

/// `rig model train`: trains a model from a spectra CSV and saves it.
public struct TrainCommand: Command {
    public static let name = "train"
    public static let abstract = "Train a spectral analyzer model from a spectra CSV and save it."
    public static let usage = "--csv FILE --target COLUMN [--classify [--method pls|simca]] [--components N|auto] [--groups COLUMN] -o MODEL"
    public static let options: [OptionSpec] = [
        OptionSpec("csv", value: "FILE", help: "Training spectra."),
        OptionSpec("target", value: "COLUMN", help: "The named column to learn (numbers; class labels with --classify)."),
        OptionSpec("classify", help: "Train a classification model instead of an estimation model."),
        OptionSpec("method", value: "pls|simca", help: "PLS (PLS-DA with --classify; default) or SIMCA (one PCA model per class with its own limits; needs --classify; can answer \"none of these\")."),
        OptionSpec("components", value: "N|auto", help: "Number of PLS components (default: auto)."),
        OptionSpec("max-components", value: "N", help: "Largest count tried by auto (default: 15)."),
        OptionSpec("preprocess", value: "STEPS", help: "Comma-separated steps: range:MIN-MAX, snv, msc, sg:WINDOW:ORDER[:DERIV], center, autoscale (default: none; PLS always mean-centres)."),
        OptionSpec("folds", value: "K", help: "Cross-validation folds (default: 10)."),
        OptionSpec("seed", value: "S", help: "Seed of the fold shuffle (default: 20250101)."),
        OptionSpec("groups", value: "COLUMN", help: "Keep the spectra of each group (equal values of the named column, such as a sample id for replicate scans) in one cross-validation fold."),
        OptionSpec("confidence", value: "C", help: "Confidence of the outlier limits, in (0, 1) (default: 0.95)."),
        OptionSpec("where", value: "COLUMN=VALUE", help: "Train only on rows whose named column holds VALUE (e.g. set=train)."),
        OptionSpec("name", value: "NAME", help: "Model name (default: the target column)."),
        OptionSpec("unit", value: "UNIT", help: "Unit of the estimated attribute."),
        OptionSpec("scio-versions", value: "LIST", help: "Comma-separated SCiO versions the model supports."),
        OptionSpec("output", short: "o", value: "MODEL", help: "Where to write the model file."),
    ]
    public static let discussion = """
    Trains a PLS model (estimation) or a PLS-DA model (classification, with --classify) from a CSV
    whose header row holds wavelengths and named columns, chooses the number of components by
    k-fold cross-validation unless told, computes Hotelling T² and Q outlier limits, and writes
    the model file atomically.

    Exit codes: 0 trained, 2 usage error, 3 bad input file or data that cannot be trained on,
    4 the model file cannot be written (or is the training CSV).
    """

    let csvPath: String
    let target: String
    let outputPath: String
    let filter: RowFilter?
    let configuration: TrainingConfiguration

    public init(_ arguments: ParsedArguments) throws(UsageError) {
        do { try self.init(options: AnalyzerOptions(arguments, specs: Self.options)) } catch { throw error.usageError(Self.name) }
    }

    /// Reads the options.
    init(options parsed: AnalyzerOptions) throws(ArgumentProblem) {
        if let extra = parsed.positionals.first { throw .unexpectedArgument(extra) }
        csvPath = try parsed.required("--csv")
        target = try parsed.required("--target")
        outputPath = try parsed.required("--output")
        filter = try parsed.rowFilter("--where")
        let maximum = try parsed.integer("--max-components", in: 1...200) ?? 15
        let components: TrainingConfiguration.ComponentChoice
        switch parsed.values["--components"] {
        case nil, "auto": components = .automatic(maximum: maximum)
        case let text?:
            guard let count = Int(text), (1...200).contains(count) else {
                throw .invalidValue(option: "--components", value: text, expected: "auto or an integer in 1…200")
            }
            components = .fixed(count)
        }
        let pipeline: PreprocessingPipeline
        do {
            pipeline = try PreprocessingPipeline(parsing: parsed.values["--preprocess"] ?? "")
        } catch {
            throw .invalidValue(option: "--preprocess", value: parsed.values["--preprocess"] ?? "", expected: error.description)
        }
        var seed: UInt64 = 20_250_101
        if let text = parsed.values["--seed"] {
            guard let value = UInt64(text) else {
                throw .invalidValue(option: "--seed", value: text, expected: "an unsigned 64-bit integer")
            }
            seed = value
        }
        let method = try parsed.values["--method"].map { text throws(ArgumentProblem) -> SpectralModel.Method in
            guard let method = SpectralModel.Method(rawValue: text.lowercased()) else {
                throw .invalidValue(option: "--method", value: text, expected: "pls or simca")
            }
            return method
        } ?? .pls
        if method == .simca, !parsed.flags.contains("--classify") {
            throw .invalidValue(option: "--method", value: "simca", expected: "pls for an estimation model (SIMCA needs --classify)")
        }
        configuration = TrainingConfiguration(
            kind: parsed.flags.contains("--classify") ? .classification : .estimation, method: method,
            name: parsed.values["--name"] ?? "", unit: parsed.values["--unit"] ?? "",
            supportedSCiOVersions: (parsed.values["--scio-versions"] ?? "").split(separator: ",").map(String.init),
            pipeline: pipeline, components: components,
            folds: try parsed.integer("--folds", in: 2...1000) ?? 10, seed: seed, groupColumn: parsed.values["--groups"],
            outlierConfidence: try parsed.number("--confidence", in: 0.5...0.9999) ?? 0.95)
    }

    /// Trains, saves and reports the cross-validation table.
    public func run(_ context: CommandContext) async -> Int32 {
        run(in: WorkingDirectory(path: context.currentDirectory)).emit(context)
    }

    func run(in directory: WorkingDirectory) -> CommandOutcome {
        do {
            let dataset = try InputFiles.spectra(
                path: csvPath, target: target, kind: configuration.kind == .classification ? .labels : .numeric,
                filter: filter, in: directory)
            let result: ModelTrainer.Result
            do {
                result = try ModelTrainer.train(dataset, configuration: configuration)
            } catch {
                return .badInput("\(csvPath): cannot train on column '\(target)': \(error.description)")
            }
            do {
                try ModelFile.save(result.model, path: directory.resolve(outputPath))
            } catch {
                return CommandOutcome(
                    standardError: "error: \(directory.showingAsTyped(error.description, outputPath))\n",
                    exitCode: ExitCode.cannotWrite)
            }
            return .success(Report.training(result, savedTo: outputPath))
        } catch {
            return .badInput(error.message)
        }
    }
}
