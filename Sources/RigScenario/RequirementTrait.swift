/// Declares what a scenario needs from the rig beyond its devices; a rig without it skips the scenario.
public struct RequirementTrait: ScenarioTrait {
    public var requirement: RigRequirement
}

extension ScenarioTrait where Self == RequirementTrait {
    /// The scenario runs only on rigs that can provide `requirement`.
    public static func requires(_ requirement: RigRequirement) -> RequirementTrait { RequirementTrait(requirement: requirement) }
}

/// A capability a rig may or may not have.
public enum RigRequirement: Sendable, Equatable, CustomStringConvertible {
    /// Virtual time, e.g. for a scenario that waits hours.
    case virtualClock
    /// Faults injected into simulated devices and links (drain, unplug, disconnect): every device of the rig is played
    /// by a simulator whose knobs work (`simulated`, or `usb-gadget` behind a real USB path).
    case faultInjection

    public var description: String {
        switch self {
        case .virtualClock: "a virtual clock"
        case .faultInjection: "fault injection (every device played by a simulator)"
        }
    }
}
