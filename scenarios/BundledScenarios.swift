import RigScenario

/// Every scenario that ships with RigKit, in a stable order.
public enum BundledScenarios {
    public static var all: [Scenario] {
        RoomioLifecycleScenarios.all + RoomioPowerGuardScenarios.all + HostScenarios.all + WristbandScenarios.all + ReaderScenarios.all
            + ScioScenarios.all
    }
}

extension Tag {
    /// Scenarios of the Roomio room-scan session.
    public static let roomio: Tag = "roomio"
    /// Scenarios of the power-guard rules.
    public static let powerGuard: Tag = "power-guard"
    /// Scenarios at a threshold's boundary.
    public static let boundary: Tag = "boundary"
    /// Scenarios of the phone host itself.
    public static let host: Tag = "host"
    /// Scenarios that cover hours of rig time.
    public static let long: Tag = "long"
}
