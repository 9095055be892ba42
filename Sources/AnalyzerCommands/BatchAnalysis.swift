import Dispatch
import Foundation
import SpectralAnalyzer

/// Analyzes many spectra with a model on every core: contiguous chunks, one workspace per chunk.
enum BatchAnalysis {
    /// The first spectrum that could not be analyzed.
    struct Failure: Error {
        let row: Int
        let error: AnalysisError
    }

    /// The number of chunks run in parallel by default: the processor count.
    static var threads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Analyzes every row of `spectra`, in row order; `threads` chunks run at once.
    static func analyze(_ spectra: Matrix, with model: SpectralModel, threads: Int = threads) -> Result<[Analysis], Failure> {
        let rows = spectra.rows, width = spectra.columns
        guard rows > 0 else { return .success([]) }
        let chunks = max(1, min(threads, rows / 8))
        let slots = Slots(rows: rows, chunks: chunks)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let workspace = model.makeWorkspace()
            let start = rows * chunk / chunks, end = rows * (chunk + 1) / chunks
            spectra.values.withUnsafeBufferPointer { values in
                for row in start..<end {
                    let spectrum = UnsafeBufferPointer(rebasing: values[(row * width)..<((row + 1) * width)])
                    do throws(AnalysisError) {
                        slots.set(row, try model.analyze(spectrum, workspace: workspace))
                    } catch {
                        slots.fail(chunk, Failure(row: row, error: error))
                        return
                    }
                }
            }
        }
        if let failure = slots.firstFailure { return .failure(failure) }
        return .success(slots.analyses)
    }

    /// One analysis per row and the first failure per chunk, each written only by the chunk that owns it.
    ///
    /// `@unchecked Sendable`: chunks write disjoint rows and their own failure slot of buffers
    /// allocated before `concurrentPerform` and read after it returns, which orders the writes before the reads.
    private final class Slots: @unchecked Sendable {
        private let results: UnsafeMutableBufferPointer<Analysis?>
        private let failures: UnsafeMutableBufferPointer<Failure?>

        init(rows: Int, chunks: Int) {
            results = .allocate(capacity: rows)
            results.initialize(repeating: nil)
            failures = .allocate(capacity: chunks)
            failures.initialize(repeating: nil)
        }

        deinit {
            results.deinitialize()
            results.deallocate()
            failures.deinitialize()
            failures.deallocate()
        }

        func set(_ row: Int, _ analysis: Analysis) { results[row] = analysis }

        func fail(_ chunk: Int, _ failure: Failure) { failures[chunk] = failure }

        /// The failure of the lowest row (chunks are in row order).
        var firstFailure: Failure? { failures.lazy.compactMap { $0 }.first }

        var analyses: [Analysis] { results.map { $0! } }
    }
}
