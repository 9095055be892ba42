/// A preprocessing operation with the parameters it learned from training spectra.
public enum FittedPreprocessingStep: Sendable, Equatable, Codable {
    /// Keeps the listed input columns, in order.
    case columnSelection(indices: [Int])
    /// Standard normal variate per spectrum.
    case standardNormalVariate
    /// Multiplicative scatter correction against a stored reference spectrum.
    case multiplicativeScatterCorrection(reference: [Double])
    /// Savitzky–Golay smoothing or differentiation.
    case savitzkyGolay(filter: SavitzkyGolay)
    /// Subtracts stored column means.
    case centering(means: [Double])
    /// Subtracts stored column means and divides by stored column scales.
    case scaling(means: [Double], scales: [Double])

    /// The number of points this step outputs for `inputWidth` input points, or nil when the step cannot take that width.
    public func outputWidth(forInputWidth inputWidth: Int) -> Int? {
        switch self {
        case .columnSelection(let indices):
            guard !indices.isEmpty, indices.allSatisfy({ $0 >= 0 && $0 < inputWidth }) else { return nil }
            return indices.count
        case .standardNormalVariate:
            return inputWidth >= 1 ? inputWidth : nil
        case .multiplicativeScatterCorrection(let reference):
            return reference.count == inputWidth ? inputWidth : nil
        case .savitzkyGolay(let filter):
            return inputWidth >= filter.window ? inputWidth : nil
        case .centering(let means):
            return means.count == inputWidth ? inputWidth : nil
        case .scaling(let means, let scales):
            return means.count == inputWidth && scales.count == inputWidth && scales.allSatisfy({ $0 > 0 })
                ? inputWidth : nil
        }
    }

    /// Transforms one spectrum whose width this step accepts.
    public func transform(_ spectrum: [Double], cache: SavitzkyGolayWeights?) -> [Double] {
        switch self {
        case .columnSelection(let indices):
            return indices.map { spectrum[$0] }
        case .standardNormalVariate:
            return ScatterCorrection.standardNormalVariate(spectrum)
        case .multiplicativeScatterCorrection(let reference):
            return ScatterCorrection.multiplicativeScatterCorrection(spectrum, reference: reference)
        case .savitzkyGolay(let filter):
            return filter.apply(to: spectrum, weights: cache ?? filter.makeWeights())
        case .centering(let means):
            return zip(spectrum, means).map { $0 - $1 }
        case .scaling(let means, let scales):
            return spectrum.indices.map { (spectrum[$0] - means[$0]) / scales[$0] }
        }
    }
}
