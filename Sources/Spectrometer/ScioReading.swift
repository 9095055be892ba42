/// One scan as the SDK's `CPScioReading`: 331 reflectance points over 740–1070 nm, the device and the time.
public struct ScioReading: Sendable, Equatable, Codable {
    /// The scanning device's ID (16 hex digits).
    public var deviceID: String
    /// Wavelength of each point, nm.
    public var wavelengths: [Double]
    /// Reflectance relative to the cover's white reference, per point.
    public var reflectance: [Double]
    /// When the scan was taken, Unix seconds.
    public var timestamp: Double
    /// The detector's temperature during the scan, °C.
    public var temperatureCelsius: Double
    /// The detector's temperature at calibration, °C.
    public var calibrationTemperatureCelsius: Double

    public init(deviceID: String, wavelengths: [Double], reflectance: [Double], timestamp: Double, temperatureCelsius: Double,
                calibrationTemperatureCelsius: Double) {
        self.deviceID = deviceID
        self.wavelengths = wavelengths
        self.reflectance = reflectance
        self.timestamp = timestamp
        self.temperatureCelsius = temperatureCelsius
        self.calibrationTemperatureCelsius = calibrationTemperatureCelsius
    }
}

/// The battery as `getBatteryStatus` reports it, plus what the device also sends.
public struct ScioBatteryStatus: Sendable, Equatable {
    /// Charge, 0–100.
    public var percentage: Double
    public var isCharging: Bool
    /// Capacity left relative to new, 0–100.
    public var healthPercent: Int
    public var millivolts: Int
}

/// A button press on the device, stamped with the phone's Unix time.
public struct ScioButtonPress: Sendable, Equatable {
    public var timestamp: Double
}

/// Whether the app is connected to the SCiO.
public enum ScioConnectionState: String, Sendable {
    case disconnected, connecting, connected
}
