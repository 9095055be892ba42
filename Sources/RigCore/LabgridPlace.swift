/// The labgrid place a bench rig is reserved through: `rig run` acquires it from the labgrid coordinator before the
/// first scenario and releases it when the run ends, so two jobs never drive one bench at once.
///
/// In a rig file: `"labgrid": { "place": "bench-1", "coordinator": "lab-server:20408" }`. Without a coordinator, labgrid's
/// own default applies (`LG_COORDINATOR`, else 127.0.0.1:20408).
public struct LabgridPlace: Sendable, Equatable {
    /// The place's name (or alias) on the coordinator.
    public var place: String
    /// The coordinator as HOST:PORT, if the rig file names one.
    public var coordinator: String?

    public init(place: String, coordinator: String? = nil) {
        self.place = place
        self.coordinator = coordinator
    }

    /// `bench-1 on lab-server:20408`, for reports.
    public var description: String { coordinator.map { "\(place) on \($0)" } ?? place }
}
