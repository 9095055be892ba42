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
                let marker = score.components == model.training.components ? "  <" : ""
                lines.append(String(format: "%10d  ", score.components) + number(score.rmsecv).padding(10)
                    + "  " + number(score.rSquared) + marker)
            }
        case .classification:
            lines.append("components  accuracy(CV)")
            for score in model.training.crossValidation {
                let marker = score.components == model.training.components ? "  <" : ""
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
        text += "components: \(model.training.components)" + (model.method == .simca ? " per class" : "")
            + (model.training.componentsChosenAutomatically ? " (chosen by cross-validation)" : " (fixed)") + "\n"
        if let confusion = result.crossValidatedConfusion {
            text += "cross-validated confusion matrix (accuracy \(number(confusion.accuracy))):\n\(confusion.table)\n"
            if let calibration = model.calibration { text += "confidence temperature: \(number(calibration.temperature))\n" }
        }
        text += outlierLimits(model).map { "outlier limits \($0)\n" }.joined()
        text += "wrote \(path)\n"
        return text
    }

    /// The outlier limits: one line for PLS, one per class for SIMCA.
    static func outlierLimits(_ model: SpectralModel) -> [String] {
        if let outliers = model.outliers {
            return ["at \(number(outliers.confidence * 100, 1))%: T² \(number(outliers.hotellingT2Limit)), "
                + "Q \(String(format: "%.6g", outliers.qResidualLimit)) (\(outliers.qLimitMethod.rawValue))"]
        }
        return (model.simca?.classes ?? []).map { model in
            "\(model.label): T² \(number(model.hotellingT2Limit)), Q \(String(format: "%.6g", model.qResidualLimit))"
                + " (\(model.components.components) components)"
        }
    }

    /// What `info` prints.
    static func info(_ model: SpectralModel, path: String) -> String {
        let versions = model.supportedSCiOVersions.isEmpty ? "any" : model.supportedSCiOVersions.joined(separator: ", ")
        let unit = model.unit.isEmpty ? "" : " [\(model.unit)]"
        let range = "\(number(model.wavelengths.min(), 1))–\(number(model.wavelengths.max(), 1))"
        var lines: [String] = []
        lines.append("model file:     \(path) (format \(ModelFile.formatIdentifier) version \(ModelFile.version(for: model)))")
        lines.append("name:           \(model.name)")
        lines.append("type:           \(model.kind.rawValue)" + (model.method == .simca ? " (SIMCA)" : ""))
        lines.append("attribute:      \(model.attributeName)\(unit)")
        lines.append("SCiO versions:  \(versions)")
        lines.append("wavelengths:    \(model.wavelengths.count) points, \(range)")
        lines.append("preprocessing:  \(model.pipeline.specification)")
        lines.append("components:     \(model.training.components)" + (model.method == .simca ? " per class" : ""))
        lines.append("training:       \(model.training.samples) spectra, \(crossValidationScheme(model.training))")
        for (index, limits) in outlierLimits(model).enumerated() {
            lines.append((index == 0 ? "outlier limits: " : "                ") + limits)
        }
        if model.kind == .classification {
            lines.append("classes:        \(model.classes.joined(separator: ", "))")
            lines.append(model.method == .simca
                ? "confidence:     SIMCA margin 1 − max(T²/T²lim, Q/Qlim) of the class (not a probability)"
                : "confidence:     softmax, temperature \(number(model.calibration?.temperature))")
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
