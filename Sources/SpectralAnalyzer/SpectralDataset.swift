/// Spectra with their wavelengths, an optional target per spectrum and any other named columns.
public struct SpectralDataset: Sendable, Equatable {
    /// The wavelength (or channel) of each spectrum column.
    public let wavelengths: [Double]
    /// One spectrum per row.
    public let spectra: Matrix
    /// The name of the target column, when one was read.
    public let targetName: String?
    /// The target values, when a target column was read.
    public let targets: Targets?
    /// The text of every named (non-wavelength) column, the target's included, by column name, one entry per spectrum.
    public let annotations: [String: [String]]

    /// Target values: numbers for estimation, labels for classification.
    public enum Targets: Sendable, Equatable {
        /// One number per spectrum.
        case numeric([Double])
        /// One class label per spectrum.
        case labels([String])

        /// The number of values.
        public var count: Int {
            switch self {
            case .numeric(let values): values.count
            case .labels(let values): values.count
            }
        }

        /// The values at the given sample indices.
        public func selecting(_ indices: [Int]) -> Targets {
            switch self {
            case .numeric(let values): .numeric(indices.map { values[$0] })
            case .labels(let values): .labels(indices.map { values[$0] })
            }
        }
    }

    /// Creates a dataset; returns nil when the counts of wavelengths, spectra, targets or annotations disagree.
    public init?(
        wavelengths: [Double], spectra: Matrix, targetName: String? = nil, targets: Targets? = nil,
        annotations: [String: [String]] = [:]
    ) {
        guard spectra.columns == wavelengths.count, targets.map({ $0.count == spectra.rows }) ?? true,
              annotations.values.allSatisfy({ $0.count == spectra.rows })
        else { return nil }
        self.wavelengths = wavelengths
        self.spectra = spectra
        self.targetName = targetName
        self.targets = targets
        self.annotations = annotations
    }

    /// The number of spectra.
    public var count: Int { spectra.rows }

    /// The dataset restricted to the given spectra, in that order.
    public func selecting(_ indices: [Int]) -> SpectralDataset {
        SpectralDataset(
            wavelengths: wavelengths, spectra: spectra.selectingRows(indices), targetName: targetName,
            targets: targets?.selecting(indices), annotations: annotations.mapValues { column in indices.map { column[$0] } })!
    }
}
