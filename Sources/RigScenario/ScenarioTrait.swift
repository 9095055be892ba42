/// Something that changes how a scenario runs or is selected, written as a leading-dot trait.
public protocol ScenarioTrait: Sendable {}
