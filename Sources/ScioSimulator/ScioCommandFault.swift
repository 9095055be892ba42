import ScioProtocol

/// How the simulated SCiO mishandles a command a scenario picked (`ScioSimulator.setFault(_:for:)`).
public enum ScioCommandFault: Sendable, Equatable {
    /// The device answers with this status instead of doing the command (busy, hardware fault, invalid argument, …).
    case status(ScioStatus)
    /// The device never answers: the app's time limit for the command runs out.
    case noAnswer
}
