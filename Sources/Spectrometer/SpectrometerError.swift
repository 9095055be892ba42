import ScioProtocol

/// What went wrong with a SCiO, naming the device and, where there is one, the command.
public enum SpectrometerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call needs a connected device; call `connect()` first.
    case notConnected(device: String)
    /// The device could not be reached (not advertising, not plugged in, refused).
    case connectionFailed(device: String, reason: String)
    /// The connection went down while the command was waiting for its answer.
    case disconnected(device: String, command: ScioCommand, reason: String)
    /// No answer came within the command's time limit.
    case timeout(device: String, command: ScioCommand)
    /// No valid calibration in this app session: put the SCiO in its cover and calibrate before scanning.
    case calibrationRequired(device: String)
    /// Calibration needs the SCiO in its cover (the white reference) and it was not.
    case notInCover(device: String)
    /// The device refused because its battery is too low; charge it.
    case batteryTooLow(device: String, command: ScioCommand)
    /// The device is busy with another measurement.
    case busy(device: String, command: ScioCommand)
    /// The device refused the command with this status.
    case refused(device: String, command: ScioCommand, status: String)
    /// The answer could not be read (lost or reordered fragments, bad length); the command may be retried.
    case malformedAnswer(device: String, command: ScioCommand, reason: String)
    /// A device name must be 1 to 16 bytes of UTF-8.
    case invalidName(device: String, name: String, reason: String)
    /// The power-off timeout must be 1 to 30 minutes.
    case invalidPowerOffTimeout(device: String, minutes: Int)

    public var description: String {
        switch self {
        case .notConnected(let device): "\(device) is not connected; call connect() first"
        case .connectionFailed(let device, let reason): "cannot connect to \(device): \(reason)"
        case .disconnected(let device, let command, let reason): "\(device) disconnected during \(command): \(reason)"
        case .timeout(let device, let command): "\(device) did not answer \(command) in time"
        case .calibrationRequired(let device): "calibration is invalid for \(device): calibrate before scan"
        case .notInCover(let device): "calibration of \(device) failed: put the SCiO in its cover and try again"
        case .batteryTooLow(let device, let command): "\(device) refused \(command): battery too low, charge it"
        case .busy(let device, let command): "\(device) is busy and refused \(command)"
        case .refused(let device, let command, let status): "\(device) refused \(command): \(status)"
        case .malformedAnswer(let device, let command, let reason): "\(device) sent an unreadable answer to \(command): \(reason)"
        case .invalidName(let device, let name, let reason): "cannot rename \(device) to \"\(name)\": \(reason)"
        case .invalidPowerOffTimeout(let device, let minutes): "power-off timeout for \(device) must be 1 to 30 minutes, not \(minutes)"
        }
    }
}
