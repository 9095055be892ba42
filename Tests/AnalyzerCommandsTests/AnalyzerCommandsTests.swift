import Foundation
import Testing
@testable import AnalyzerCommands
import SpectralModelIO

@Suite struct AnalyzerCommandsTests {
    static let data: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/data/nir"
    }()

    func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "rigkit-command-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func everyCommandHasHelp() async {
        for arguments in [["--help"], ["train", "--help"], ["predict", "-h"], ["info", "--help"]] {
            let outcome = await AnalyzerCommands.model(arguments)
            #expect(outcome.exitCode == 0)
            #expect(outcome.standardOutput.hasPrefix("OVERVIEW: ") && outcome.standardOutput.contains("USAGE: rig model"))
        }
        let bench = await AnalyzerCommands.benchAnalyzer(["--help"])
        #expect(bench.exitCode == 0 && bench.standardOutput.contains("USAGE: rig bench analyzer"))
    }

    @Test func usageErrorsExitWithTwoAndShowUsage() async {
        let cases: [[String]] = [[], ["fit"], ["train", "--csv", "x.csv"], ["train", "--csv", "x.csv", "--target", "y", "-o", "m", "--components", "0"],
                                 ["train", "--bogus"], ["predict"], ["info", "a", "b"], ["train", "--csv"],
                                 ["train", "--csv", "x", "--target", "y", "-o", "m", "--preprocess", "sg:4:2"]]
        for arguments in cases {
            let outcome = await AnalyzerCommands.model(arguments)
            #expect(outcome.exitCode == 2, "\(arguments)")
            // rig's one usage format: the message, then the command's usage (or, for a group, its help).
            #expect(outcome.standardError.hasPrefix("error: rig model"), "\(arguments)")
            #expect(outcome.standardError.contains("usage: rig model") || outcome.standardError.contains("USAGE: rig model"), "\(arguments)")
        }
        #expect(await AnalyzerCommands.benchAnalyzer(["m.json"]).exitCode == 2)
        #expect(await AnalyzerCommands.benchAnalyzer(["m.json", "--csv", "x", "--min-accuracy", "2"]).exitCode == 2)
    }

    @Test func trainPredictInfoAndBenchOnGasoline() async throws {
        let directory = try temporaryDirectory()
        let model = directory + "/octane.json"
        let csv = Self.data + "/gasoline.csv"
        let train = await AnalyzerCommands.model([
            "train", "--csv", csv, "--target", "octane", "--where", "set=train", "--unit", "octane number",
            "--scio-versions", "1.1,1.2", "--preprocess", "sg:15:2:1", "-o", model,
        ])
        #expect(train.exitCode == 0, "\(train.standardError)")
        #expect(train.standardOutput.contains("RMSECV"))

        let info = await AnalyzerCommands.model(["info", model])
        #expect(info.exitCode == 0)
        #expect(info.standardOutput.contains("type:           estimation"))
        #expect(info.standardOutput.contains("SCiO versions:  1.1, 1.2"))

        let predict = await AnalyzerCommands.model(["predict", model, "--csv", csv, "--where", "set=test"])
        #expect(predict.exitCode == 0, "\(predict.standardError)")
        let lines = predict.standardOutput.split(separator: "\n")
        #expect(lines.first == "spectrum,octane,hotellingT2,qResidual,outlier")
        #expect(lines.count == 11)
        var outliers = 0
        for line in lines.dropFirst() {
            let cells = line.split(separator: ",")
            #expect(cells.count == 5)
            // Every spectrum gets its estimate, an outlier too; the flag sits beside it.
            #expect(Double(cells[1]).map { (80...95).contains($0) } ?? false, "\(line)")
            #expect(cells[4] == "true" || cells[4] == "false")
            if cells[4] == "true" { outliers += 1 }
        }
        // The vignette split: the test spectra lie outside the calibration space (Docs/SpectralAnalyzer.md).
        #expect(outliers >= 5)

        let sdk = await AnalyzerCommands.model(["predict", model, "--csv", csv, "--where", "set=test", "--null-outliers"])
        #expect(sdk.exitCode == 0, "\(sdk.standardError)")
        for (line, sdkLine) in zip(lines.dropFirst(), sdk.standardOutput.split(separator: "\n").dropFirst()) {
            let cells = line.split(separator: ","), sdkCells = sdkLine.split(separator: ",")
            // With --null-outliers an outlier's value is null, as in the SCiO SDK; the rest is unchanged.
            #expect(sdkCells[1] == (cells[4] == "true" ? "null" : cells[1]), "\(sdkLine)")
            #expect(sdkCells.dropFirst(2) == cells.dropFirst(2))
        }

        let refused = await AnalyzerCommands.model(["predict", model, "--csv", csv, "--scio-version", "2.0"])
        #expect(refused.exitCode == 1)

        let bench = await AnalyzerCommands.benchAnalyzer([model, "--csv", csv, "--where", "set=test", "--repeats", "2", "--batch-spectra", "100"])
        #expect(bench.exitCode == 0, "\(bench.standardError)")
        #expect(bench.standardOutput.contains("RMSEP"))
        #expect(bench.standardOutput.contains("RigKit "))
        #expect(bench.standardOutput.contains("spectra/s"))
        // A missing reference script is reported, not fatal.
        let referenced = await AnalyzerCommands.benchAnalyzer([
            model, "--csv", csv, "--where", "set=test", "--repeats", "1", "--batch-spectra", "10", "--reference",
            "--reference-script", "/nonexistent/reference.py",
        ])
        #expect(referenced.exitCode == 0)
        #expect(referenced.standardOutput.contains("scikit-learn  not measured: no script at /nonexistent/reference.py"))
        let strict = await AnalyzerCommands.benchAnalyzer([model, "--csv", csv, "--where", "set=test", "--repeats", "1", "--batch-spectra", "10", "--max-rmsep", "0.001"])
        #expect(strict.exitCode == 1)
        #expect(strict.standardError.contains("check failed: RMSEP"))
        let mismatched = await AnalyzerCommands.benchAnalyzer([model, "--csv", csv, "--min-accuracy", "0.9"])
        #expect(mismatched.exitCode == 2)
        #expect(mismatched.standardError.contains("estimation model"))
    }

    @Test func groupedCrossValidationIsReportedAndStored() async throws {
        let directory = try temporaryDirectory()
        // Gasoline's training spectra scanned twice: a `sample` column names the pairs.
        let lines = try String(contentsOfFile: Self.data + "/gasoline.csv", encoding: .utf8).split(separator: "\n")
        var csv = ["sample," + lines[0]]
        for (index, line) in lines.dropFirst().prefix(50).enumerated() {
            csv.append("s\(index),\(line)")
            csv.append("s\(index),\(line)")
        }
        let path = directory + "/pairs.csv", model = directory + "/pairs.json"
        try csv.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let train = await AnalyzerCommands.model([
            "train", "--csv", path, "--target", "octane", "--groups", "sample", "--folds", "5", "--components", "3", "-o", model,
        ])
        #expect(train.exitCode == 0, "\(train.standardError)")
        #expect(train.standardOutput.contains("5-fold grouped cross-validation by 'sample' (50 groups, each in one fold; seed 20250101)"))
        let stored = try ModelFile.load(path: model)
        #expect(stored.training.groupColumn == "sample" && stored.training.groups == 50)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: model))) as! [String: Any]
        #expect(object["formatVersion"] as? Int == 2)
        let info = await AnalyzerCommands.model(["info", model])
        #expect(info.standardOutput.contains("grouped cross-validation by 'sample'"))

        let missing = await AnalyzerCommands.model(["train", "--csv", path, "--target", "octane", "--groups", "batch", "-o", model])
        #expect(missing.exitCode == 3)
        #expect(missing.standardError.contains("no group column 'batch'"))
    }

    @Test func simcaIsSelectableInTrainAndPredicts() async throws {
        let directory = try temporaryDirectory()
        let model = directory + "/oil-simca.json"
        let csv = Self.data + "/mayonnaise.csv"
        let train = await AnalyzerCommands.model([
            "train", "--csv", csv, "--target", "oil", "--classify", "--method", "simca", "--where", "set=train",
            "--preprocess", "snv,sg:11:2:1", "--components", "4", "-o", model,
        ])
        #expect(train.exitCode == 0, "\(train.standardError)")
        #expect(train.standardOutput.contains("components: 4 per class (fixed)"))
        #expect(train.standardOutput.contains("outlier limits oil1: T² "))
        let info = await AnalyzerCommands.model(["info", model])
        #expect(info.standardOutput.contains("type:           classification (SIMCA)"))
        #expect(info.standardOutput.contains("version 2"))
        let predict = await AnalyzerCommands.model(["predict", model, "--csv", csv, "--where", "set=test", "--null-outliers"])
        #expect(predict.exitCode == 0, "\(predict.standardError)")
        let rows = predict.standardOutput.split(separator: "\n").dropFirst()
        #expect(rows.count == 42)
        #expect(rows.contains { $0.hasSuffix(",true") } && rows.contains { $0.hasSuffix(",false") })

        let estimation = await AnalyzerCommands.model(["train", "--csv", csv, "--target", "oil", "--method", "simca", "-o", model])
        #expect(estimation.exitCode == 2)
        #expect(await AnalyzerCommands.model(["train", "--csv", csv, "--target", "oil", "--classify", "--method", "lda", "-o", model]).exitCode == 2)
    }

    @Test func classificationPredictPrintsClassAndConfidence() async throws {
        let directory = try temporaryDirectory()
        let model = directory + "/oil.json"
        let csv = Self.data + "/mayonnaise.csv"
        let train = await AnalyzerCommands.model([
            "train", "--csv", csv, "--target", "oil", "--classify", "--where", "set=train",
            "--preprocess", "snv,sg:11:2:1", "--components", "auto", "-o", model,
        ])
        #expect(train.exitCode == 0, "\(train.standardError)")
        #expect(train.standardOutput.contains("confusion matrix"))
        let predict = await AnalyzerCommands.model(["predict", model, "--csv", csv, "--where", "set=test"])
        #expect(predict.exitCode == 0)
        #expect(predict.standardOutput.hasPrefix("spectrum,oil,confidence,"))
        for line in predict.standardOutput.split(separator: "\n").dropFirst() {
            let cells = line.split(separator: ",")
            #expect(cells[1].hasPrefix("oil") && (Double(cells[2]).map { $0 > 0 && $0 <= 1 } ?? false))
        }
        let sdk = await AnalyzerCommands.model(["predict", model, "--csv", csv, "--where", "set=test", "--null-outliers"])
        for line in sdk.standardOutput.split(separator: "\n").dropFirst() {
            let cells = line.split(separator: ",")
            if cells[5] == "true" {
                #expect(cells[1] == "null" && cells[2] == "null")
            } else {
                #expect(cells[1].hasPrefix("oil") && (Double(cells[2]).map { $0 > 0 && $0 <= 1 } ?? false))
            }
        }
        let info = await AnalyzerCommands.model(["info", model])
        #expect(info.standardOutput.contains("type:           classification"))
        #expect(info.standardOutput.contains("classes:        oil1, oil2, oil3, oil4, oil5, oil6"))
        let bench = await AnalyzerCommands.benchAnalyzer([model, "--csv", csv, "--where", "set=test", "--repeats", "1", "--batch-spectra", "50", "--min-accuracy", "0.5"])
        #expect(bench.exitCode == 0, "\(bench.standardError)")
        #expect(bench.standardOutput.contains("accuracy"))
    }

    @Test func badInputFilesExitWithThree() async throws {
        let directory = try temporaryDirectory()
        let ragged = directory + "/ragged.csv"
        try "y,1,2\n1,0.1,0.2\n2,0.3\n".write(toFile: ragged, atomically: true, encoding: .utf8)
        let train = await AnalyzerCommands.model(["train", "--csv", ragged, "--target", "y", "-o", directory + "/m.json"])
        #expect(train.exitCode == 3)
        #expect(train.standardError.contains("ragged.csv:3"))

        let missing = await AnalyzerCommands.model(["train", "--csv", Self.data + "/yarn.csv", "--target", "octane", "-o", directory + "/m.json"])
        #expect(missing.exitCode == 3)
        #expect(missing.standardError.contains("no column 'octane'"))

        let corrupt = directory + "/corrupt.json"
        try "{\"format\": \"rigkit.spectral-model\", \"formatVersion\": 1, \"model\": {".write(
            toFile: corrupt, atomically: true, encoding: .utf8)
        let info = await AnalyzerCommands.model(["info", corrupt])
        #expect(info.exitCode == 3)
        #expect(info.standardError.contains("corrupt.json") && info.standardError.contains("truncated"))
        #expect(await AnalyzerCommands.model(["info", directory + "/absent.json"]).exitCode == 3)
    }

    @Test func predictRefusesSpectraOfOtherWavelengths() async throws {
        let directory = try temporaryDirectory()
        let model = directory + "/yarn.json"
        #expect(await AnalyzerCommands.model([
            "train", "--csv", Self.data + "/yarn.csv", "--target", "density", "--folds", "7", "-o", model,
        ]).exitCode == 0)
        let outcome = await AnalyzerCommands.model(["predict", model, "--csv", Self.data + "/gasoline.csv"])
        #expect(outcome.exitCode == 3)
        #expect(outcome.standardError.contains("gasoline.csv:1"))
    }

    @Test func relativePathsResolveAgainstTheGivenDirectoryAndUnwritableOutputExitsWithFour() async throws {
        let directory = try temporaryDirectory()
        try FileManager.default.copyItem(atPath: Self.data + "/yarn.csv", toPath: directory + "/yarn.csv")
        let train = await AnalyzerCommands.model(
            ["train", "--csv", "yarn.csv", "--target", "density", "--folds", "7", "-o", "yarn.json"],
            currentDirectory: directory)
        #expect(train.exitCode == 0, "\(train.standardError)")
        #expect(FileManager.default.fileExists(atPath: directory + "/yarn.json"))
        let missing = await AnalyzerCommands.model(["info", "absent.json"], currentDirectory: directory)
        #expect(missing.exitCode == 3)
        #expect(missing.standardError.contains("absent.json: no such model file"))
        #expect(!missing.standardError.contains(directory))

        let unwritable = await AnalyzerCommands.model(
            ["train", "--csv", "yarn.csv", "--target", "density", "--folds", "7", "-o", "no-such-dir/yarn.json"],
            currentDirectory: directory)
        #expect(unwritable.exitCode == 4)
        #expect(unwritable.standardError.contains("no-such-dir/yarn.json"))
    }
}
