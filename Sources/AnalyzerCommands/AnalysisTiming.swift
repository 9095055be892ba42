import Dispatch
import Foundation
import SpectralAnalyzer

/// Wall-clock timings of whole analyses (preprocessing, PLS or SIMCA, T², Q), setup outside the timed region.
enum AnalysisTiming {
    /// Median microseconds per spectrum over `repeats` passes, one spectrum per call on one thread
    /// through a reused workspace, and a checksum of the Q residuals that keeps the work alive.
    static func oneAtATime(_ model: SpectralModel, spectra: Matrix, repeats: Int) -> (microseconds: Double, checksum: Double) {
        let workspace = model.makeWorkspace()
        let rows = spectra.rows, width = spectra.columns
        // Enough passes per sample that a sample lasts about a millisecond even for 10 spectra.
        let passes = max(1, 2_000 / max(rows, 1))
        var samples: [Double] = [], checksum = 0.0
        spectra.values.withUnsafeBufferPointer { values in
            for _ in 0..<repeats {
                let start = ContinuousClock.now
                for _ in 0..<passes {
                    for row in 0..<rows {
                        let spectrum = UnsafeBufferPointer(rebasing: values[(row * width)..<((row + 1) * width)])
                        if let analysis = try? model.analyze(spectrum, workspace: workspace) { checksum += analysis.outlier.qResidual }
                    }
                }
                samples.append(seconds(ContinuousClock.now - start) * 1e6 / Double(max(rows * passes, 1)))
            }
        }
        return (median(samples), checksum)
    }

    /// Median microseconds per spectrum for the spectra tiled to at least `count` rows and analyzed
    /// in one `BatchAnalysis` call on `threads` threads.
    static func batch(_ model: SpectralModel, spectra: Matrix, repeats: Int, count: Int = 20_000, threads: Int) -> Double {
        let copies = max(1, count / max(spectra.rows, 1))
        let tiled = Matrix(
            rows: spectra.rows * copies, columns: spectra.columns,
            values: Array([[Double]](repeating: spectra.values, count: copies).joined()))!
        var samples: [Double] = []
        for _ in 0..<repeats {
            let start = ContinuousClock.now
            _ = BatchAnalysis.analyze(tiled, with: model, threads: threads)
            samples.append(seconds(ContinuousClock.now - start) * 1e6 / Double(tiled.rows))
        }
        return median(samples)
    }

    /// A batch size whose spectra take about 4 MB, between 1,000 and 20,000 spectra.
    ///
    /// Larger batches stream from memory, and on a shared VM the memory bandwidth, not the
    /// arithmetic, then bounds both cores (20,000 spectra of 1,840 points are 294 MB).
    static func cacheSizedBatch(width: Int) -> Int {
        min(20_000, max(1_000, 4_000_000 / (8 * max(width, 1))))
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    static func median(_ values: [Double]) -> Double {
        values.isEmpty ? .nan : values.sorted()[values.count / 2]
    }
}

/// scikit-learn + SciPy applying the same model file to the same spectra (`scripts/sklearn_reference.py --model`).
struct ScikitLearnReference {
    /// scikit-learn's version.
    let version: String
    /// Microseconds per spectrum, one spectrum per call.
    let oneAtATime: Double
    /// Microseconds per spectrum, the batch in one vectorised call.
    let batch: Double
    /// The first predicted response of each spectrum, in order.
    let predictions: [Double]
    /// Q of each spectrum, in order.
    let qResiduals: [Double]

    /// Runs the script with `python3`; a message saying why when it cannot.
    static func run(
        script: String, model: String, csv: String, filter: RowFilter?, repeats: Int, batchSpectra: Int
    ) -> Result<ScikitLearnReference, ReferenceUnavailable> {
        guard FileManager.default.fileExists(atPath: script) else { return .failure(.init(reason: "no script at \(script)")) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["python3", script, "--model", model, "--csv", csv, "--repeats", String(repeats), "--analyze-passes", "20",
                         "--batch-spectra", String(batchSpectra)]
        if let filter { arguments += ["--where", "\(filter.column)=\(filter.value)"] }
        process.arguments = arguments
        // OpenBLAS tuning meant for other tools would skew NumPy's timing; the reference runs with its defaults.
        var environment = ProcessInfo.processInfo.environment
        environment["OPENBLAS_CORETYPE"] = nil
        environment["OPENBLAS_L2_SIZE"] = nil
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { return .failure(.init(reason: "cannot run python3: \(error.localizedDescription)")) }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let one = object["analyzeMicrosecondsPerSpectrum"] as? Double,
              let batch = object["batchAnalyzeMicrosecondsPerSpectrum"] as? Double,
              let predictions = object["predictions"] as? [Double], let q = object["qResidual"] as? [Double]
        else {
            let last = message.split(separator: "\n").last.map(String.init) ?? "exit status \(process.terminationStatus)"
            return .failure(.init(reason: last))
        }
        return .success(ScikitLearnReference(
            version: (object["version"] as? String) ?? "?", oneAtATime: one, batch: batch, predictions: predictions, qResiduals: q))
    }

    /// Why the reference was not measured.
    struct ReferenceUnavailable: Error {
        let reason: String
    }
}
