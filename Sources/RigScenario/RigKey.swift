/// The typed name of something a live rig keeps for a run: a service (the simulated radio, the app's SDK) or a
/// device's part (a simulator, a facade) kept per role.
///
/// Two keys are the same only when their names and value types are, so plug-ins cannot overwrite each other's values,
/// and roles and services live in separate namespaces (`LiveRig.service(_:)`, `LiveRig.part(_:of:)`).
public struct RigKey<Value: Sendable>: Sendable, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public var description: String { name }
}

/// Where a live rig keeps a value: one per run, or one per role.
enum RigSlot: Hashable {
    case service(String, ObjectIdentifier)
    case part(role: String, String, ObjectIdentifier)
}
