import Foundation
import RigCore
import RigHost
import RoomScan
import Synchronization

/// The rig as a running scenario sees it: clock, trace, host and devices by role.
///
/// Devices are asked for by role and kind, never by address; asking for one
/// the rig cannot provide throws `RigUnavailable`, which skips the scenario
/// with that reason.
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
    private let scenarioName: String
    private let cache = Mutex<[String: any Sendable]>([:])
    private let cleanups = Mutex<[@Sendable () async -> Void]>([])

    init(file: RigFile, clock: any RigClock, trace: TraceLog, seed: UInt64, directory: URL, scenarioName: String) {
        self.file = file
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

    /// The rig-file entry for `role`, checked to be of one of `kinds` and simulated, or reached over one of `realLinks` this build drives.
    public func device(_ role: String, kinds: [DeviceKind], realLinks: [String] = []) throws(RigUnavailable) -> DeviceSpec {
        guard let spec = file.device(role: role) else {
            throw RigUnavailable(reason: "the rig \(file.name) has no device with role \(JSONText.quote(role)) (needs \(Self.list(kinds)))")
        }
        guard kinds.contains(spec.kind) else {
            throw RigUnavailable(reason: "role \(JSONText.quote(role)) on rig \(file.name) is a \(spec.kind), this scenario needs \(Self.list(kinds))")
        }
        guard spec.link.hasSimulator || realLinks.contains(spec.link.name) else {
            throw RigUnavailable(reason: "role \(JSONText.quote(role)) is reached over \(spec.link.name), which this build of RigKit cannot drive yet")
        }
        return spec
    }

    /// Returns the facade cached for `role`, making it with `make` the first time.
    public func facade<T: Sendable>(_ role: String, make: () throws -> T) throws -> T {
        if let existing = cache.withLock({ $0[role] }) as? T { return existing }
        let made = try make()
        cache.withLock { $0[role] = made }
        return made
    }

    /// Keeps `value` under `key` for later `cached(_:)` calls in this run.
    public func cache<T: Sendable>(_ value: T, as key: String) {
        self.cache.withLock { $0[key] = value }
    }

    /// The value kept under `key`, if there is one of type `T`.
    public func cached<T: Sendable>(_ key: String) -> T? {
        cache.withLock { $0[key] } as? T
    }

    /// Registers work to do when the scenario ends (close sessions, end streams).
    public func addCleanup(_ cleanup: @escaping @Sendable () async -> Void) {
        cleanups.withLock { $0.append(cleanup) }
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

    func shutDown() async {
        let all = cleanups.withLock { list -> [@Sendable () async -> Void] in defer { list = [] }; return list }
        for cleanup in all.reversed() { await cleanup() }
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

extension LiveRig {
    /// The room-scan SDK playing `role` (kind `roomio`).
    public func roomScanner(_ role: String) throws -> RoomScanner {
        let spec = try device(role, kinds: [.roomio])
        return try facade(role) {
            RoomScanner(role: role, simulation: try RoomScanner.simulation(from: spec), host: host, clock: clock,
                        trace: trace, directory: directory.appendingPathComponent(role, isDirectory: true), seed: seed)
        }
    }
}
