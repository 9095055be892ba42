import Foundation
import SpectralAnalyzer

/// `rig model predict`: analyzes every spectrum of a CSV with a model.
struct PredictCommand {
    static let usage = """
        OVERVIEW: Analyze the spectra of a CSV with a model.

        USAGE: rig model predict MODEL --csv FILE [--where COLUMN=VALUE] [--scio-version VERSION]

        Analyzes each spectrum and prints CSV: spectrum (1-based row), value (estimate or class; null
        for an outlier, as the SCiO SDK), confidence (classification), Hotelling T², Q, outlier.
        The CSV's wavelength columns must be the model's.

        OPTIONS:
          --csv FILE              Spectra to analyze.
          --where COLUMN=VALUE    Analyze only rows whose named column holds VALUE.
          --scio-version VERSION  Refuse (exit 1) when the model does not support this SCiO version.
          -h, --help              Show this help.

        EXIT CODES: 0 ok, 1 SCiO version not supported, 2 usage error, 3 bad model or CSV file.

        """

    let modelPath: String
    let csvPath: String
    let filter: RowFilter?
    let scioVersion: String?

    /// Parses the arguments after `predict`.
    init(_ arguments: [String]) throws(UsageError) {
        let parsed = try ParsedArguments(arguments, options: ["--csv", "--where", "--scio-version"], flags: [])
        guard let path = parsed.positionals.first else { throw .missingArgument("MODEL") }
        if parsed.positionals.count > 1 { throw .unexpectedArgument(parsed.positionals[1]) }
        modelPath = path
        csvPath = try parsed.required("--csv")
        filter = try parsed.rowFilter("--where")
        scioVersion = parsed.values["--scio-version"]
    }

    /// Loads, analyzes and prints one line per spectrum.
    func run(in directory: WorkingDirectory) -> CommandOutcome {
        do {
            let model = try InputFiles.model(path: modelPath, in: directory)
            if let scioVersion, !model.supports(scioVersion: scioVersion) {
                return CommandOutcome(
                    standardError: "error: model '\(model.name)' does not support SCiO version \(scioVersion)"
                        + " (supported: \(model.supportedSCiOVersions.joined(separator: ", ")))\n",
                    exitCode: ExitCode.checkFailed)
            }
            let dataset = try InputFiles.spectra(path: csvPath, target: nil, kind: .numeric, filter: filter, in: directory)
            try InputFiles.checkWavelengths(dataset, model: model, path: csvPath)
            var lines = [model.kind == .classification
                ? "spectrum,\(model.attributeName),confidence,hotellingT2,qResidual,outlier"
                : "spectrum,\(model.attributeName),hotellingT2,qResidual,outlier"]
            for row in 0..<dataset.count {
                let analysis: Analysis
                do {
                    analysis = try model.analyze(dataset.spectra.row(row))
                } catch {
                    return .badInput("\(csvPath): spectrum \(row + 1): \(error.description)")
                }
                let statistics = "\(Report.number(analysis.outlier.hotellingT2)),"
                    + "\(String(format: "%.6g", analysis.outlier.qResidual)),\(analysis.outlier.isOutlier)"
                switch (model.kind, analysis.value) {
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
            return .success(lines.joined(separator: "\n") + "\n")
        } catch {
            return .badInput(error.message)
        }
    }
}
