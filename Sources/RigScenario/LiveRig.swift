import Foundation
import RigCore
import RigHost
import Synchronization

/// The rig as a running scenario sees it: clock, trace, host, plug-ins, and devices by role.
///
/// Devices are asked for by role and kind, never by address; asking for one the rig cannot provide throws
/// `RigUnavailable`, which skips the scenario with that reason. Families add typed accessors in extensions
/// (`rig.empatica()`, `rig.mxReader("reader")`); they keep what they make under typed `RigKey`s, made once per run
/// even when several tasks ask at once.
public final class LiveRig: Sendable {
    /// The rig file this run uses.
    public let file: RigFile
    public let clock: any RigClock
    public let trace: TraceLog
    /// The phone host the SDKs run on.
    public let host: PhoneHost
    /// The seed of this run (the rig's, or the one given on the command line).
    public let seed: UInt64
    /// Where devices of this run keep their files (exports, caches).
    public let directory: URL
    /// The plug-ins of this run.
    public let plugins: RigPlugins
    private let scenarioName: String
    private let store = SingleFlightStore()
    private let cleanups = Mutex<[@Sendable () async -> Void]>([])

    public init(file: RigFile, plugins: RigPlugins, clock: any RigClock, trace: TraceLog, seed: UInt64, directory: URL, scenarioName: String) {
        self.file = file
        self.plugins = plugins
        self.clock = clock
        self.trace = trace
        self.seed = seed
        self.directory = directory
        self.scenarioName = scenarioName
        host = PhoneHost(settings: file.host, clock: clock, trace: trace)
        addCleanup { [host] in await host.shutDown() }
    }

    /// A random number generator for one named purpose, the same for the same seed, scenario and name.
    public func random(_ stream: String) -> SeededGenerator {
        SeededGenerator(seed: seed, stream: "\(scenarioName)/\(stream)")
    }

    /// The rig-file entry for `role`, checked to be of one of `kinds` and played by a simulator, or reached over a
    /// real link one of this run's plug-ins drives (and that the caller accepts: `realLinks`).
    public func device(_ role: String, kinds: [DeviceKind], realLinks: [String] = []) throws(RigUnavailable) -> DeviceSpec {
        guard let spec = file.device(role: role) else {
            throw RigUnavailable(reason: "the rig \(file.name) has no device with role \(JSONText.quote(role)) (needs \(Self.list(kinds)))")
        }
        guard kinds.contains(spec.kind) else {
            throw RigUnavailable(reason: "role \(JSONText.quote(role)) on rig \(file.name) is a \(spec.kind), this scenario needs \(Self.list(kinds))")
        }
        guard spec.link.runsSimulator || realLinks.contains(spec.link.name) else {
            throw RigUnavailable(reason: "role \(JSONText.quote(role)) is reached over \(spec.link.name), which this build of RigKit cannot drive yet")
        }
        guard plugins.drives(spec.link) || spec.link.runsSimulator else {
            throw RigUnavailable(reason: "role \(JSONText.quote(role)) is reached over \(spec.link.name), and no plug-in of this runner drives it")
        }
        return spec
    }

    /// Every device of the rig of one of `kinds`, in rig-file order.
    public func devices(of kinds: [DeviceKind]) -> [DeviceSpec] { file.devices.filter { kinds.contains($0.kind) } }

    // MARK: Services and parts

    /// The run's service under `key`, if it was made.
    public func service<Value>(_ key: RigKey<Value>) -> Value? {
        store.value(RigSlot.service(key.name, ObjectIdentifier(Value.self)))
    }

    /// The run's service under `key`, made with `make` the first time (once, even when several tasks ask at once).
    public func service<Value>(_ key: RigKey<Value>, orMake make: () throws -> Value) throws -> Value {
        try store.value(RigSlot.service(key.name, ObjectIdentifier(Value.self)), orMake: make)
    }

    /// The run's service under `key`, made with the asynchronous `make` the first time; callers that ask while it is
    /// being made wait for it.
    public func service<Value>(_ key: RigKey<Value>, orBuild make: () async throws -> Value) async throws -> Value {
        try await store.value(RigSlot.service(key.name, ObjectIdentifier(Value.self)), orBuild: make)
    }

    /// Keeps `value` as the run's service under `key`; a service already there is an error of the plug-in.
    public func setService<Value>(_ value: Value, for key: RigKey<Value>) {
        store.set(value, at: RigSlot.service(key.name, ObjectIdentifier(Value.self)))
    }

    /// The part under `key` of the device playing `role`, if it was made.
    public func part<Value>(_ key: RigKey<Value>, of role: String) -> Value? {
        store.value(RigSlot.part(role: role, key.name, ObjectIdentifier(Value.self)))
    }

    /// The part under `key` of the device playing `role`, made with `make` the first time.
    public func part<Value>(_ key: RigKey<Value>, of role: String, orMake make: () throws -> Value) throws -> Value {
        try store.value(RigSlot.part(role: role, key.name, ObjectIdentifier(Value.self)), orMake: make)
    }

    /// The part under `key` of the device playing `role`, made with the asynchronous `make` the first time.
    public func part<Value>(_ key: RigKey<Value>, of role: String, orBuild make: () async throws -> Value) async throws -> Value {
        try await store.value(RigSlot.part(role: role, key.name, ObjectIdentifier(Value.self)), orBuild: make)
    }

    /// Keeps `value` as the part under `key` of the device playing `role`.
    public func setPart<Value>(_ value: Value, _ key: RigKey<Value>, of role: String) {
        store.set(value, at: RigSlot.part(role: role, key.name, ObjectIdentifier(Value.self)))
    }

    // MARK: Lifetime

    /// Registers work to do when the scenario ends (close sessions, end streams); cleanups run in reverse order.
    public func addCleanup(_ cleanup: @escaping @Sendable () async -> Void) {
        cleanups.withLock { $0.append(cleanup) }
    }

    /// A pen on the report's plot `title`: `record` values over rig time, draw `guide` lines (thresholds, limits), `mark`
    /// moments, or add a whole `curve` (give `xAxis`, e.g. "wavelength (nm)"). The plot appears in the HTML report under
    /// the scenario, next to what the families record themselves.
    public func plot(_ title: String, unit: String, xAxis: String = Plot.rigTime) -> PlotPen {
        trace.plots.plot(title, unit: unit, xAxis: xAxis)
    }

    /// Records `stream`'s elements with their rig time, for event expectations.
    public func record<Element: Sendable>(_ stream: AsyncStream<Element>, _ name: String) -> EventLog<Element> {
        let log = EventLog<Element>(name: name, clock: clock)
        let reader = clock.spawn {
            for await element in stream { log.append(element) }
            log.finish()
        }
        addCleanup { reader.cancel() }
        return log
    }

    /// Brings every plug-in up, links first, then families, each in the order given.
    func bringUp() async throws {
        for plugin in plugins.bringUpOrder { try await plugin.bringUp(self) }
    }

    func shutDown() async {
        let all = cleanups.withLock { list -> [@Sendable () async -> Void] in defer { list = [] }; return list }
        for cleanup in all.reversed() { await cleanup() }
        store.releaseAll()
    }

    private static func list(_ kinds: [DeviceKind]) -> String {
        kinds.map(\.rawValue).joined(separator: " or ")
    }
}

/// The rig cannot give the scenario what it asked for; the scenario is skipped with `reason`.
public struct RigUnavailable: Error, Equatable, CustomStringConvertible {
    public var reason: String
    public init(reason: String) { self.reason = reason }
    public var description: String { reason }
}
