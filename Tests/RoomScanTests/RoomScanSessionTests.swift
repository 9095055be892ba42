import Foundation
import Observation
import Synchronization
import RigCore
import RigHost
import RoomScan
import Testing

/// Drives a session directly on a virtual clock, without the scenario DSL.
private func onRig<T: Sendable>(
    _ settings: HostSettings = HostSettings(),
    _ body: @escaping @Sendable (VirtualClock, PhoneHost, RoomScanner) async throws -> T
) async throws -> T {
    let clock = VirtualClock()
    let trace = TraceLog(clock: clock)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roomscan-\(UUID().uuidString)")
    return try await clock.run {
        let host = PhoneHost(settings: settings, clock: clock, trace: trace)
        let scanner = RoomScanner(role: "scanner", simulation: RoomScanSimulation(), host: host, clock: clock,
                                  trace: trace, directory: directory, seed: 7)
        return try await body(clock, host, scanner)
    }
}

@Suite struct RoomScanSessionTests {
    @Test func theObservedStateTellsObserversAndTheCameraIsHeldUntilClose() async throws {
        let (told, observed, cameraDuring, cameraAfter) = try await onRig { _, _, scanner in
            let session = await scanner.startScan(config: RoomScanConfig(showsOnboarding: false))
            let fired = Mutex(false)
            withObservationTracking { _ = session.observation.state } onChange: { fired.withLock { $0 = true } }
            try await session.start()
            let during = session.observation.isCameraRunning
            await session.close()
            return (fired.withLock { $0 }, session.observation.state, during, session.observation.isCameraRunning)
        }
        #expect(told, "an observer of state is told when start() changes it")
        #expect(observed == .scanning && cameraDuring && !cameraAfter)
    }

    @Test func theHappyPathFromStartToExportAndClose() async throws {
        let (states, bundle, workGone, bundleKept, finishedAt) = try await onRig { clock, _, scanner in
            let session = await scanner.startScan(config: RoomScanConfig(showsOnboarding: false))
            var states = [await session.state]
            try await session.start()
            states.append(await session.state)
            try await clock.sleep(for: .seconds(5))
            try await session.stop()
            states.append(await session.state)
            try await clock.sleep(for: .seconds(4))
            states.append(await session.state)
            let finishedAt = clock.now
            let bundle = try await session.export()
            let work = await session.workingDirectory.path
            await session.close()
            return (states, bundle, !FileManager.default.fileExists(atPath: work),
                    FileManager.default.fileExists(atPath: bundle.path + "/scan.json"), finishedAt)
        }
        #expect(states == [.notStarted, .scanning, .saving, .finished])
        #expect(finishedAt == RigInstant(offset: .seconds(9)))
        #expect(workGone && bundleKept)
        #expect(bundle.scanId.hasPrefix("scan-"))
    }

    @Test func theNotReadyWindowEndsAtExactlyThreeSeconds() async throws {
        let outcomes = try await onRig { clock, _, scanner in
            let session = await scanner.startScan(config: RoomScanConfig(showsOnboarding: false))
            try await session.start()
            var outcomes: [String] = []
            for step in [Duration.zero, .milliseconds(2999), .milliseconds(1)] {
                try await clock.sleep(for: step)
                do { try await session.stop(); outcomes.append("stopped") } catch { outcomes.append("\(error)") }
            }
            return outcomes
        }
        #expect(outcomes == ["notReady: the scan is too young to stop", "notReady: the scan is too young to stop", "stopped"])
    }

    @Test func callsInTheWrongStateThrowStateErrors() async throws {
        let errors = try await onRig { _, _, scanner in
            let session = await scanner.startScan()
            var errors: [RoomioError] = []
            for call in [{ try await session.stop() }, { try await session.pause() }, { try await session.resume() }] as [@Sendable () async throws -> Void] {
                do { try await call() } catch let error as RoomioError { errors.append(error) }
            }
            do { try await session.tap(.continueAnyway) } catch let error as RoomioError { errors.append(error) }
            await session.close()
            do { try await session.start() } catch let error as RoomioError { errors.append(error) }
            return errors
        }
        #expect(errors == [
            .invalidState(operation: "stop()", state: .notStarted),
            .invalidState(operation: "pause()", state: .notStarted),
            .invalidState(operation: "resume()", state: .notStarted),
            .buttonNotShown(.continueAnyway, showing: "the scan, state notStarted"),
            .closed(operation: "start()"),
        ])
    }

    @Test func backgroundPausesOnlyARunningScanAndForegroundResumesIt() async throws {
        let states = try await onRig { clock, host, scanner in
            let session = await scanner.startScan(config: RoomScanConfig(showsOnboarding: false))
            try await session.start()
            await host.setAppState(.background)
            try await clock.sleep(for: .seconds(1))
            var states = [await session.state]
            await host.setAppState(.foreground)
            try await clock.sleep(for: .seconds(1))
            states.append(await session.state)
            return states
        }
        #expect(states == [.paused(.background), .scanning])
    }

    @Test func theSameSeedGivesTheSameScanIdAndEvents() async throws {
        func once() async throws -> (String?, [RoomioScanEvent]) {
            try await onRig { clock, _, scanner in
                let session = await scanner.startScan(config: RoomScanConfig(showsOnboarding: true))
                try await session.start()
                try await session.tap(.skipOnboarding)
                try await clock.sleep(for: .seconds(3))
                try await session.cancel()
                await session.close()
                var events: [RoomioScanEvent] = []
                for await event in session.events { events.append(event) }
                return (await session.scanId, events)
            }
        }
        let a = try await once(), b = try await once()
        #expect(a.0 == b.0)
        #expect(a.1 == b.1)
        #expect(a.1 == [.onboardingShown, .onboardingEnded(skipped: true), .started, .trackingChanged(.normal),
                        .progress(seconds: 1), .progress(seconds: 2), .cancelled, .closed],
                "the cancel at t = 3 s comes before the third second's progress: its sleep began first")
    }

    @Test func rigFileParametersAreCheckedWithTheirPath() throws {
        let rig = try RigFile.parse(Array("""
        {"name": "r", "devices": [{"role": "scanner", "kind": "roomio", "simulated": {"notReadySeconds": -1}}]}
        """.utf8), source: "r.json")
        #expect(throws: RigFileError.invalid(file: "r.json", path: "$.devices[0].simulated.notReadySeconds", line: 1, column: 98,
                                             expected: "a number from 0 to 600 seconds", found: "a number -1")) {
            try RoomScanner.simulation(from: rig.devices[0])
        }
        let typo = try RigFile.parse(Array("""
        {"name": "r", "devices": [{"role": "scanner", "kind": "roomio", "simulated": {"saveSecs": 1}}]}
        """.utf8), source: "r.json")
        #expect(throws: RigFileError.self) { try RoomScanner.simulation(from: typo.devices[0]) }
    }
}
