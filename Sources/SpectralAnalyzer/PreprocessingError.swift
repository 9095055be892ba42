/// Why a preprocessing pipeline cannot be specified or fitted.
public enum PreprocessingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A step in the compact form is not one of `range:MIN-MAX`, `snv`, `msc`, `sg:W:P[:D]`, `center`, `autoscale`.
    case unparsableStep(String)
    /// A Savitzky–Golay step has an impossible window, order or derivative.
    case invalidFilter(SavitzkyGolay.SpecificationError)
    /// A wavelength range keeps no wavelength of the data.
    case emptyWavelengthRange(minimum: Double, maximum: Double, available: ClosedRange<Double>?)
    /// A Savitzky–Golay window is wider than the spectrum at that point of the pipeline.
    case windowWiderThanSpectrum(window: Int, points: Int)
    /// The spectra have no wavelength to work on.
    case noWavelengths
    /// A step needs more training spectra than were given.
    case tooFewSpectra(step: String, needed: Int, found: Int)

    public var description: String {
        switch self {
        case .unparsableStep(let text):
            "preprocessing step '\(text)' is not one of range:MIN-MAX, snv, msc, sg:WINDOW:ORDER[:DERIVATIVE], center, autoscale"
        case .invalidFilter(let error):
            error.description
        case .emptyWavelengthRange(let minimum, let maximum, let available):
            "wavelength range \(minimum)–\(maximum) nm keeps no wavelength"
                + (available.map { " (the data covers \($0.lowerBound)–\($0.upperBound) nm)" } ?? "")
        case .windowWiderThanSpectrum(let window, let points):
            "Savitzky–Golay window \(window) is wider than the \(points) points left at that step"
        case .noWavelengths:
            "the spectra have no wavelength columns"
        case .tooFewSpectra(let step, let needed, let found):
            "\(step) needs at least \(needed) training spectra, found \(found)"
        }
    }
}
