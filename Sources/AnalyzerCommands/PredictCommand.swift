import RigCommandLine
import Foundation
import SpectralAnalyzer

/// `rig model predict`: analyzes every spectrum of a CSV with a model.
public struct PredictCommand: Command {
    public static let name = "predict"
    public static let abstract = "Analyze the spectra of a CSV with a model."
    public static let usage = "MODEL --csv FILE [--where COLUMN=VALUE] [--scio-version VERSION] [--null-outliers]"
    public static let options: [OptionSpec] = [
        OptionSpec("csv", value: "FILE", help: "Spectra to analyze."),
        OptionSpec("where", value: "COLUMN=VALUE", help: "Analyze only rows whose named column holds VALUE."),
        OptionSpec("scio-version", value: "VERSION", help: "Refuse (exit 1) when the model does not support this SCiO version."),
        OptionSpec("null-outliers", help: "Print null as the value (and confidence) of an outlier, as the SCiO SDK."),
    ]
    public static let discussion = """
    Analyzes each spectrum and prints CSV: spectrum (1-based row), value (estimate or class),
    confidence (classification), Hotelling T², Q, outlier (true when T² or Q is above its limit).
    Every spectrum gets its value, outliers too; --null-outliers prints null instead, as the
    SCiO SDK does. The CSV's wavelength columns must be the model's.

    Exit codes: 0 ok, 1 SCiO version not supported, 2 usage error, 3 bad model or CSV file.
    """

    let modelPath: String
    let csvPath: String
    let filter: RowFilter?
    let scioVersion: String?
    let nullOutliers: Bool

    public init(_ arguments: ParsedArguments) throws(UsageError) {
        do { try self.init(options: AnalyzerOptions(arguments, specs: Self.options)) } catch { throw error.usageError(Self.name) }
    }

    /// Reads the options.
    init(options parsed: AnalyzerOptions) throws(ArgumentProblem) {
        modelPath = try parsed.single("MODEL")
        csvPath = try parsed.required("--csv")
        filter = try parsed.rowFilter("--where")
        scioVersion = parsed.values["--scio-version"]
        nullOutliers = parsed.flags.contains("--null-outliers")
    }

    /// Loads, analyzes and prints one line per spectrum.
    public func run(_ context: CommandContext) async -> Int32 {
        run(in: WorkingDirectory(path: context.currentDirectory)).emit(context)
    }

    func run(in directory: WorkingDirectory) -> CommandOutcome {
        do {
            let model = try InputFiles.model(path: modelPath, in: directory)
            if let scioVersion, !model.supports(scioVersion: scioVersion) {
                return CommandOutcome(
                    standardError: "error: model '\(model.name)' does not support SCiO version \(scioVersion)"
                        + " (supported: \(model.supportedSCiOVersions.joined(separator: ", ")))\n",
                    exitCode: ExitCode.failure)
            }
            let dataset = try InputFiles.spectra(path: csvPath, target: nil, kind: .numeric, filter: filter, in: directory)
            try InputFiles.checkWavelengths(dataset, model: model, path: csvPath)
            let analyses: [Analysis]
            switch BatchAnalysis.analyze(dataset.spectra, with: model) {
            case .success(let results): analyses = results
            case .failure(let failure):
                return .badInput("\(csvPath): spectrum \(failure.row + 1): \(failure.error.description)")
            }
            let lines = Self.table(analyses, model: model, nullOutliers: nullOutliers)
            return .success(lines.joined(separator: "\n") + "\n")
        } catch {
            return .badInput(error.message)
        }
    }

    /// The CSV lines `predict` prints: a header, then one line per analysis in order.
    ///
    /// Each line has the computed value (an outlier's too) unless `nullOutliers`, which prints the
    /// SCiO SDK's null for an outlier's value and confidence.
    static func table(_ analyses: [Analysis], model: SpectralModel, nullOutliers: Bool) -> [String] {
        var lines = [model.kind == .classification
            ? "spectrum,\(model.attributeName),confidence,hotellingT2,qResidual,outlier"
            : "spectrum,\(model.attributeName),hotellingT2,qResidual,outlier"]
        for (row, analysis) in analyses.enumerated() {
            let statistics = "\(Report.number(analysis.outlier.hotellingT2)),"
                + "\(String(format: "%.6g", analysis.outlier.qResidual)),\(analysis.outlier.isOutlier)"
            let value = nullOutliers ? analysis.value : analysis.unscreenedValue.isFinite ? analysis.unscreenedValue : nil
            switch (model.kind, value) {
            case (.estimation, .estimate(let value)?):
                lines.append("\(row + 1),\(Report.number(value, 6)),\(statistics)")
            case (.classification, .classification(let name, let confidence, _)?):
                lines.append("\(row + 1),\(name),\(Report.number(confidence)),\(statistics)")
            case (.estimation, _):
                lines.append("\(row + 1),null,\(statistics)")
            case (.classification, _):
                lines.append("\(row + 1),null,null,\(statistics)")
            }
        }
        return lines
    }
}
