import Foundation
import SpectralAnalyzer
import SpectralModelIO

/// Text the analyzer commands print.
enum Report {
    /// A number with `digits` decimals, or `-` when absent or not finite.
    static func number(_ value: Double?, _ digits: Int = 4) -> String {
        guard let value, value.isFinite else { return "-" }
        return String(format: "%.\(digits)f", value)
    }

    /// The cross-validation table of a model.
    static func crossValidation(_ model: SpectralModel) -> String {
        var lines: [String] = []
        switch model.kind {
        case .estimation:
            lines.append("components  RMSECV      R2(CV)")
            for score in model.training.crossValidation {
                let marker = score.components == model.regression.components ? "  <" : ""
                lines.append(String(format: "%10d  ", score.components) + number(score.rmsecv).padding(10)
                    + "  " + number(score.rSquared) + marker)
            }
        case .classification:
            lines.append("components  accuracy(CV)")
            for score in model.training.crossValidation {
                let marker = score.components == model.regression.components ? "  <" : ""
                lines.append(String(format: "%10d  ", score.components) + number(score.accuracy) + marker)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// How the folds were drawn, such as `10-fold cross-validation (seed 20250101)`.
    static func crossValidationScheme(_ training: TrainingSummary) -> String {
        if let column = training.groupColumn, let groups = training.groups {
            return "\(training.folds)-fold grouped cross-validation by '\(column)' (\(groups) groups, each in one fold; seed \(training.seed))"
        }
        return "\(training.folds)-fold cross-validation (seed \(training.seed))"
    }

    /// What `train` prints.
    static func training(_ result: ModelTrainer.Result, savedTo path: String) -> String {
        let model = result.model
        var text = "trained \(model.kind.rawValue) model '\(model.name)' on \(model.training.samples) spectra, "
            + crossValidationScheme(model.training) + "\n"
        text += crossValidation(model) + "\n"
        text += "components: \(model.regression.components)"
            + (model.training.componentsChosenAutomatically ? " (chosen by cross-validation)" : " (fixed)") + "\n"
        if let confusion = result.crossValidatedConfusion {
            text += "cross-validated confusion matrix (accuracy \(number(confusion.accuracy))):\n\(confusion.table)\n"
            text += "confidence temperature: \(number(model.calibration?.temperature))\n"
        }
        text += "outlier limits at \(number(model.outliers.confidence * 100, 1))%: T² \(number(model.outliers.hotellingT2Limit)), "
            + "Q \(String(format: "%.6g", model.outliers.qResidualLimit)) (\(model.outliers.qLimitMethod.rawValue))\n"
        text += "wrote \(path)\n"
        return text
    }

    /// What `info` prints.
    static func info(_ model: SpectralModel, path: String) -> String {
        let versions = model.supportedSCiOVersions.isEmpty ? "any" : model.supportedSCiOVersions.joined(separator: ", ")
        let unit = model.unit.isEmpty ? "" : " [\(model.unit)]"
        let range = "\(number(model.wavelengths.min(), 1))–\(number(model.wavelengths.max(), 1))"
        let limits = "\(number(model.outliers.confidence * 100, 1))%: T² \(number(model.outliers.hotellingT2Limit)), "
        let qLimit = "Q \(String(format: "%.6g", model.outliers.qResidualLimit)) (\(model.outliers.qLimitMethod.rawValue))"
        var lines: [String] = []
        lines.append("model file:     \(path) (format \(ModelFile.formatIdentifier) version \(ModelFile.currentVersion))")
        lines.append("name:           \(model.name)")
        lines.append("type:           \(model.kind.rawValue)")
        lines.append("attribute:      \(model.attributeName)\(unit)")
        lines.append("SCiO versions:  \(versions)")
        lines.append("wavelengths:    \(model.wavelengths.count) points, \(range)")
        lines.append("preprocessing:  \(model.pipeline.specification)")
        lines.append("components:     \(model.regression.components)")
        lines.append("training:       \(model.training.samples) spectra, \(crossValidationScheme(model.training))")
        lines.append("outlier limits: \(limits)\(qLimit)")
        if model.kind == .classification {
            lines.append("classes:        \(model.classes.joined(separator: ", "))")
            lines.append("confidence:     softmax, temperature \(number(model.calibration?.temperature))")
        }
        return lines.joined(separator: "\n") + "\n" + crossValidation(model) + "\n"
    }
}

extension String {
    /// The string padded with spaces on the right to `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
