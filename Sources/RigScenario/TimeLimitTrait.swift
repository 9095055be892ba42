/// Limits how long a scenario may take, in the rig's time; past it the scenario fails and the run goes on.
public struct TimeLimitTrait: ScenarioTrait {
    public var limit: Duration
}

extension ScenarioTrait where Self == TimeLimitTrait {
    /// Limits the scenario to `limit` of rig time (the default is ten minutes).
    public static func timeLimit(_ limit: Duration) -> TimeLimitTrait { TimeLimitTrait(limit: limit) }
}
