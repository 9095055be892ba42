/// RigKit's spectrum answer body (the real one is encrypted): dark, sample and internal white-reference counts.
///
/// Layout (all little-endian), after the answer's status byte:
///
/// | Offset | Size | Field |
/// | --- | --- | --- |
/// | 0 | 1 | format, 1 |
/// | 1 | 1 | flags: bit 0 cover detected, bit 1 calibration mode |
/// | 2 | 2 | point count n (331) |
/// | 4 | 2 | first wavelength, tenths of nm (7400) |
/// | 6 | 2 | step, hundredths of nm (100) |
/// | 8 | 2 | detector temperature, hundredths of °C (Int16) |
/// | 10 | 2 | integration time, µs |
/// | 12 | 2n | dark counts (lamp off) |
/// | 12+2n | 2n | sample counts (lamp on, through the window) |
/// | 12+4n | 2n | internal white-reference counts (lamp on, through the internal reference path) |
public struct ScioSpectrumPayload: Sendable, Equatable {
    public static let format: UInt8 = 1
    public static let headerLength = 12
    /// The SCiO's points: 740–1070 nm in 1 nm steps.
    public static let standardPointCount = 331
    public static let standardFirstWavelength = 740.0
    public static let standardStep = 1.0

    public var coverDetected: Bool
    public var calibrationMode: Bool
    public var firstWavelengthTenths: UInt16
    public var stepHundredths: UInt16
    public var temperature: ScioTemperature
    public var integrationMicroseconds: UInt16
    public var dark: [UInt16]
    public var sample: [UInt16]
    public var whiteReference: [UInt16]

    public init(coverDetected: Bool, calibrationMode: Bool, temperatureCelsius: Double, integrationMicroseconds: UInt16,
                dark: [UInt16], sample: [UInt16], whiteReference: [UInt16],
                firstWavelengthTenths: UInt16 = 7400, stepHundredths: UInt16 = 100) {
        self.coverDetected = coverDetected
        self.calibrationMode = calibrationMode
        self.firstWavelengthTenths = firstWavelengthTenths
        self.stepHundredths = stepHundredths
        temperature = ScioTemperature(celsius: temperatureCelsius)
        self.integrationMicroseconds = integrationMicroseconds
        self.dark = dark
        self.sample = sample
        self.whiteReference = whiteReference
    }

    /// The number of points.
    public var count: Int { sample.count }

    /// The wavelength of each point in nm.
    public var wavelengths: [Double] {
        let first = Double(firstWavelengthTenths) / 10, step = Double(stepHundredths) / 100
        return (0..<count).map { first + Double($0) * step }
    }

    public func encode() -> [UInt8] {
        var out: [UInt8] = [Self.format, (coverDetected ? 1 : 0) | (calibrationMode ? 2 : 0)]
        out.appendUInt16(UInt16(sample.count))
        out.appendUInt16(firstWavelengthTenths)
        out.appendUInt16(stepHundredths)
        out.appendUInt16(UInt16(bitPattern: temperature.centiCelsius))
        out.appendUInt16(integrationMicroseconds)
        out.reserveCapacity(out.count + 6 * sample.count)
        for block in [dark, sample, whiteReference] { for value in block { out.appendUInt16(value) } }
        return out
    }

    public static func decode(_ body: [UInt8]) throws(ScioMessageError) -> ScioSpectrumPayload {
        let command = ScioCommand.sampleSpectrum
        guard body.count >= headerLength else { throw .wrongLength(command: command, length: body.count, expected: "at least \(headerLength)") }
        guard body[0] == format else { throw .badField(command: command, field: "format", value: Int(body[0])) }
        guard body[1] & 0xFC == 0 else { throw .badField(command: command, field: "flags", value: Int(body[1])) }
        let n = Int(body.uint16(at: 2))
        guard n > 0 else { throw .badField(command: command, field: "point count", value: 0) }
        guard body.count == headerLength + 6 * n else {
            throw .wrongLength(command: command, length: body.count, expected: "\(headerLength + 6 * n) for \(n) points")
        }
        let step = body.uint16(at: 6)
        guard step > 0 else { throw .badField(command: command, field: "step", value: 0) }
        func block(_ k: Int) -> [UInt16] { (0..<n).map { body.uint16(at: headerLength + 2 * (k * n + $0)) } }
        var payload = ScioSpectrumPayload(coverDetected: body[1] & 1 != 0, calibrationMode: body[1] & 2 != 0, temperatureCelsius: 0,
                                          integrationMicroseconds: body.uint16(at: 10), dark: block(0), sample: block(1),
                                          whiteReference: block(2), firstWavelengthTenths: body.uint16(at: 4), stepHundredths: step)
        payload.temperature.centiCelsius = body.int16(at: 8)
        return payload
    }

    /// The sample's dark-corrected signal relative to the internal white reference, per point.
    ///
    /// Dividing by the internal reference taken in the same exposure cancels the
    /// lamp's intensity and colour changes and most of the detector's gain drift.
    public var referencedSignal: [Double] {
        (0..<count).map { i in
            let reference = max(1, Double(whiteReference[i]) - Double(dark[i]))
            return (Double(sample[i]) - Double(dark[i])) / reference
        }
    }

    /// Reflectance of this sample given a calibration measurement of a cover with reflectance `coverReflectance`.
    ///
    /// `R = R_cover × s / c`, with `s` and `c` the referenced signals of this scan and of the calibration.
    public func reflectance(calibration: ScioSpectrumPayload, coverReflectance: Double) -> [Double] {
        let s = referencedSignal, c = calibration.referencedSignal
        return (0..<min(s.count, c.count)).map { i in coverReflectance * s[i] / max(1e-6, c[i]) }
    }
}

/// The white reference in the SCiO's cover, which calibration measures.
public enum ScioCover {
    /// The cover's diffuse reflectance, flat over 740–1070 nm; reflectance is reported relative to it.
    public static let reflectance = 0.98
}
