import Testing
@testable import SpectralAnalyzer

/// Coefficients from the published Savitzky–Golay convolution tables (Savitzky & Golay 1964, as corrected by Steinier et al. 1972).
@Suite struct SavitzkyGolayTests {
    func expectWeights(_ window: Int, _ order: Int, _ derivative: Int, _ numerators: [Double], _ denominator: Double) throws {
        let filter = try SavitzkyGolay(window: window, polynomialOrder: order, derivative: derivative)
        let weights = filter.weights()
        #expect(weights.count == numerators.count)
        for (weight, numerator) in zip(weights, numerators) {
            #expect(close(weight, numerator / denominator, relative: 1e-12), "\(window)/\(order)/\(derivative): \(weights)")
        }
    }

    @Test func smoothingTables() throws {
        try expectWeights(5, 2, 0, [-3, 12, 17, 12, -3], 35)
        try expectWeights(7, 2, 0, [-2, 3, 6, 7, 6, 3, -2], 21)
        try expectWeights(9, 2, 0, [-21, 14, 39, 54, 59, 54, 39, 14, -21], 231)
        try expectWeights(7, 4, 0, [5, -30, 75, 131, 75, -30, 5], 231)
    }

    @Test func firstDerivativeTables() throws {
        try expectWeights(5, 2, 1, [-2, -1, 0, 1, 2], 10)
        try expectWeights(7, 2, 1, [-3, -2, -1, 0, 1, 2, 3], 28)
        try expectWeights(5, 3, 1, [1, -8, 0, 8, -1], 12)
        try expectWeights(7, 3, 1, [22, -67, -58, 0, 58, 67, -22], 252)
    }

    @Test func secondDerivativeTables() throws {
        try expectWeights(5, 2, 2, [2, -1, -2, -1, 2], 7)
        try expectWeights(7, 2, 2, [5, 0, -3, -4, -3, 0, 5], 42)
    }

    @Test func polynomialsWithinTheOrderPassUnchangedIncludingEdges() throws {
        let filter = try SavitzkyGolay(window: 7, polynomialOrder: 3)
        let cubic = (0..<20).map { x -> Double in let x = Double(x); return 0.5 * x * x * x - 2 * x * x + x - 4 }
        let smoothed = filter.apply(to: cubic, weights: filter.makeWeights())
        for (a, b) in zip(smoothed, cubic) { #expect(close(a, b, relative: 1e-9)) }
    }

    @Test func derivativesOfAQuadraticAreExactEverywhere() throws {
        let quadratic = (0..<15).map { x -> Double in let x = Double(x); return 3 * x * x - 2 * x + 1 }
        let first = try SavitzkyGolay(window: 5, polynomialOrder: 2, derivative: 1)
        let second = try SavitzkyGolay(window: 5, polynomialOrder: 2, derivative: 2)
        let slope = first.apply(to: quadratic, weights: first.makeWeights())
        let curvature = second.apply(to: quadratic, weights: second.makeWeights())
        for x in 0..<15 {
            #expect(close(slope[x], 6 * Double(x) - 2, relative: 1e-9))
            #expect(close(curvature[x], 6, relative: 1e-9))
        }
    }

    @Test func rejectsImpossibleSpecifications() {
        #expect(throws: SavitzkyGolay.SpecificationError.windowNotOddOrTooSmall(window: 4)) {
            try SavitzkyGolay(window: 4, polynomialOrder: 2)
        }
        #expect(throws: SavitzkyGolay.SpecificationError.polynomialOrderOutOfRange(order: 5, window: 5)) {
            try SavitzkyGolay(window: 5, polynomialOrder: 5)
        }
        #expect(throws: SavitzkyGolay.SpecificationError.derivativeOutOfRange(derivative: 2, order: 1)) {
            try SavitzkyGolay(window: 5, polynomialOrder: 1, derivative: 2)
        }
    }
}
