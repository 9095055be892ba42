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

    /// The number of chunks run in parallel.
    static var threads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Analyzes every row of `spectra`, in row order; `threads` chunks run at once.
    static func analyze(_ spectra: Matrix, with model: SpectralModel, threads: Int = threads) -> Result<[Analysis], Failure> {
        let rows = spectra.rows, width = spectra.columns
        guard rows > 0 else { return .success([]) }
        let chunks = max(1, min(threads, rows / 8))
        let slots = ResultSlots(count: rows)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let workspace = model.makeWorkspace()
            let start = rows * chunk / chunks, end = rows * (chunk + 1) / chunks
            spectra.values.withUnsafeBufferPointer { values in
                for row in start..<end {
                    let spectrum = UnsafeBufferPointer(rebasing: values[(row * width)..<((row + 1) * width)])
                    do throws(AnalysisError) {
                        slots.set(row, .success(try model.analyze(spectrum, workspace: workspace)))
                    } catch {
                        slots.set(row, .failure(Failure(row: row, error: error)))
                    }
                }
            }
        }
        var analyses: [Analysis] = []
        analyses.reserveCapacity(rows)
        for result in slots.results {
            switch result {
            case .success(let analysis)?: analyses.append(analysis)
            case .failure(let failure)?: return .failure(failure)
            case nil: preconditionFailure("every row is analyzed")
            }
        }
        return .success(analyses)
    }

    /// One result per row, written by the chunk that owns the row.
    ///
    /// `@unchecked Sendable`: chunks write disjoint rows of a buffer allocated before and read
    /// after `concurrentPerform`, which orders the writes before the read.
    private final class ResultSlots: @unchecked Sendable {
        private let buffer: UnsafeMutableBufferPointer<Result<Analysis, Failure>?>

        init(count: Int) {
            buffer = .allocate(capacity: count)
            buffer.initialize(repeating: nil)
        }

        deinit {
            buffer.deinitialize()
            buffer.deallocate()
        }

        func set(_ row: Int, _ result: Result<Analysis, Failure>) { buffer[row] = result }

        var results: UnsafeMutableBufferPointer<Result<Analysis, Failure>?> { buffer }
    }
}

