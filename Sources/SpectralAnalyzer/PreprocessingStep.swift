/// One preprocessing operation as the user specifies it, before it has seen training data.
public enum PreprocessingStep: Sendable, Equatable, Codable {
    /// Keeps the wavelengths in a closed interval (nm), dropping the others.
    case wavelengthRange(minimum: Double, maximum: Double)
    /// Standard normal variate: centres each spectrum on its own mean and divides by its sample standard deviation.
    case standardNormalVariate
    /// Multiplicative scatter correction against the mean training spectrum.
    case multiplicativeScatterCorrection
    /// Savitzky–Golay smoothing or differentiation along the wavelength axis.
    case savitzkyGolay(filter: SavitzkyGolay)
    /// Subtracts the training mean of each wavelength.
    case meanCentering
    /// Subtracts the training mean of each wavelength and divides by its training standard deviation.
    case autoscaling

    /// Parses the compact form used on the command line: `range:MIN-MAX`, `snv`, `msc`, `sg:W:P[:D]`, `center`, `autoscale`.
    public init(parsing text: String) throws(PreprocessingError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        switch parts[0].lowercased() {
        case "snv" where parts.count == 1:
            self = .standardNormalVariate
        case "msc" where parts.count == 1:
            self = .multiplicativeScatterCorrection
        case "center", "centre", "mean-center", "mean-centre":
            guard parts.count == 1 else { throw .unparsableStep(text) }
            self = .meanCentering
        case "autoscale", "scale":
            guard parts.count == 1 else { throw .unparsableStep(text) }
            self = .autoscaling
        case "range" where parts.count == 2:
            let bounds = parts[1].split(separator: "-").map { Double($0) }
            guard bounds.count == 2, let low = bounds[0], let high = bounds[1], low.isFinite, high.isFinite, low <= high
            else { throw .unparsableStep(text) }
            self = .wavelengthRange(minimum: low, maximum: high)
        case "sg" where parts.count == 3 || parts.count == 4:
            let numbers = parts.dropFirst().map { Int($0) }
            guard numbers.allSatisfy({ $0 != nil }) else { throw .unparsableStep(text) }
            do {
                self = .savitzkyGolay(filter: try SavitzkyGolay(
                    window: numbers[0]!, polynomialOrder: numbers[1]!, derivative: numbers.count == 3 ? numbers[2]! : 0))
            } catch {
                throw .invalidFilter(error)
            }
        default:
            throw .unparsableStep(text)
        }
    }

    /// The compact form accepted by `init(parsing:)`.
    public var specification: String {
        switch self {
        case .wavelengthRange(let minimum, let maximum): "range:\(NumberFormatting.label(minimum))-\(NumberFormatting.label(maximum))"
        case .standardNormalVariate: "snv"
        case .multiplicativeScatterCorrection: "msc"
        case .savitzkyGolay(let filter): "sg:\(filter.window):\(filter.polynomialOrder):\(filter.derivative)"
        case .meanCentering: "center"
        case .autoscaling: "autoscale"
        }
    }

    /// A short human-readable description.
    public var summary: String {
        switch self {
        case .wavelengthRange(let minimum, let maximum):
            "wavelength range \(NumberFormatting.label(minimum))–\(NumberFormatting.label(maximum)) nm"
        case .standardNormalVariate: "standard normal variate"
        case .multiplicativeScatterCorrection: "multiplicative scatter correction"
        case .savitzkyGolay(let filter):
            "Savitzky–Golay window \(filter.window), order \(filter.polynomialOrder), "
                + (filter.derivative == 0 ? "smoothing" : "derivative \(filter.derivative)")
        case .meanCentering: "mean centring"
        case .autoscaling: "autoscaling"
        }
    }
}
