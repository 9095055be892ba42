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
                fittedStep = .savitzkyGolay(filter)
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

/// A fitted pipeline: transforms spectra exactly as the training spectra were transformed.
public struct FittedPreprocessingPipeline: Sendable, Equatable, Codable {
    /// The number of points each input spectrum must have.
    public let inputWidth: Int
    /// The fitted steps, in application order.
    public let steps: [FittedPreprocessingStep]
    /// The number of points each output spectrum has.
    public let outputWidth: Int
    private let weights: [SavitzkyGolayWeights?]

    /// Creates a fitted pipeline, or returns nil when a step cannot take the width the previous step produces.
    public init?(inputWidth: Int, steps: [FittedPreprocessingStep]) {
        var width = inputWidth
        for step in steps {
            guard let next = step.outputWidth(forInputWidth: width) else { return nil }
            width = next
        }
        guard width >= 1 else { return nil }
        self.inputWidth = inputWidth
        self.steps = steps
        self.outputWidth = width
        self.weights = steps.map { step in
            if case .savitzkyGolay(let filter) = step { filter.makeWeights() } else { nil }
        }
    }

    private enum CodingKeys: String, CodingKey { case inputWidth, steps }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let width = try container.decode(Int.self, forKey: .inputWidth)
        let steps = try container.decode([FittedPreprocessingStep].self, forKey: .steps)
        guard let pipeline = FittedPreprocessingPipeline(inputWidth: width, steps: steps) else {
            throw DecodingError.dataCorruptedError(
                forKey: .steps, in: container,
                debugDescription: "the fitted steps do not fit together for \(width) input points")
        }
        self = pipeline
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(inputWidth, forKey: .inputWidth)
        try container.encode(steps, forKey: .steps)
    }

    /// Transforms one spectrum of `inputWidth` points.
    public func transform(_ spectrum: [Double]) -> [Double] {
        precondition(spectrum.count == inputWidth, "spectrum width must match the pipeline's input width")
        var current = spectrum
        for (step, cache) in zip(steps, weights) { current = step.transform(current, cache: cache) }
        return current
    }

    /// Transforms every row of a matrix of spectra.
    public func transform(_ spectra: Matrix) -> Matrix {
        var result = Matrix(rows: spectra.rows, columns: outputWidth)
        for row in 0..<spectra.rows { result.setRow(row, transform(spectra.row(row))) }
        return result
    }

    static func transform(_ spectra: Matrix, with step: FittedPreprocessingStep) -> Matrix {
        let cache: SavitzkyGolayWeights? = if case .savitzkyGolay(let filter) = step { filter.makeWeights() } else { nil }
        let rows = (0..<spectra.rows).map { step.transform(spectra.row($0), cache: cache) }
        return Matrix(rowArrays: rows) ?? Matrix(rows: 0, columns: 0)
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
