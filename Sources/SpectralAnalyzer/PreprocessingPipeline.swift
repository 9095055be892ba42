/// An ordered list of preprocessing steps, applied first to last.
public struct PreprocessingPipeline: Sendable, Equatable, Codable {
    /// The steps, in application order.
    public var steps: [PreprocessingStep]

    /// Creates a pipeline from steps.
    public init(_ steps: [PreprocessingStep] = []) {
        self.steps = steps
    }

    /// Parses a comma-separated list of compact steps, such as `range:1000-1600,snv,sg:11:2:1`; empty text is the empty pipeline.
    public init(parsing text: String) throws(PreprocessingError) {
        var steps: [PreprocessingStep] = []
        for part in text.split(separator: ",") {
            let trimmed = part.trimmingCharacters(in: " ")
            if trimmed.isEmpty || trimmed == "none" { continue }
            steps.append(try PreprocessingStep(parsing: trimmed))
        }
        self.steps = steps
    }

    /// The compact, comma-separated form.
    public var specification: String {
        steps.isEmpty ? "none" : steps.map(\.specification).joined(separator: ",")
    }

    /// Learns each step's parameters from the training spectra (rows), with `wavelengths` naming the columns.
    public func fit(spectra: Matrix, wavelengths: [Double]) throws(PreprocessingError) -> FittedPreprocessingPipeline {
        guard spectra.columns >= 1, wavelengths.count == spectra.columns else { throw .noWavelengths }
        var current = spectra
        var currentWavelengths = wavelengths
        var fitted: [FittedPreprocessingStep] = []
        for step in steps {
            let fittedStep: FittedPreprocessingStep
            switch step {
            case .wavelengthRange(let minimum, let maximum):
                let indices = currentWavelengths.indices.filter {
                    currentWavelengths[$0] >= minimum && currentWavelengths[$0] <= maximum
                }
                guard !indices.isEmpty else {
                    let available = currentWavelengths.min().flatMap { low in currentWavelengths.max().map { low...$0 } }
                    throw .emptyWavelengthRange(minimum: minimum, maximum: maximum, available: available)
                }
                currentWavelengths = indices.map { currentWavelengths[$0] }
                fittedStep = .columnSelection(indices: indices)
            case .standardNormalVariate:
                fittedStep = .standardNormalVariate
            case .multiplicativeScatterCorrection:
                guard current.rows >= 1 else {
                    throw .tooFewSpectra(step: step.summary, needed: 1, found: current.rows)
                }
                fittedStep = .multiplicativeScatterCorrection(reference: current.columnMeans())
            case .savitzkyGolay(let filter):
                guard current.columns >= filter.window else {
                    throw .windowWiderThanSpectrum(window: filter.window, points: current.columns)
                }
                fittedStep = .savitzkyGolay(filter: filter)
            case .meanCentering:
                guard current.rows >= 1 else {
                    throw .tooFewSpectra(step: step.summary, needed: 1, found: current.rows)
                }
                fittedStep = .centering(means: current.columnMeans())
            case .autoscaling:
                guard current.rows >= 2 else {
                    throw .tooFewSpectra(step: step.summary, needed: 2, found: current.rows)
                }
                let means = current.columnMeans()
                let deviations = current.columnStandardDeviations(means: means)
                fittedStep = .scaling(means: means, scales: deviations.map { $0 > 0 ? $0 : 1 })
            }
            current = FittedPreprocessingPipeline.transform(current, with: fittedStep)
            fitted.append(fittedStep)
        }
        guard let pipeline = FittedPreprocessingPipeline(inputWidth: spectra.columns, steps: fitted) else {
            throw .noWavelengths
        }
        return pipeline
    }
}

extension String {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        var slice = Substring(self)
        while slice.first == character { slice = slice.dropFirst() }
        while slice.last == character { slice = slice.dropLast() }
        return String(slice)
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        String(self).trimmingCharacters(in: character)
    }
}
