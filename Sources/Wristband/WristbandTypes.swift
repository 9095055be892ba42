/// The BLE manager's state, as EmpaLink's `BLEStatus` reports it.
public enum BLEStatus: String, Sendable, Equatable {
    /// Bluetooth LE is off or missing on the phone.
    case notAvailable
    /// Ready to scan.
    case ready
    /// Scanning for wristbands.
    case scanning
}

/// A wristband's connection state, as EmpaLink's `DeviceStatus` reports it.
public enum DeviceStatus: String, Sendable, Equatable {
    case disconnected, connecting, connected, disconnecting
}

/// One reading from a wristband; timestamps are Unix seconds, as EmpaLink's.
public enum WristbandSample: Sendable, Equatable {
    /// Skin conductance in µS (4 Hz).
    case gsr(microsiemens: Double, timestamp: Double)
    /// Blood volume pulse (64 Hz).
    case bvp(Double, timestamp: Double)
    /// Inter-beat interval in seconds, stamped at the beat.
    case ibi(seconds: Double, timestamp: Double)
    /// Skin temperature in °C (4 Hz).
    case temperature(celsius: Double, timestamp: Double)
    /// Acceleration in 1/64 g per axis, ±2 g (32 Hz).
    case acceleration(x: Int8, y: Int8, z: Int8, timestamp: Double)
    /// Battery level 0…1 (about every 10 s).
    case battery(level: Double, timestamp: Double)
    /// A button press.
    case tag(timestamp: Double)

    /// The kinds of sample, one per stream.
    public enum Kind: String, Sendable, CaseIterable {
        case gsr, bvp, ibi, temperature, acceleration, battery, tag
    }

    public var kind: Kind {
        switch self {
        case .gsr: .gsr
        case .bvp: .bvp
        case .ibi: .ibi
        case .temperature: .temperature
        case .acceleration: .acceleration
        case .battery: .battery
        case .tag: .tag
        }
    }

    public var timestamp: Double {
        switch self {
        case .gsr(_, let t), .bvp(_, let t), .ibi(_, let t), .temperature(_, let t), .acceleration(_, _, _, let t), .battery(_, let t), .tag(let t): t
        }
    }
}

/// What EmpaLink refuses, with what to do about it.
public enum EmpaticaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `authenticate(apiKey:)` was not called, or did not succeed.
    case notAuthenticated
    /// The app does not hand its background and foreground transitions to the API (`followAppLifecycle(of:)`).
    case lifecycleNotPrepared
    /// Bluetooth is off or missing on the phone.
    case bluetoothNotAvailable
    /// The scan itself failed.
    case scanFailed(String)

    public var description: String {
        switch self {
        case .notAuthenticated: "discovery needs a successful authenticate(apiKey:) first"
        case .lifecycleNotPrepared: "discovery needs prepareForBackground/prepareForResume wired to the app's lifecycle (followAppLifecycle(of:))"
        case .bluetoothNotAvailable: "Bluetooth LE is not available on the phone"
        case .scanFailed(let reason): "the scan failed: \(reason)"
        }
    }
}
