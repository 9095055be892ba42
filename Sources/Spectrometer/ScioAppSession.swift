import RigCore
import ScioProtocol

/// The app process the SDK lives in: calibrations are kept here and last until the app closes.
///
/// `restart()` models the user closing and reopening the app: every
/// calibration is forgotten and every connection of the old process is gone,
/// while files on disk (the scan cache) remain.
public actor ScioAppSession {
    /// Counts app launches; 1 for the first.
    public private(set) var launch = 1
    private var calibrations: [ScioDeviceID: ScioCalibration] = [:]
    private var restartHandlers: [@Sendable () async -> Void] = []
    private let trace: TraceLog

    public init(trace: TraceLog) { self.trace = trace }

    /// The calibration taken for `device` in this launch, if any.
    func calibration(for device: ScioDeviceID) -> ScioCalibration? { calibrations[device] }

    func store(_ calibration: ScioCalibration, for device: ScioDeviceID) { calibrations[device] = calibration }

    func onRestart(_ handler: @escaping @Sendable () async -> Void) { restartHandlers.append(handler) }

    /// Closes the app and opens it again: calibrations are lost and devices must reconnect.
    public func restart() async {
        calibrations = [:]
        launch += 1
        trace.record("app", "restarted", [("launch", String(launch))])
        for handler in restartHandlers { await handler() }
    }
}

/// A calibration measurement: the cover's white reference, taken in this app launch.
struct ScioCalibration: Sendable {
    var white: ScioSpectrumPayload
    var timestamp: Double
}
