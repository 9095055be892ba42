import RigScenario

/// Which scenarios a run takes: name filters, tags and a shard.
public struct ScenarioSelection: Sendable, Equatable {
    /// Name patterns; a scenario matches one if it contains it (case-insensitive) or matches it as a `*` glob.
    public var filters: [String] = []
    /// Tags; a scenario with any of them is taken.
    public var tags: [String] = []
    /// Tags to leave out; a scenario with any of them is not taken, even when another tag or a filter takes it.
    public var skipTags: [String] = []
    /// This shard, 1-based, and the number of shards.
    public var shard: (index: Int, count: Int)?

    public init(filters: [String] = [], tags: [String] = [], skipTags: [String] = [], shard: (index: Int, count: Int)? = nil) {
        self.filters = filters
        self.tags = tags
        self.skipTags = skipTags
        self.shard = shard
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.filters == b.filters && a.tags == b.tags && a.skipTags == b.skipTags && a.shard?.index == b.shard?.index && a.shard?.count == b.shard?.count
    }

    /// The scenarios taken, in their given order. Shards split the filtered list round-robin.
    public func apply(_ scenarios: [Scenario]) -> [Scenario] {
        let matching = scenarios.filter { scenario in
            (filters.isEmpty || filters.contains { Self.matches(scenario.name, $0) })
                && (tags.isEmpty || scenario.tags.contains { tags.contains($0.rawValue) })
                && !scenario.tags.contains { skipTags.contains($0.rawValue) }
        }
        guard let shard else { return matching }
        return matching.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
    }

    /// Parses `K/N` (1 ≤ K ≤ N).
    public static func parseShard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else { return nil }
        return (k, n)
    }

    static func matches(_ name: String, _ pattern: String) -> Bool {
        let n = name.lowercased(), p = pattern.lowercased()
        guard p.contains("*") else { return n.contains(p) }
        return glob(Array(n), Array(p))
    }

    private static func glob(_ s: [Character], _ p: [Character]) -> Bool {
        var si = 0, pi = 0, star = -1, mark = 0
        while si < s.count {
            if pi < p.count && (p[pi] == s[si]) { si += 1; pi += 1 }
            else if pi < p.count && p[pi] == "*" { star = pi; mark = si; pi += 1 }
            else if star >= 0 { pi = star + 1; mark += 1; si = mark }
            else { return false }
        }
        while pi < p.count && p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}

extension ScenarioSelection {
    /// Why `--shard auto` cannot tell the shard.
    public struct ShardEnvironmentProblem: Error {
        public var reason: String
    }

    /// `--shard` as `K/N`: given as is, or `auto` (GitLab `parallel:`: `CI_NODE_INDEX` of `CI_NODE_TOTAL`, both
    /// 1-based), or `auto/N` (a Kubernetes Indexed Job: `JOB_COMPLETION_INDEX`, 0-based, of N completions).
    public static func shardFromEnvironment(_ text: String, _ environment: [String: String]) throws(ShardEnvironmentProblem) -> String {
        guard text == "auto" || text.hasPrefix("auto/") else { return text }
        if text == "auto" {
            guard let index = environment["CI_NODE_INDEX"], let total = environment["CI_NODE_TOTAL"] else {
                throw ShardEnvironmentProblem(reason: "--shard auto needs CI_NODE_INDEX and CI_NODE_TOTAL (GitLab parallel:); use auto/N in a Kubernetes Indexed Job, or K/N")
            }
            return "\(index)/\(total)"
        }
        guard let index = environment["JOB_COMPLETION_INDEX"].flatMap(Int.init) else {
            throw ShardEnvironmentProblem(reason: "--shard \(text) needs JOB_COMPLETION_INDEX (a Kubernetes Indexed Job)")
        }
        return "\(index + 1)/\(text.dropFirst(5))"
    }
}
