/// Savitzky–Golay filters: local least-squares polynomial fits evaluated (or differentiated) per point.
///
/// Interior points use the centred window; the first and last half-windows are evaluated on
/// the polynomial fitted to the first and last full window (SciPy's `mode="interp"`).
/// Derivatives are per sample index (unit spacing), as in SciPy with `delta=1`.
public struct SavitzkyGolay: Sendable, Equatable, Codable {
    /// The odd number of points in each window.
    public let window: Int
    /// The degree of the fitted polynomial, below `window`.
    public let polynomialOrder: Int
    /// The derivative evaluated: 0 smooths, 1 and 2 differentiate.
    public let derivative: Int

    /// Why a filter specification cannot be used.
    public enum SpecificationError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The window must be odd and at least 3 points wide.
        case windowNotOddOrTooSmall(window: Int)
        /// The polynomial order must be below the window length and not negative.
        case polynomialOrderOutOfRange(order: Int, window: Int)
        /// The derivative must not exceed the polynomial order (nor 2 here) and not be negative.
        case derivativeOutOfRange(derivative: Int, order: Int)

        public var description: String {
            switch self {
            case .windowNotOddOrTooSmall(let window):
                "Savitzky–Golay window \(window) must be odd and at least 3"
            case .polynomialOrderOutOfRange(let order, let window):
                "Savitzky–Golay polynomial order \(order) must be between 0 and \(window - 1) (window \(window))"
            case .derivativeOutOfRange(let derivative, let order):
                "Savitzky–Golay derivative \(derivative) must be between 0 and min(2, polynomial order \(order))"
            }
        }
    }

    /// Creates a filter after checking that the window, order and derivative fit together.
    public init(window: Int, polynomialOrder: Int, derivative: Int = 0) throws(SpecificationError) {
        guard window >= 3, window % 2 == 1 else { throw .windowNotOddOrTooSmall(window: window) }
        guard polynomialOrder >= 0, polynomialOrder < window else {
            throw .polynomialOrderOutOfRange(order: polynomialOrder, window: window)
        }
        guard derivative >= 0, derivative <= min(2, polynomialOrder) else {
            throw .derivativeOutOfRange(derivative: derivative, order: polynomialOrder)
        }
        self.window = window
        self.polynomialOrder = polynomialOrder
        self.derivative = derivative
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let window = try container.decode(Int.self, forKey: .window)
        let order = try container.decode(Int.self, forKey: .polynomialOrder)
        let derivative = try container.decode(Int.self, forKey: .derivative)
        do {
            try self.init(window: window, polynomialOrder: order, derivative: derivative)
        } catch {
            let field: CodingKeys = switch error {
            case .windowNotOddOrTooSmall: .window
            case .polynomialOrderOutOfRange: .polynomialOrder
            case .derivativeOutOfRange: .derivative
            }
            throw DecodingError.dataCorruptedError(forKey: field, in: container, debugDescription: error.description)
        }
    }

    private enum CodingKeys: String, CodingKey { case window, polynomialOrder, derivative }

    /// The weights that give the filtered value at window position `evaluatedAt` (0 is the centre).
    ///
    /// The weights are applied in natural order: `Σ weights[j] · y[start + j]`.
    public func weights(evaluatedAt position: Int = 0) -> [Double] {
        let half = window / 2
        let terms = polynomialOrder + 1
        let spread = Double(half)
        let offsets = (0..<window).map { Double($0 - half - position) / spread }
        var vandermonde = Matrix(rows: window, columns: terms)
        for (row, offset) in offsets.enumerated() {
            var power = 1.0
            for term in 0..<terms {
                vandermonde[row, term] = power
                power *= offset
            }
        }
        let normal = vandermonde.transposeMultiplied(by: vandermonde)
        var unit = Matrix(rows: terms, columns: 1)
        let factorial = derivative == 2 ? 2.0 : 1.0
        unit[derivative, 0] = factorial / pow(spread, derivative)
        guard let solution = LinearSolver.solve(normal, unit) else {
            return Array(repeating: .nan, count: window)
        }
        return vandermonde.multiplied(byVector: solution.column(0))
    }

    /// Filters one spectrum with precomputed weights; a spectrum shorter than the window is returned unchanged.
    public func apply(to spectrum: [Double], weights cache: SavitzkyGolayWeights) -> [Double] {
        let count = spectrum.count
        let half = window / 2
        guard count >= window else { return spectrum }
        var result = [Double](repeating: 0, count: count)
        spectrum.withUnsafeBufferPointer { y in
            let centre = cache.centre
            for index in half..<(count - half) {
                var sum = 0.0
                let start = index - half
                for j in 0..<window { sum += centre[j] * y[start + j] }
                result[index] = sum
            }
            for index in 0..<half {
                let leading = cache.leading[index]
                let trailing = cache.trailing[index]
                var headSum = 0.0, tailSum = 0.0
                for j in 0..<window {
                    headSum += leading[j] * y[j]
                    tailSum += trailing[j] * y[count - window + j]
                }
                result[index] = headSum
                result[count - half + index] = tailSum
            }
        }
        return result
    }

    /// Precomputes the centre and edge weights used by `apply(to:weights:)`.
    public func makeWeights() -> SavitzkyGolayWeights {
        let half = window / 2
        return SavitzkyGolayWeights(
            centre: weights(evaluatedAt: 0),
            leading: (0..<half).map { weights(evaluatedAt: $0 - half) },
            trailing: (0..<half).map { weights(evaluatedAt: $0 + 1) })
    }
}
