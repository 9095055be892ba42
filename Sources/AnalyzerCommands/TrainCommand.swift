import SpectralAnalyzer
import SpectralModelIO

/// `rig model train`: trains a model from a spectra CSV and saves it.
struct TrainCommand {
    static let usage = """
        OVERVIEW: Train a spectral analyzer model from a spectra CSV and save it.

        USAGE: rig model train --csv FILE --target COLUMN [--classify [--method pls|simca]] [--components N|auto]
                               [--groups COLUMN] -o MODEL

        Trains a PLS model (estimation) or a PLS-DA model (classification, with --classify) from a CSV
        whose header row holds wavelengths and named columns, chooses the number of components by
        k-fold cross-validation unless told, computes Hotelling T² and Q outlier limits, and writes
        the model file atomically.

        OPTIONS:
          --csv FILE              Training spectra.
          --target COLUMN         The named column to learn (numbers; class labels with --classify).
          --classify              Train a classification model instead of an estimation model.
          --method pls|simca      PLS (PLS-DA for --classify; default) or SIMCA (one PCA model per class
                                  with its own limits; needs --classify; can answer "none of these").
          --components N|auto     Number of PLS components (default: auto).
          --max-components N      Largest count tried by auto (default: 15).
          --preprocess STEPS      Comma-separated steps: range:MIN-MAX, snv, msc, sg:WINDOW:ORDER[:DERIV],
                                  center, autoscale (default: none; PLS always mean-centres).
          --folds K               Cross-validation folds (default: 10).
          --seed S                Seed of the fold shuffle (default: 20250101).
          --groups COLUMN         Keep the spectra of each group (equal values of the named column, such
                                  as a sample id for replicate scans) in one cross-validation fold.
          --confidence C          Confidence of the outlier limits, in (0, 1) (default: 0.95).
          --where COLUMN=VALUE    Train only on rows whose named column holds VALUE (e.g. set=train).
          --name NAME             Model name (default: the target column).
          --unit UNIT             Unit of the estimated attribute.
          --scio-versions LIST    Comma-separated SCiO versions the model supports.
          -o, --output MODEL      Where to write the model file.
          -h, --help              Show this help.

        EXIT CODES: 0 trained, 2 usage error, 3 bad input file or data that cannot be trained on,
        4 the model file cannot be written.

        """

    let csvPath: String
    let target: String
    let outputPath: String
    let filter: RowFilter?
    let configuration: TrainingConfiguration

    /// Parses and validates the arguments after `train`.
    init(_ arguments: [String]) throws(UsageError) {
        let parsed = try ParsedArguments(
            arguments,
            options: ["--csv", "--target", "--components", "--max-components", "--preprocess", "--folds", "--seed",
                      "--groups", "--method", "--confidence", "--where", "--name", "--unit", "--scio-versions", "--output"],
            flags: ["--classify"], aliases: ["-o": "--output"])
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
        let method = try parsed.values["--method"].map { text throws(UsageError) -> SpectralModel.Method in
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
