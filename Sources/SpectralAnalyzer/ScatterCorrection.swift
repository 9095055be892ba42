/// Scatter corrections that act on one spectrum at a time.
public enum ScatterCorrection {
    /// Standard normal variate: `(x − mean(x)) / sd(x)` with the sample (n − 1) standard deviation.
    ///
    /// A flat spectrum (zero deviation) is only centred, so the result stays finite.
    public static func standardNormalVariate(_ spectrum: [Double]) -> [Double] {
        let mean = Vector.mean(spectrum)
        guard spectrum.count > 1 else { return spectrum.map { $0 - mean } }
        var sum = 0.0
        for value in spectrum { sum += (value - mean) * (value - mean) }
        let deviation = (sum / Double(spectrum.count - 1)).squareRoot()
        let divisor = deviation > 0 ? deviation : 1
        return spectrum.map { ($0 - mean) / divisor }
    }

    /// Multiplicative scatter correction: fits `x ≈ a + b·reference` by least squares and returns `(x − a) / b`.
    ///
    /// When the fit has no usable slope (a flat reference or `b` of zero) the spectrum is only offset-corrected.
    public static func multiplicativeScatterCorrection(_ spectrum: [Double], reference: [Double]) -> [Double] {
        let referenceMean = Vector.mean(reference), spectrumMean = Vector.mean(spectrum)
        var covariance = 0.0, variance = 0.0
        for index in spectrum.indices {
            let r = reference[index] - referenceMean
            covariance += r * (spectrum[index] - spectrumMean)
            variance += r * r
        }
        let slope = variance > 0 ? covariance / variance : 0
        let intercept = spectrumMean - slope * referenceMean
        let divisor = slope != 0 && slope.isFinite ? slope : 1
        return spectrum.map { ($0 - intercept) / divisor }
    }
}
