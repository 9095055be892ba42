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
