/// Tags a scenario so runs can select it with `--tag`.
public struct TagsTrait: ScenarioTrait {
    public var tags: [Tag]
}

extension ScenarioTrait where Self == TagsTrait {
    /// Tags the scenario.
    public static func tags(_ tags: Tag...) -> TagsTrait { TagsTrait(tags: tags) }
}

/// A label for selecting scenarios, e.g. `.roomio` or `"slow"`.
public struct Tag: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }
}
