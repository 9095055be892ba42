import Foundation
import RigCore

/// What the HTML report shows of a run, as plain data: the page carries it as JSON and draws it in the browser, and
/// `rig report merge` reads it back out of shards' pages to make one page of them.
public struct ReportData: Sendable, Equatable, Codable {
    public var rig: String
    public var rigSource: String
    public var clock: String
    public var seed: UInt64
    /// `K/N` when the run was a shard.
    public var shard: String?
    public var interruption: String?
    /// The labgrid place the bench was reserved through, e.g. `bench-1 on lab-server:20408`.
    public var labgridPlace: String?
    public var scenarios: [ScenarioData]

    public struct ScenarioData: Sendable, Equatable, Codable {
        public var name: String
        public var location: String
        public var tags: [String]
        public var status: String
        public var skipReason: String?
        public var failures: [String]
        public var steps: [StepData]
        public var measurements: [MeasurementData]
        public var plots: [Plot]
        /// Per source (up to 12), the rig times of its events, one per pixel column of the timeline at most.
        public var events: [EventTicks]
        public var rigSeconds: Double
        public var wallMilliseconds: Double
    }

    public struct StepData: Sendable, Equatable, Codable {
        public var name: String
        public var passed: Bool
        public var start: Double
        public var end: Double
    }

    public struct MeasurementData: Sendable, Equatable, Codable {
        public var name: String
        public var value: Double
        public var unit: String
        public var low: Double?
        public var high: Double?
        public var passed: Bool
        public var step: String?
    }

    public struct EventTicks: Sendable, Equatable, Codable {
        public var source: String
        public var times: [Double]
    }

    public init(_ run: RunResult) {
        rig = run.rig.name
        rigSource = run.rig.source
        clock = run.rig.clock.rawValue
        seed = run.seed
        shard = run.shard
        interruption = run.interruption
        labgridPlace = run.rig.labgrid?.description
        scenarios = run.scenarios.map(Self.scenario)
    }

    public var passed: Int { scenarios.filter { $0.status == "passed" }.count }
    public var failed: Int { scenarios.filter { $0.status == "failed" }.count }
    public var skipped: Int { scenarios.filter { $0.status == "skipped" }.count }

    static func scenario(_ s: ScenarioResult) -> ScenarioData {
        let duration = max(s.rigDuration.seconds, 0.001)
        var order: [String] = []
        var ticks: [String: [Double]] = [:]
        for event in s.trace where event.source != "runner" && event.source != "plot" {
            if ticks[event.source] == nil {
                guard order.count < 12 else { continue }
                order.append(event.source)
            }
            let t = event.time.seconds
            if let last = ticks[event.source]?.last, t - last < duration / 900 { continue }
            ticks[event.source, default: []].append(t)
        }
        return ScenarioData(
            name: s.name, location: s.location.description, tags: s.tags.map(\.rawValue), status: s.status.rawValue,
            skipReason: s.skipReason, failures: s.failures.map(\.description),
            steps: s.steps.map { StepData(name: $0.name, passed: $0.passed, start: $0.started.seconds, end: $0.ended.seconds) },
            measurements: s.measurements.map {
                MeasurementData(name: $0.name, value: $0.value, unit: $0.unit, low: $0.limits?.lowerBound, high: $0.limits?.upperBound,
                                passed: $0.passed, step: $0.step)
            },
            plots: s.plots, events: order.map { EventTicks(source: $0, times: ticks[$0]!) },
            rigSeconds: s.rigDuration.seconds, wallMilliseconds: (s.wallDuration.seconds * 1000 * 10).rounded() / 10)
    }

    /// The data as JSON that is safe inside an HTML `<script>` element (no `</` in it), keys sorted so the same run gives
    /// the same bytes.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]   // slashes stay escaped: "<\/script>" cannot end the element
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The data a report page carries, or nil when `html` is not a RigKit report.
    public static func read(fromHTML html: String) -> ReportData? {
        guard let open = html.range(of: HTMLReport.dataOpening), let close = html.range(of: "</script>", range: open.upperBound..<html.endIndex)
        else { return nil }
        return try? JSONDecoder().decode(ReportData.self, from: Data(html[open.upperBound..<close.lowerBound].utf8))
    }
}
