import RigCommandLine
import Foundation
import SpectralAnalyzer

/// `rig bench analyzer`: measures a model's accuracy, outlier share and prediction time on labelled spectra.
public struct BenchAnalyzerCommand: Command {
    public static let name = "analyzer"
    public static let abstract = "Measure a model's accuracy, outlier share and prediction time on labelled spectra."
    public static let usage = "MODEL --csv FILE [--where COLUMN=VALUE] [--repeats N] [--max-rmsep X] [--min-accuracy X] [--max-outlier-share X] [--threads N] [--batch-spectra N] [--reference [--reference-script PATH]]"
    public static let options: [OptionSpec] = [
        OptionSpec("csv", value: "FILE", help: "Labelled spectra."),
        OptionSpec("where", value: "COLUMN=VALUE", help: "Use only rows whose named column holds VALUE (e.g. set=test)."),
        OptionSpec("repeats", value: "N", help: "Timed passes over the spectra (default: 20)."),
        OptionSpec("max-rmsep", value: "X", help: "Fail (exit 1) when RMSEP exceeds X."),
        OptionSpec("min-accuracy", value: "X", help: "Fail (exit 1) when accuracy is below X (0…1)."),
        OptionSpec("max-outlier-share", value: "X", help: "Fail (exit 1) when the outlier share exceeds X (0…1)."),
        OptionSpec("threads", value: "N", help: "Threads of the batch timing (default: the processor count)."),
        OptionSpec("batch-spectra", value: "N", help: "Spectra in the timed batch (default: about 4 MB of spectra, 1000…20000)."),
        OptionSpec("reference", help: "Also time scikit-learn + SciPy on the same spectra (needs python3, numpy, scipy and scikit-learn)."),
        OptionSpec("reference-script", value: "PATH", help: "The reference script (default: scripts/sklearn_reference.py)."),
    ]
    public static let discussion = """
    Analyzes labelled spectra (the CSV must hold the model's attribute column) and prints
    accuracy (RMSEP, R² and bias for estimation; confusion matrix and accuracy for
    classification), once over all spectra ignoring outlier screening and once over the
    spectra that are not outliers (an outlier counts as wrong for classification), the
    outlier share, and the speed of the whole analysis (preprocessing, model, T², Q): one
    spectrum per call on one thread (µs and spectra/s, median of N passes, wall clock) and
    a batch (the CSV's spectra repeated to about 4 MB, at least 1,000) on every core. With --reference the same
    model file is applied to the same spectra by scikit-learn + SciPy in the same run
    (scripts/sklearn_reference.py; PLS models) and both times are printed side by side.
    The limits apply to the figures over all spectra, and to the outlier share.

    Exit codes: 0 ok, 1 a limit was exceeded, 2 usage error, 3 bad model or CSV file.
    """

    let modelPath: String
    let csvPath: String
    let filter: RowFilter?
    let repeats: Int
    let maximumRMSEP: Double?
    let minimumAccuracy: Double?
    let maximumOutlierShare: Double?
    let threads: Int
    let batchSpectra: Int
    let reference: Bool
    let referenceScript: String

    public init(_ arguments: ParsedArguments) throws(UsageError) {
        do { try self.init(options: AnalyzerOptions(arguments, specs: Self.options)) } catch { throw error.usageError(Self.name) }
    }

    /// Reads the options.
    init(options parsed: AnalyzerOptions) throws(ArgumentProblem) {
        modelPath = try parsed.single("MODEL")
        csvPath = try parsed.required("--csv")
        filter = try parsed.rowFilter("--where")
        repeats = try parsed.integer("--repeats", in: 1...100_000) ?? 20
        maximumRMSEP = try parsed.number("--max-rmsep", in: 0...Double.greatestFiniteMagnitude)
        minimumAccuracy = try parsed.number("--min-accuracy", in: 0...1)
        maximumOutlierShare = try parsed.number("--max-outlier-share", in: 0...1)
        threads = try parsed.integer("--threads", in: 1...256) ?? BatchAnalysis.threads
        batchSpectra = try parsed.integer("--batch-spectra", in: 1...10_000_000) ?? 0
        reference = parsed.flags.contains("--reference")
        referenceScript = parsed.values["--reference-script"] ?? "scripts/sklearn_reference.py"
    }

    /// Measures and reports; exit 1 when a requested limit is exceeded.
    public func run(_ context: CommandContext) async -> Int32 {
        run(in: WorkingDirectory(path: context.currentDirectory)).emit(context)
    }

    func run(in directory: WorkingDirectory) -> CommandOutcome {
        do {
            let model = try InputFiles.model(path: modelPath, in: directory)
            if model.kind == .estimation, let minimumAccuracy {
                return .usage(
                    .invalidValue(option: "--min-accuracy", value: String(minimumAccuracy),
                                  expected: "no accuracy limit: \(modelPath) is an estimation model (use --max-rmsep)"),
                    command: "rig bench analyzer", usage: Self.usage)
            }
            if model.kind == .classification, let maximumRMSEP {
                return .usage(
                    .invalidValue(option: "--max-rmsep", value: String(maximumRMSEP),
                                  expected: "no RMSEP limit: \(modelPath) is a classification model (use --min-accuracy)"),
                    command: "rig bench analyzer", usage: Self.usage)
            }
            let dataset = try InputFiles.spectra(
                path: csvPath, target: model.attributeName,
                kind: model.kind == .classification ? .labels : .numeric, filter: filter, in: directory)
            try InputFiles.checkWavelengths(dataset, model: model, path: csvPath)
            let analyses: [Analysis]
            switch BatchAnalysis.analyze(dataset.spectra, with: model, threads: threads) {
            case .success(let results): analyses = results
            case .failure(let failure):
                return .badInput("\(csvPath): spectrum \(failure.row + 1): \(failure.error.description)")
            }
            let (timing, checksum) = AnalysisTiming.oneAtATime(model, spectra: dataset.spectra, repeats: repeats)
            let batch = batchSpectra > 0 ? batchSpectra : AnalysisTiming.cacheSizedBatch(width: dataset.spectra.columns)
            let batchTiming = AnalysisTiming.batch(model, spectra: dataset.spectra, repeats: max(1, min(repeats, 5)), count: batch, threads: threads)

            var text = "bench analyzer: model '\(model.name)' (\(model.kind.rawValue), \(model.method.rawValue), \(model.training.components) components)"
                + " on \(dataset.count) spectra of \(csvPath)\n"
            var failures: [String] = []
            let outliers = analyses.filter { $0.value == nil }.count
            let outlierShare = Double(outliers) / Double(max(analyses.count, 1))
            switch (model.kind, dataset.targets) {
            case (.estimation, .numeric(let reference)?):
                let all = RegressionMetrics(predicted: analyses.map(\.estimate), reference: reference)
                let kept = analyses.indices.filter { analyses[$0].value != nil }
                let accepted = RegressionMetrics(
                    predicted: kept.map { analyses[$0].estimate }, reference: kept.map { reference[$0] })
                text += "RMSEP \(Report.number(all.rootMeanSquaredError))  R² \(Report.number(all.rSquared))"
                    + "  bias \(Report.number(all.bias))  (all \(all.count) spectra, outlier screening ignored)\n"
                text += "RMSEP \(Report.number(accepted.rootMeanSquaredError))  R² \(Report.number(accepted.rSquared))"
                    + "  bias \(Report.number(accepted.bias))  (the \(kept.count) spectra that are not outliers)\n"
                if let limit = maximumRMSEP, !(all.rootMeanSquaredError <= limit) {
                    failures.append("RMSEP \(Report.number(all.rootMeanSquaredError)) exceeds \(limit)")
                }
            case (.classification, .labels(let labels)?):
                var confusion = ConfusionMatrix(classes: model.classes)
                var unscreened = ConfusionMatrix(classes: model.classes)
                for (analysis, label) in zip(analyses, labels) {
                    guard let actual = model.classes.firstIndex(of: label) else { continue }
                    let screened = analysis.value == nil ? nil : analysis.predictedClass(in: model)
                    confusion.record(actual: actual, predicted: screened)
                    unscreened.record(actual: actual, predicted: analysis.predictedClass(in: model))
                }
                let unknown = labels.filter { !model.classes.contains($0) }.count
                text += "accuracy \(Report.number(confusion.accuracy))  (\(confusion.correct)/\(confusion.total))"
                    + (unknown > 0 ? "; \(unknown) spectra have classes the model does not know and are not counted" : "")
                    + "\n\(confusion.table)\n"
                    + "accuracy \(Report.number(unscreened.accuracy)) with outlier screening ignored\n"
                if let limit = minimumAccuracy, !(unscreened.accuracy >= limit) {
                    failures.append("accuracy \(Report.number(unscreened.accuracy)) is below \(limit)")
                }
            default:
                let expected = model.kind == .classification ? "labels" : "numbers"
                return .badInput("\(csvPath): column '\(model.attributeName)' does not hold \(expected)")
            }
            text += "outliers \(outliers)/\(analyses.count) (\(Report.number(outlierShare * 100, 1))%)\n"
            if let limit = maximumOutlierShare, outlierShare > limit {
                failures.append("outlier share \(Report.number(outlierShare)) exceeds \(limit)")
            }
            text += Self.speedReport(
                rigkit: (timing, batchTiming), threads: threads, batch: batch,
                reference: reference ? referenceFigures(in: directory, batch: batch) : nil, analyses: analyses)
            if !checksum.isFinite { failures.append("a timed analysis produced a non-finite Q residual") }
            guard failures.isEmpty else {
                return CommandOutcome(
                    standardOutput: text, standardError: failures.map { "check failed: \($0)\n" }.joined(),
                    exitCode: ExitCode.failure)
            }
            return .success(text)
        } catch {
            return .badInput(error.message)
        }
    }

    /// Runs the scikit-learn reference on the same model file and spectra.
    private func referenceFigures(
        in directory: WorkingDirectory, batch: Int
    ) -> Result<ScikitLearnReference, ScikitLearnReference.ReferenceUnavailable> {
        ScikitLearnReference.run(
            script: directory.resolve(referenceScript), model: directory.resolve(modelPath), csv: directory.resolve(csvPath),
            filter: filter, repeats: max(1, min(repeats, 20)), batchSpectra: batch)
    }

    /// The speed lines: RigKit one at a time and in batch, and scikit-learn beside it when measured.
    static func speedReport(
        rigkit: (oneAtATime: Double, batch: Double), threads: Int, batch: Int,
        reference: Result<ScikitLearnReference, ScikitLearnReference.ReferenceUnavailable>?, analyses: [Analysis]
    ) -> String {
        func rate(_ microseconds: Double) -> String {
            microseconds > 0 && microseconds.isFinite ? String(format: "%.0f", 1e6 / microseconds) : "-"
        }
        var text = "analysis (preprocessing, model, T², Q), µs per spectrum (batch: \(batch) spectra):\n"
        text += "  impl          one per call  spectra/s    batch         spectra/s\n"
        text += "  RigKit        " + Report.number(rigkit.oneAtATime, 3).padding(14) + rate(rigkit.oneAtATime).padding(13)
            + Report.number(rigkit.batch, 3).padding(14) + rate(rigkit.batch) + "  (batch on \(threads) threads)\n"
        switch reference {
        case .success(let figures)?:
            text += "  scikit-learn  " + Report.number(figures.oneAtATime, 3).padding(14) + rate(figures.oneAtATime).padding(13)
                + Report.number(figures.batch, 3).padding(14) + rate(figures.batch)
                + "  (\(figures.version) + SciPy, batch vectorised in NumPy)\n"
            let ours = analyses.map { analysis -> Double in
                if case .estimate(let value) = analysis.unscreenedValue { value } else { .nan }
            }
            let worst = zip(ours, figures.predictions).map { abs($0 - $1) / max(abs($1), 1) }.max() ?? .nan
            let worstQ = zip(analyses.map(\.outlier.qResidual), figures.qResiduals).map { abs($0 - $1) / max($1, 1e-300) }.max() ?? .nan
            text += "  same spectra: predictions agree to \(String(format: "%.1e", worst)), Q to \(String(format: "%.1e", worstQ)) (relative)\n"
        case .failure(let unavailable)?:
            text += "  scikit-learn  not measured: \(unavailable.reason)\n"
        case nil:
            break
        }
        return text
    }
}

extension Analysis {
    /// The unscreened estimate, NaN for a classification.
    fileprivate var estimate: Double {
        if case .estimate(let value) = unscreenedValue { value } else { .nan }
    }

    /// The index of the unscreened class in the model's classes.
    fileprivate func predictedClass(in model: SpectralModel) -> Int? {
        if case .classification(let name, _, _) = unscreenedValue { model.classes.firstIndex(of: name) } else { nil }
    }
}
