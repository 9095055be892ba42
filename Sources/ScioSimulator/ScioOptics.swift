import Foundation
import RigCore
import ScioProtocol

/// The SCiO's optical path as a model: lamp, detector, dark current, drift and noise, turning reflectance into counts.
///
/// Counts are `dark + gain(λ, T) × lamp(λ, age) × R(λ)` plus shot and read
/// noise. The internal white reference sees the same lamp through a path whose
/// temperature coefficient differs slightly from the sample path, so a scan at
/// a temperature far from the calibration's drifts a little, as real ones do.
/// Hardware generations differ in wavelength offset and optical bandwidth.
public struct ScioOptics: Sendable {
    public var version: ScioVersion
    /// Full-scale counts of a perfect reflector through a new lamp at 25 °C.
    public var fullScale = 42_000.0
    /// Dark counts at 25 °C; dark current doubles every 7 °C.
    public var darkAt25 = 900.0
    public var readNoise = 6.0
    /// Exposures the device averages into one measurement.
    public var exposures = 16.0

    public init(version: ScioVersion) { self.version = version }

    /// Nominal wavelengths of the 331 points.
    public static let wavelengths: [Double] = (0..<ScioSpectrumPayload.standardPointCount).map {
        ScioSpectrumPayload.standardFirstWavelength + Double($0) * ScioSpectrumPayload.standardStep
    }

    /// Where a nominal wavelength really falls on this generation's detector (nm offset).
    var wavelengthOffset: Double {
        switch version {
        case .v1_1: 2.5
        case .v1_3: -0.4
        default: 0
        }
    }

    /// Optical bandwidth (Gaussian σ in nm) of this generation.
    var bandwidth: Double {
        switch version {
        case .v1_1: 7
        case .v1_3: 3
        default: 4
        }
    }

    /// Silicon detector responsivity × grating efficiency: falls off steeply above ~950 nm.
    func responsivity(_ wavelength: Double, temperature: Double) -> Double {
        let x = (wavelength - 740) / 330
        let base = 1.0 - 0.15 * x - 0.55 * pow(max(0, (wavelength - 940) / 130), 2)
        // Warmer silicon absorbs further into the infrared: responsivity rises with T at the long end.
        let thermal = 1 + (temperature - 25) * (0.0004 + 0.0016 * max(0, wavelength - 950) / 120)
        return max(0.05, base * thermal)
    }

    /// Tungsten lamp output: dimmer and redder as it ages (`age` in scans).
    func lamp(_ wavelength: Double, age: Double) -> Double {
        let dimming = exp(-age / 400_000)
        let reddening = 1 + min(0.05, age / 2_000_000) * (wavelength - 905) / 165
        return dimming * reddening * (0.92 + 0.08 * (wavelength - 740) / 330)
    }

    /// The reflectance spectrum seen through this generation's optics (bandwidth and wavelength offset).
    func observed(_ material: ScioMaterial) -> [Double] {
        let sigma = bandwidth
        let offsets = stride(from: -3.0, through: 3.0, by: 0.5).map { $0 * sigma }
        let weights = offsets.map { exp(-0.5 * ($0 / sigma) * ($0 / sigma)) }
        let total = weights.reduce(0, +)
        return Self.wavelengths.map { nominal in
            let centre = nominal + wavelengthOffset
            var sum = 0.0
            for (offset, weight) in zip(offsets, weights) { sum += weight * material.reflectance(at: centre + offset) }
            return sum / total
        }
    }

    /// One measurement of `material`: dark, sample and internal reference counts.
    public func measure(_ material: ScioMaterial, temperature: Double, lampAge: Double, inCover: Bool, calibrationMode: Bool,
                        random: inout SeededGenerator) -> ScioSpectrumPayload {
        let reflectance = observed(material)
        let dark = darkAt25 * pow(2, (temperature - 25) / 7)
        func counts(_ signal: Double, _ random: inout SeededGenerator) -> UInt16 {
            let sigma = (max(signal, 0) + readNoise * readNoise).squareRoot() / exposures.squareRoot()
            let noisy = signal + sigma * Gaussian.next(&random)
            return UInt16(max(0, min(65535, noisy.rounded())))
        }
        var darks: [UInt16] = [], samples: [UInt16] = [], references: [UInt16] = []
        for (i, wavelength) in Self.wavelengths.enumerated() {
            let actual = wavelength + wavelengthOffset
            let light = fullScale * lamp(actual, age: lampAge)
            let sampleGain = responsivity(actual, temperature: temperature)
            let referenceGain = responsivity(actual, temperature: 25 + (temperature - 25) * 0.85) * 0.7
            let fixedPattern = 1 + 0.01 * sin(Double(i) * 0.37)
            darks.append(counts(dark, &random))
            samples.append(counts(dark + light * sampleGain * reflectance[i] * fixedPattern, &random))
            references.append(counts(dark + light * referenceGain * fixedPattern, &random))
        }
        return ScioSpectrumPayload(coverDetected: inCover, calibrationMode: calibrationMode, temperatureCelsius: temperature,
                                   integrationMicroseconds: 4000, dark: darks, sample: samples, whiteReference: references)
    }
}
