import RigKitRoomScan
import RigCore
import RigHost
import RigScenario
import RoomScan

/// A room-scan session made for a scenario, with its events recorded.
struct ScanFixture: Sendable {
    let host: PhoneHost
    let session: RoomScanSession
    let events: EventLog<RoomioScanEvent>
    /// The simulated session's timings, from the rig file.
    let simulation: RoomScanSimulation

    /// The phone every Roomio scenario starts from, whatever the rig's host: 80 % battery, 64 GB free,
    /// Low Power Mode off, camera allowed, app in front. Scenarios then change what they test.
    static let healthyPhone = HostSettings()

    /// Makes a session on the rig's `scanner` on a healthy phone; without onboarding unless asked.
    init(_ rig: LiveRig, onboarding: Bool = false) async throws {
        host = rig.host
        await host.reset(to: Self.healthyPhone)
        let scanner = try rig.roomScanner("scanner")
        simulation = scanner.simulation
        session = await scanner.startScan(config: RoomScanConfig(showsOnboarding: onboarding))
        events = rig.record(session.events, "scan events")
        rig.addCleanup { [session] in await session.close() }
    }

    /// Requires the session's state to be `expected` now.
    func expectState(_ expected: RoomioScanState, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) async throws {
        try require(await session.state, equals: expected, "scan state", fileID: fileID, filePath: filePath, line: line)
    }

    /// Starts the scan and requires recording to begin at once (no onboarding, no dialog).
    func startRecording(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) async throws {
        try await session.start()
        try await events.expectEventually(.started, within: .seconds(1), fileID: fileID, filePath: filePath, line: line)
        try await expectState(.scanning, fileID: fileID, filePath: filePath, line: line)
    }
}
