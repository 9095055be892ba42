import RigCore

/// A test plan for a rig: named steps that drive devices requested by role and assert on what they do.
///
/// The body runs when the scenario starts, with the live rig: it asks the rig
/// for devices (which makes the scenario skip, with the reason, when the rig
/// has none that fits), prepares what the steps share, and lists the steps.
///
/// ```swift
/// Scenario("Low Power Mode blocks the start", .tags(.roomio, .powerGuard)) { rig in
///     let scanner = try rig.roomScanner("scanner")
///     let session = await scanner.startScan(config: .init(showsOnboarding: false))
///     let events = rig.record(session.events, "scan events")
///     Step("Turn Low Power Mode on") { await rig.host.setLowPowerMode(true) }
///     Step("Start is refused") {
///         try await session.start()
///         try await events.expectNext(.failed(.powerSaving), within: .seconds(1))
///     }
/// }
/// ```
public struct Scenario: Sendable, CustomStringConvertible {
    public let name: String
    public let traits: [any ScenarioTrait]
    /// Where the scenario is written.
    public let location: SourceLocation
    let body: @Sendable (LiveRig) async throws -> [Step]

    public init(
        _ name: String,
        _ traits: any ScenarioTrait...,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        @StepBuilder steps: @escaping @Sendable (LiveRig) async throws -> [Step]
    ) {
        self.name = name
        self.traits = traits
        self.location = SourceLocation(fileID: fileID, filePath: filePath, line: line)
        self.body = steps
    }

    /// The scenario's tags, from its `.tags(…)` traits.
    public var tags: [Tag] { traits.compactMap { $0 as? TagsTrait }.flatMap(\.tags) }

    /// The scenario's time limit: its `.timeLimit(…)` trait, or ten minutes.
    public var timeLimit: Duration {
        traits.compactMap { ($0 as? TimeLimitTrait)?.limit }.min() ?? .seconds(600)
    }

    /// What the scenario needs from the rig beyond its devices.
    public var requirements: [RigRequirement] { traits.compactMap { ($0 as? RequirementTrait)?.requirement } }

    public var description: String { name }
}

/// A named step of a scenario.
public struct Step: Sendable {
    public let name: String
    /// The step's own time limit; without one the step may use what is left of the scenario's.
    public let timeLimit: Duration?
    public let location: SourceLocation
    let body: @Sendable () async throws -> Void

    public init(
        _ name: String, timeLimit: Duration? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable () async throws -> Void
    ) {
        self.name = name
        self.timeLimit = timeLimit
        self.location = SourceLocation(fileID: fileID, filePath: filePath, line: line)
        self.body = body
    }
}

/// Collects a scenario's steps; `for`, `if` and `let` work inside.
@resultBuilder
public enum StepBuilder {
    public static func buildExpression(_ step: Step) -> [Step] { [step] }
    public static func buildExpression(_ steps: [Step]) -> [Step] { steps }
    /// Lets set-up statements such as `_ = try rig.device(…)` stand between steps.
    public static func buildExpression(_: Void) -> [Step] { [] }
    public static func buildBlock(_ parts: [Step]...) -> [Step] { parts.flatMap { $0 } }
    public static func buildOptional(_ steps: [Step]?) -> [Step] { steps ?? [] }
    public static func buildEither(first steps: [Step]) -> [Step] { steps }
    public static func buildEither(second steps: [Step]) -> [Step] { steps }
    public static func buildArray(_ parts: [[Step]]) -> [Step] { parts.flatMap { $0 } }
}

/// A place in a scenario's source.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    /// `Module/File.swift`, as `#fileID` gives it.
    public var fileID: String
    /// The full path, as `#filePath` gives it.
    public var filePath: String
    public var line: Int

    public init(fileID: String, filePath: String, line: Int) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
    }

    /// The file relative to the package root when it lies under `scenarios/`, `Sources/` or `Tests/`; else the file ID.
    public var file: String {
        for root in ["/scenarios/", "/Sources/", "/Tests/"] {
            if let range = filePath.range(of: root, options: .backwards) {
                return String(root.dropFirst()) + filePath[range.upperBound...]
            }
        }
        return fileID
    }

    public var description: String { "\(file):\(line)" }
}
