// Accuracy and speed of the spectral analyzer on real NIR data, with scikit-learn measured in the same run.
//
// Run with `swift run -c release analyzer-bench [--repeats N] [--output PATH] [--no-reference] [--case NAME]`.
// Results go to `.build/bench/analyzer.json`; the previous file there is read first and the
// change in each figure is printed, so runs can be compared.
import Dispatch
import RigSystem
import Foundation
import SpectralAnalyzer
import SpectralModelIO

/// One benchmark case: a data set, its target, preprocessing and cross-validation settings.
struct BenchCase {
    let name: String
    let file: String
    let target: String
    let kind: SpectralModel.Kind
    let pipeline: String
    let folds: Int
    let maximumComponents: Int
    /// A fixed component count (the speed cases), instead of the CV choice.
    var fixedComponents: Int? = nil
    /// A CSV path instead of `data/nir/<file>.csv` (the generated 1,840-point set).
    var path: String? = nil
}

/// The figures measured for one implementation on one case.
struct Figures: Codable {
    var components: Int
    var crossValidation: [Double]
    var rmsecvOrCVAccuracy: Double
    var rmsepOrAccuracy: Double
    var testR2: Double?
    var fitMilliseconds: Double
    var predictMicrosecondsPerSpectrum: Double
    var analyzeMicrosecondsPerSpectrum: Double?
    var batchPredictMicrosecondsPerSpectrum: Double?
    /// The per-step analysis this plan replaced (arrays per step), timed in the same run.
    var unplannedAnalyzeMicrosecondsPerSpectrum: Double? = nil
    /// Whole analyses of many spectra in one call, every core (RigKit) or one vectorised NumPy call.
    var batchAnalyzeMicrosecondsPerSpectrum: Double? = nil
}

/// The results of one case for RigKit and, when available, scikit-learn.
struct CaseResult: Codable {
    let name: String
    let kind: String
    let pipeline: String
    let folds: Int
    let trainSpectra: Int
    let testSpectra: Int
    /// Points per spectrum.
    let points: Int
    let rigkit: Figures
    var sklearn: Figures?
}

/// The file written per run.
struct RunResult: Codable {
    let date: String
    let repeats: Int
    let sklearnVersion: String?
    let cases: [CaseResult]
}

let cases = [
    BenchCase(name: "gasoline-raw", file: "gasoline", target: "octane", kind: .estimation, pipeline: "none",
              folds: 10, maximumComponents: 10),
    BenchCase(name: "gasoline-snv-sg1", file: "gasoline", target: "octane", kind: .estimation, pipeline: "snv,sg:15:2:1",
              folds: 10, maximumComponents: 10),
    BenchCase(name: "yarn-snv", file: "yarn", target: "density", kind: .estimation, pipeline: "snv",
              folds: 7, maximumComponents: 8),
    BenchCase(name: "mayonnaise-plsda", file: "mayonnaise", target: "oil", kind: .classification,
              pipeline: "snv,sg:11:2:1", folds: 10, maximumComponents: 15),
    // Speed cases of issue 18: the whole pipeline at gasoline's size with 2 components, and 1,840 points.
    BenchCase(name: "gasoline-401-full-2pc", file: "gasoline", target: "octane", kind: .estimation,
              pipeline: "range:900-1700,snv,sg:15:2:1,center", folds: 10, maximumComponents: 2, fixedComponents: 2),
    BenchCase(name: "gasoline-1840-snv-sg-2pc", file: "gasoline-1840", target: "octane", kind: .estimation,
              pipeline: "snv,sg:15:2:1", folds: 10, maximumComponents: 2, fixedComponents: 2,
              path: ".build/bench/gasoline-1840.csv"),
]
let seed: UInt64 = 20_250_101

/// The command-line options of the benchmark.
struct Options {
    var repeats = 30
    var outputPath = ".build/bench/analyzer.json"
    var useReference = true
    var only: String? = nil

    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--repeats": options.repeats = remaining.popFirst().flatMap { Int($0) }.map { max(1, $0) } ?? options.repeats
            case "--output": options.outputPath = remaining.popFirst() ?? options.outputPath
            case "--no-reference": options.useReference = false
            case "--case": options.only = remaining.popFirst()
            default:
                FileHandle.standardError.write(Data("usage: analyzer-bench [--repeats N] [--output PATH] [--no-reference] [--case NAME]\n".utf8))
                exit(2)
            }
        }
        return options
    }
}

let options = Options.parse(Array(CommandLine.arguments.dropFirst()))
let repeats = options.repeats
let outputPath = options.outputPath
let useReference = options.useReference

let root: String = {
    if FileManager.default.fileExists(atPath: "data/nir/gasoline.csv") { return "." }
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("analyzer-bench: \(message)\n".utf8))
    exit(1)
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
}

/// Runs `python3 scripts/sklearn_reference.py` with the case's settings and decodes its JSON.
func reference(_ benchCase: BenchCase, components: Int, batch: Int) -> (Figures, String)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    var args = ["python3", "\(root)/scripts/sklearn_reference.py", "--csv", csvPath(benchCase), "--analyze-passes", "20",
                "--batch-spectra", String(batch),
                "--target", benchCase.target, "--preprocess", benchCase.pipeline, "--folds", String(benchCase.folds),
                "--seed", String(seed), "--max-components", String(benchCase.maximumComponents),
                "--components", String(components), "--repeats", String(repeats)]
    if benchCase.kind == .classification { args.append("--classify") }
    process.arguments = args
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    _ = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
          let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
          let cv = object["crossValidation"] as? [[String: Any]], let split = object["split"] as? [String: Any]
    else { return nil }
    let key = benchCase.kind == .classification ? "accuracy" : "rmsecv"
    let curve = cv.compactMap { $0[key] as? Double }
    guard curve.count >= components else { return nil }
    let figures = Figures(
        components: components, crossValidation: curve, rmsecvOrCVAccuracy: curve[components - 1],
        rmsepOrAccuracy: (split[benchCase.kind == .classification ? "accuracy" : "rmsep"] as? Double) ?? .nan,
        testR2: split["r2"] as? Double, fitMilliseconds: (split["fitMilliseconds"] as? Double) ?? .nan,
        predictMicrosecondsPerSpectrum: (split["predictMicrosecondsPerSpectrum"] as? Double) ?? .nan,
        analyzeMicrosecondsPerSpectrum: split["analyzeMicrosecondsPerSpectrum"] as? Double,
        batchPredictMicrosecondsPerSpectrum: split["batchPredictMicrosecondsPerSpectrum"] as? Double,
        batchAnalyzeMicrosecondsPerSpectrum: split["batchAnalyzeMicrosecondsPerSpectrum"] as? Double)
    return (figures, (object["version"] as? String) ?? "?")
}

/// The batch size of the batch timings: about 4 MB of spectra, 1,000–20,000 (as `rig bench analyzer`).
func batchSpectra(width: Int) -> Int { min(20_000, max(1_000, 4_000_000 / (8 * max(width, 1)))) }

/// The CSV a case reads.
func csvPath(_ benchCase: BenchCase) -> String {
    benchCase.path.map { $0.hasPrefix("/") ? $0 : "\(root)/\($0)" } ?? "\(root)/data/nir/\(benchCase.file).csv"
}

/// Writes gasoline resampled to 1,840 points (linear interpolation over 900–1700 nm), the size of the issue's second speed target.
func writeResampledGasoline(points: Int, to path: String) {
    let source: SpectralDataset
    do { source = try SpectraCSV.read(path: "\(root)/data/nir/gasoline.csv", targetColumn: "octane") } catch { fail(error.description) }
    guard case .numeric(let octane)? = source.targets, let set = source.annotations["set"] else { fail("gasoline: no octane or set") }
    let low = source.wavelengths.first!, high = source.wavelengths.last!
    let grid = (0..<points).map { low + (high - low) * Double($0) / Double(points - 1) }
    var lines = ["octane,set," + grid.map { String(format: "%.4f", $0) }.joined(separator: ",")]
    for row in 0..<source.count {
        let spectrum = source.spectra.row(row)
        var cells = ["\(octane[row])", set[row]]
        for wavelength in grid {
            let position = (wavelength - low) / (high - low) * Double(spectrum.count - 1)
            let index = min(Int(position), spectrum.count - 2), fraction = position - Double(index)
            cells.append("\(spectrum[index] * (1 - fraction) + spectrum[index + 1] * fraction)")
        }
        lines.append(cells.joined(separator: ","))
    }
    do {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
        fail("cannot write \(path): \(error)")
    }
}

func sklearnAvailable() -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import sklearn, scipy, numpy"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}

/// Measures RigKit on one case: CV curve, automatic component choice, train/test split accuracy and timings.
func measure(_ benchCase: BenchCase) -> CaseResult {
    let dataset: SpectralDataset
    do {
        dataset = try SpectraCSV.read(
            path: csvPath(benchCase), targetColumn: benchCase.target,
            targetKind: benchCase.kind == .classification ? .labels : .numeric)
    } catch {
        fail(error.description)
    }
    let set = dataset.annotations["set"] ?? []
    let training = dataset.selecting(set.indices.filter { set[$0] == "train" })
    let test = dataset.selecting(set.indices.filter { set[$0] == "test" })
    let pipeline: PreprocessingPipeline
    do { pipeline = try PreprocessingPipeline(parsing: benchCase.pipeline) } catch { fail(error.description) }
    let configuration = TrainingConfiguration(
        kind: benchCase.kind, pipeline: pipeline,
        components: benchCase.fixedComponents.map { .fixed($0) } ?? .automatic(maximum: benchCase.maximumComponents),
        folds: benchCase.folds, seed: seed)

    // Cross-validation on all spectra chooses the component count, as the reference does.
    let full: ModelTrainer.Result
    do { full = try ModelTrainer.train(dataset, configuration: configuration) } catch { fail(error.description) }
    let components = full.model.components
    let curve = full.model.training.crossValidation.compactMap { benchCase.kind == .classification ? $0.accuracy : $0.rmsecv }

    var fixed = configuration
    fixed.components = .fixed(components)
    let model: SpectralModel
    do { model = try ModelTrainer.train(training, configuration: fixed).model } catch { fail(error.description) }
    guard let regression = model.regression, let outlierLimits = model.outliers, let plan = model.plan else {
        fail("\(benchCase.name): the benchmark cases are PLS models")
    }

    // Setup outside the timed region: matrices and responses are ready before the clock starts.
    let trainingResponses: Matrix
    switch training.targets {
    case .numeric(let values)?: trainingResponses = Matrix(rows: values.count, columns: 1, values: values)!
    case .labels(let labels)?:
        var matrix = Matrix(rows: labels.count, columns: model.classes.count)
        for (row, label) in labels.enumerated() { matrix[row, model.classes.firstIndex(of: label)!] = 1 }
        trainingResponses = matrix
    case nil: fail("\(benchCase.name): no targets")
    }
    let testSpectra = (0..<test.count).map { test.spectra.row($0) }
    let clock = ContinuousClock()
    var checksum = 0.0

    var fitTimes: [Double] = []
    for _ in 0..<repeats {
        let start = clock.now
        do {
            let fitted = try pipeline.fit(spectra: training.spectra, wavelengths: training.wavelengths)
            let regression = try PLSRegression.fit(x: fitted.transform(training.spectra), y: trainingResponses, components: components)
            checksum += regression.coefficients.values[0]
        } catch {
            fail("\(benchCase.name): \(error)")
        }
        fitTimes.append(seconds(clock.now - start) * 1e3)
    }

    var predictTimes: [Double] = []
    for _ in 0..<repeats {
        let start = clock.now
        for spectrum in testSpectra { checksum += regression.predict(model.preprocessing.transform(spectrum))[0] }
        predictTimes.append(seconds(clock.now - start) * 1e6 / Double(testSpectra.count))
    }

    var batchTimes: [Double] = []
    for _ in 0..<repeats {
        let start = clock.now
        let predicted = regression.predict(model.preprocessing.transform(test.spectra))
        batchTimes.append(seconds(clock.now - start) * 1e6 / Double(testSpectra.count))
        checksum += predicted.values[0]
    }

    // One spectrum per call through the compiled plan, as a scan arrives; the workspace is made once.
    let workspace = model.makeWorkspace()
    let passes = 2_000
    var analyzeTimes: [Double] = []
    var analyses: [Analysis] = []
    for pass in 0..<repeats {
        var results: [Analysis] = []
        results.reserveCapacity(testSpectra.count)
        for spectrum in testSpectra {
            do { results.append(try model.analyze(spectrum, workspace: workspace)) } catch { fail("\(benchCase.name): \(error)") }
        }
        if pass == 0 { analyses = results }
        let start = clock.now
        for _ in 0..<passes {
            for spectrum in testSpectra {
                do {
                    let analysis = try model.analyze(spectrum, workspace: workspace)
                    checksum += analysis.outlier.qResidual
                } catch {
                    fail("\(benchCase.name): \(error)")
                }
            }
        }
        analyzeTimes.append(seconds(clock.now - start) * 1e6 / Double(testSpectra.count * passes))
    }

    // The per-step path the plan replaced: an array per step, PLS on the result, then T² and Q.
    var unplannedTimes: [Double] = []
    for _ in 0..<repeats {
        let start = clock.now
        for _ in 0..<(passes / 20) {
            for spectrum in testSpectra {
                let preprocessed = model.preprocessing.transform(spectrum)
                let statistics = outlierLimits.assess(model: regression, preprocessed: preprocessed)
                checksum += regression.predict(preprocessed)[0] + statistics.qResidual
            }
        }
        unplannedTimes.append(seconds(clock.now - start) * 1e6 / Double(testSpectra.count * (passes / 20)))
    }
    for (spectrum, analysis) in zip(testSpectra, analyses) {
        let preprocessed = model.preprocessing.transform(spectrum)
        let statistics = outlierLimits.assess(model: regression, preprocessed: preprocessed)
        let old = regression.predict(preprocessed)
        let new: [Double] = switch analysis.unscreenedValue {
        case .estimate(let value): [value]
        case .classification: regression.predict(preprocessed)
        }
        let agreement = max(abs(old[0] - new[0]) / max(abs(old[0]), 1),
                            abs(statistics.qResidual - analysis.outlier.qResidual) / max(statistics.qResidual, 1e-300),
                            abs(statistics.hotellingT2 - analysis.outlier.hotellingT2) / max(statistics.hotellingT2, 1e-300))
        guard agreement < 1e-9 else { fail("\(benchCase.name): the plan and the per-step path disagree by \(agreement)") }
    }

    // Many spectra at once on every core: the test spectra tiled to about 4 MB (1,000–20,000 rows), one
    // workspace per chunk; much larger batches measure the memory bandwidth of the VM, not the cores.
    let tiled = Array(repeating: test.spectra.values, count: max(1, batchSpectra(width: test.spectra.columns) / max(test.count, 1)))
        .flatMap { $0 }
    let tiledRows = tiled.count / test.spectra.columns, width = test.spectra.columns
    let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
    var batchAnalyzeTimes: [Double] = []
    for _ in 0..<repeats {
        let sums = UnsafeMutableBufferPointer<Double>.allocate(capacity: cores)
        sums.initialize(repeating: 0)
        let start = clock.now
        tiled.withUnsafeBufferPointer { values in
            let base = UnsafeSendable(values, sums: sums)
            DispatchQueue.concurrentPerform(iterations: cores) { chunk in
                let workspace = model.makeWorkspace()
                var sum = 0.0
                for row in (tiledRows * chunk / cores)..<(tiledRows * (chunk + 1) / cores) {
                    let spectrum = UnsafeBufferPointer(rebasing: base.value[(row * width)..<((row + 1) * width)])
                    sum += plan.run(spectrum, workspace: workspace).qResidual
                }
                base.write(sum, at: chunk)
            }
        }
        batchAnalyzeTimes.append(seconds(clock.now - start) * 1e6 / Double(tiledRows))
        checksum += sums.reduce(0, +)
        sums.deallocate()
    }
    guard checksum.isFinite else { fail("\(benchCase.name): a timed result is not finite") }

    let testFigure: Double, r2: Double?
    switch test.targets {
    case .numeric(let reference)?:
        let predicted = analyses.map { analysis -> Double in
            if case .estimate(let value) = analysis.unscreenedValue { value } else { .nan }
        }
        let metrics = RegressionMetrics(predicted: predicted, reference: reference)
        (testFigure, r2) = (metrics.rootMeanSquaredError, metrics.rSquared)
    case .labels(let labels)?:
        let correct = zip(analyses, labels).filter { analysis, label in
            if case .classification(let name, _, _) = analysis.unscreenedValue { name == label } else { false }
        }.count
        (testFigure, r2) = (Double(correct) / Double(labels.count), nil)
    case nil: fail("\(benchCase.name): no test targets")
    }
    let outlierShare = Double(analyses.filter { $0.outlier.isOutlier }.count) / Double(max(analyses.count, 1))
    print(String(format: "  %@: %d of %d test spectra flagged as outliers (%.0f%%)", benchCase.name,
                 analyses.filter { $0.outlier.isOutlier }.count, analyses.count, outlierShare * 100))

    return CaseResult(
        name: benchCase.name, kind: benchCase.kind.rawValue, pipeline: benchCase.pipeline, folds: benchCase.folds,
        trainSpectra: training.count, testSpectra: test.count, points: test.spectra.columns,
        rigkit: Figures(
            components: components, crossValidation: curve, rmsecvOrCVAccuracy: curve[components - 1],
            rmsepOrAccuracy: testFigure, testR2: r2, fitMilliseconds: median(fitTimes),
            predictMicrosecondsPerSpectrum: median(predictTimes), analyzeMicrosecondsPerSpectrum: median(analyzeTimes),
            batchPredictMicrosecondsPerSpectrum: median(batchTimes),
            unplannedAnalyzeMicrosecondsPerSpectrum: median(unplannedTimes),
            batchAnalyzeMicrosecondsPerSpectrum: median(batchAnalyzeTimes)),
        sklearn: nil)
}

/// A buffer handed to `concurrentPerform`'s chunks.
///
/// `@unchecked Sendable`: the chunks only read the buffer and each writes its own slot of `sums`,
/// and `concurrentPerform` returns after every chunk has finished.
struct UnsafeSendable: @unchecked Sendable {
    let value: UnsafeBufferPointer<Double>
    let sums: UnsafeMutableBufferPointer<Double>
    init(_ value: UnsafeBufferPointer<Double>, sums: UnsafeMutableBufferPointer<Double>) { (self.value, self.sums) = (value, sums) }
    func write(_ sum: Double, at index: Int) { sums[index] = sum }
}

writeResampledGasoline(points: 1_840, to: "\(root)/.build/bench/gasoline-1840.csv")

let previous: RunResult? = (try? Data(contentsOf: URL(fileURLWithPath: outputPath)))
    .flatMap { try? JSONDecoder().decode(RunResult.self, from: $0) }
let withReference = useReference && sklearnAvailable()
if useReference && !withReference {
    print("scikit-learn not available (pip install scikit-learn); RigKit figures only")
}
print("analyzer-bench: \(repeats) timed repeats, seed \(seed)")
var results: [CaseResult] = []
var sklearnVersion: String?
for benchCase in cases where options.only.map({ benchCase.name.hasPrefix($0) }) ?? true {
    var result = measure(benchCase)
    if withReference, let (figures, version) = reference(benchCase, components: result.rigkit.components, batch: batchSpectra(width: result.points)) {
        result.sklearn = figures
        sklearnVersion = version
    }
    results.append(result)
}

func cell(_ value: Double?, _ digits: Int) -> String {
    guard let value, value.isFinite else { return "-" }
    return String(format: "%.\(digits)f", value)
}

print("")
print("case                     impl      A  CV(RMSECV|acc)  test(RMSEP|acc)  test R2   fit ms   predict µs  batch µs  analyze µs  spectra/s  per-step µs  batch analyze µs (all cores)")
for result in results {
    let rows: [(String, Figures?)] = [("RigKit", result.rigkit), ("sklearn", result.sklearn)]
    for (implementation, figures) in rows {
        guard let figures else { continue }
        let line = result.name.padding(toLength: 24, withPad: " ", startingAt: 0) + " "
            + implementation.padding(toLength: 8, withPad: " ", startingAt: 0)
            + String(format: "%3d  ", figures.components)
            + cell(figures.rmsecvOrCVAccuracy, 4).padding(toLength: 16, withPad: " ", startingAt: 0)
            + cell(figures.rmsepOrAccuracy, 4).padding(toLength: 17, withPad: " ", startingAt: 0)
            + cell(figures.testR2, 4).padding(toLength: 9, withPad: " ", startingAt: 0)
            + cell(figures.fitMilliseconds, 3).padding(toLength: 9, withPad: " ", startingAt: 0)
            + cell(figures.predictMicrosecondsPerSpectrum, 2).padding(toLength: 12, withPad: " ", startingAt: 0)
            + cell(figures.batchPredictMicrosecondsPerSpectrum, 2).padding(toLength: 10, withPad: " ", startingAt: 0)
            + cell(figures.analyzeMicrosecondsPerSpectrum, 3).padding(toLength: 12, withPad: " ", startingAt: 0)
            + cell(figures.analyzeMicrosecondsPerSpectrum.map { 1e6 / $0 }, 0).padding(toLength: 11, withPad: " ", startingAt: 0)
            + cell(figures.unplannedAnalyzeMicrosecondsPerSpectrum, 3).padding(toLength: 13, withPad: " ", startingAt: 0)
            + cell(figures.batchAnalyzeMicrosecondsPerSpectrum, 3)
        print(line)
    }
    if let sklearn = result.sklearn {
        let worst = zip(result.rigkit.crossValidation, sklearn.crossValidation)
            .map { abs($0 - $1) / max(abs($1), 1e-12) }.max() ?? .nan
        print("  CV curve agreement (1…\(min(result.rigkit.crossValidation.count, sklearn.crossValidation.count)) components): "
            + "largest relative difference \(String(format: "%.2e", worst))")
    }
    if let before = previous?.cases.first(where: { $0.name == result.name }) {
        print(String(format: "  vs previous run: fit %+.1f%%, predict %+.1f%%, test figure %+.2e",
                     100 * (result.rigkit.fitMilliseconds / before.rigkit.fitMilliseconds - 1),
                     100 * (result.rigkit.predictMicrosecondsPerSpectrum / before.rigkit.predictMicrosecondsPerSpectrum - 1),
                     result.rigkit.rmsepOrAccuracy - before.rigkit.rmsepOrAccuracy))
    }
}
print("""

A: components chosen by each case's k-fold CV on all spectra (fewest within 2% of the best RMSECV; best accuracy
for classification); test figures use each set's train/test split. fit: preprocessing fit + PLS fit on the
training split. predict: preprocessing + PLS per spectrum, one spectrum per call (as a scan arrives).
batch: the whole test split in one call, per spectrum. analyze: the whole analysis (preprocessing, centring,
PLS, Hotelling T², Q) one spectrum per call on one thread — RigKit through its compiled plan with a reused
workspace, scikit-learn + NumPy/SciPy with the same steps; spectra/s is its inverse. per-step: RigKit's
previous path (an array per step), same run. batch analyze: about 4 MB of spectra (1,000–20,000) per call,
RigKit on every core, NumPy vectorised. Times are medians of the repeats, wall clock.
""")

let run = RunResult(
    date: ISO8601DateFormatter().string(from: Date()), repeats: repeats, sklearnVersion: sklearnVersion, cases: results)
let encoder = JSONEncoder()
encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
do {
    let directory = URL(fileURLWithPath: outputPath).deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try OutputFile.write(try encoder.encode(run), to: outputPath)
    print("wrote \(outputPath)")
} catch {
    fail("cannot write \(outputPath): \(error)")
}
