import Foundation
import RigCore
import RigHost

/// The room-scan SDK on a simulated phone host: makes sessions with `startScan(config:)`.
public final class RoomScanner: Sendable {
    /// The role the rig gives this scanner.
    public let role: String
    public let simulation: RoomScanSimulation
    private let host: PhoneHost
    private let clock: any RigClock
    private let trace: TraceLog
    private let directory: URL
    private let seed: UInt64
    private let sessionCount = SessionCounter()

    /// A scanner on `host`; sessions keep their files under `directory`.
    public init(role: String, simulation: RoomScanSimulation, host: PhoneHost, clock: any RigClock,
                trace: TraceLog, directory: URL, seed: UInt64) {
        self.role = role
        self.simulation = simulation
        self.host = host
        self.clock = clock
        self.trace = trace
        self.directory = directory
        self.seed = seed
    }

    /// Creates a session; show it and call `start()` to begin.
    public func startScan(config: RoomScanConfig = RoomScanConfig()) async -> RoomScanSession {
        let index = sessionCount.next()
        let changes = await host.changes()
        trace.record(role, "sessionCreated", [("session", String(index)), ("showsOnboarding", String(config.showsOnboarding))])
        let session = RoomScanSession(
            role: role, config: config, simulation: simulation, host: host,
            clock: clock, trace: trace,
            directory: directory.appendingPathComponent("session-\(index)", isDirectory: true),
            random: SeededGenerator(seed: seed, stream: "\(role)/session-\(index)"))
        await session.follow(changes)
        return session
    }

    /// Reads the `simulated` parameters of a `roomio` device from its rig-file entry.
    public static func simulation(from spec: DeviceSpec) throws(RigFileError) -> RoomScanSimulation {
        var simulation = RoomScanSimulation()
        guard case .simulated(let parameters?) = spec.link else { return simulation }
        let m = try parameters.object(allowed: ["notReadySeconds", "saveSeconds", "exportSeconds", "storageMBPerSecond"])
        if let c = m["notReadySeconds"] { simulation.notReadyWindow = .seconds(fractional: try c.number(in: 0...600, unit: "seconds")) }
        if let c = m["saveSeconds"] { simulation.saveDuration = .seconds(fractional: try c.number(in: 0...600, unit: "seconds")) }
        if let c = m["exportSeconds"] { simulation.exportDuration = .seconds(fractional: try c.number(in: 0...600, unit: "seconds")) }
        if let c = m["storageMBPerSecond"] {
            simulation.storageBytesPerSecond = Int64((try c.number(in: 0...10_000, unit: "MB per second") * 1_000_000).rounded())
        }
        return simulation
    }
}

import Synchronization

/// Numbers sessions 1, 2, 3… in the order they are made.
private final class SessionCounter: Sendable {
    private let value = Mutex(0)
    func next() -> Int { value.withLock { $0 += 1; return $0 } }
}

extension DeviceKind {
    /// A Roomio-style room-scan session on the phone host.
    public static let roomio = DeviceKind(rawValue: "roomio")
}
