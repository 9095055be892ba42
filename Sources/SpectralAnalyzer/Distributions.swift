/// Cumulative distribution functions and quantiles for the outlier limits, computed from first principles.
public enum Distributions {
    /// The standard normal cumulative distribution function.
    public static func normalCDF(_ x: Double) -> Double {
        0.5 * CMath.erfc(-x / 2.0.squareRoot())
    }

    /// The standard normal quantile for probability `p` in (0, 1), by bisection refined with Newton steps.
    public static func normalQuantile(_ p: Double) -> Double {
        guard p > 0 else { return -.infinity }
        guard p < 1 else { return .infinity }
        var low = -40.0, high = 40.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if normalCDF(middle) < p { low = middle } else { high = middle }
            if high - low < 1e-15 { break }
        }
        var x = (low + high) / 2
        for _ in 0..<3 {
            let density = CMath.exp(-x * x / 2) / (2 * Double.pi).squareRoot()
            guard density > 0 else { break }
            x -= (normalCDF(x) - p) / density
        }
        return x
    }

    /// The regularized incomplete beta function I_x(a, b), by the continued fraction of the incomplete beta integral.
    public static func regularizedIncompleteBeta(_ x: Double, a: Double, b: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        let logFront = CMath.lgamma(a + b) - CMath.lgamma(a) - CMath.lgamma(b)
            + a * CMath.log(x) + b * CMath.log(1 - x)
        let front = CMath.exp(logFront)
        if x < (a + 1) / (a + b + 2) {
            return front * betaContinuedFraction(x, a: a, b: b) / a
        }
        return 1 - front * betaContinuedFraction(1 - x, a: b, b: a) / b
    }

    /// Evaluates the incomplete beta continued fraction with the modified Lentz method.
    private static func betaContinuedFraction(_ x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var result = d
        for m in 1...10_000 {
            let m = Double(m)
            let evenTerm = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 + evenTerm * d
            if abs(d) < tiny { d = tiny }
            c = 1 + evenTerm / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            result *= d * c
            let oddTerm = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 + oddTerm * d
            if abs(d) < tiny { d = tiny }
            c = 1 + oddTerm / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            result *= step
            if abs(step - 1) < 1e-15 { break }
        }
        return result
    }

    /// The cumulative distribution function of Fisher's F with `d1` and `d2` degrees of freedom.
    public static func fCDF(_ f: Double, d1: Double, d2: Double) -> Double {
        guard f > 0 else { return 0 }
        return regularizedIncompleteBeta(d1 * f / (d1 * f + d2), a: d1 / 2, b: d2 / 2)
    }

    /// The quantile of Fisher's F with `d1` and `d2` degrees of freedom at probability `p` in (0, 1).
    public static func fQuantile(_ p: Double, d1: Double, d2: Double) -> Double {
        guard p > 0 else { return 0 }
        guard p < 1 else { return .infinity }
        var low = 0.0, high = 1.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if regularizedIncompleteBeta(middle, a: d1 / 2, b: d2 / 2) < p { low = middle } else { high = middle }
            if high - low < 1e-16 { break }
        }
        let x = (low + high) / 2
        return d2 * x / (d1 * (1 - x))
    }
}

extension Distributions {
    /// The regularized lower incomplete gamma function P(a, x), by its series or continued fraction.
    public static func regularizedLowerGamma(_ a: Double, _ x: Double) -> Double {
        guard x > 0 else { return 0 }
        let logFront = -x + a * CMath.log(x) - CMath.lgamma(a)
        if x < a + 1 {
            var term = 1 / a, sum = term, denominator = a
            for _ in 0..<10_000 {
                denominator += 1
                term *= x / denominator
                sum += term
                if abs(term) < abs(sum) * 1e-16 { break }
            }
            return min(1, sum * CMath.exp(logFront))
        }
        let tiny = 1e-300
        var b = x + 1 - a, c = 1 / tiny, d = 1 / b, result = d
        for i in 1...10_000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            result *= step
            if abs(step - 1) < 1e-15 { break }
        }
        return max(0, 1 - CMath.exp(logFront) * result)
    }

    /// The quantile of the χ² distribution with (possibly fractional) `degreesOfFreedom` at probability `p`.
    public static func chiSquareQuantile(_ p: Double, degreesOfFreedom k: Double) -> Double {
        guard p > 0 else { return 0 }
        guard p < 1, k > 0 else { return .infinity }
        var high = max(1, k)
        while regularizedLowerGamma(k / 2, high / 2) < p && high < 1e12 { high *= 2 }
        var low = 0.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if regularizedLowerGamma(k / 2, middle / 2) < p { low = middle } else { high = middle }
            if high - low <= 1e-14 * high { break }
        }
        return (low + high) / 2
    }
}
