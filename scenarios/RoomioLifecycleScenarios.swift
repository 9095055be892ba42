import RigKitRoomScan
import Foundation
import RigCore
import RigHost
import RigScenario
import RoomScan

/// The Roomio session's life: onboarding, preview, recording, pause, stop, save, export, cancel, close.
enum RoomioLifecycleScenarios {
    static var all: [Scenario] {
        [
            Scenario("Roomio: scanId is nil until start", .tags(.roomio)) { rig in
                let scan = try await ScanFixture(rig)
                Step("Before start") { try require(await scan.session.scanId == nil, "scanId is nil before start()") }
                Step("After start") {
                    try await scan.startRecording()
                    let id = try require(await scan.session.scanId, "scanId after start()")
                    expect(id.hasPrefix("scan-") && id.count == 21, "scanId looks like scan-<16 hex digits>")
                }
            },

            Scenario("Roomio: onboarding comes first and recording starts when the user finishes it", .tags(.roomio)) { rig in
                let scan = try await ScanFixture(rig, onboarding: true)
                Step("Start shows the onboarding, not the camera") {
                    try await scan.session.start()
                    try await scan.events.expectNext(.onboardingShown, within: .seconds(1))
                    try require(await scan.session.isShowingOnboarding, "isShowingOnboarding")
                    try await scan.expectState(.preparing)
                    try await scan.events.expectNever(.started, during: .seconds(30))
                }
                Step("Finishing the onboarding starts recording") {
                    try await scan.session.tap(.finishOnboarding)
                    try await scan.events.expectInOrder([.onboardingEnded(skipped: false), .started], within: .seconds(1))
                    try require(await !scan.session.isShowingOnboarding, "onboarding hidden")
                    try await scan.expectState(.scanning)
                }
            },

            Scenario("Roomio: skipping the onboarding starts recording", .tags(.roomio)) { rig in
                let scan = try await ScanFixture(rig, onboarding: true)
                Step("Skip") {
                    try await scan.session.start()
                    try await scan.session.tap(.skipOnboarding)
                    try await scan.events.expectInOrder([.onboardingShown, .onboardingEnded(skipped: true), .started], within: .seconds(1))
                    try await scan.expectState(.scanning)
                }
            },

            Scenario("Roomio: startPreview runs the camera without recording", .tags(.roomio)) { rig in
                let scan = try await ScanFixture(rig)
                Step("Preview") {
                    try await scan.session.startPreview()
                    try await scan.events.expectNext(.previewStarted, within: .seconds(1))
                    try await scan.expectState(.previewing)
                    try await scan.events.expectNever("progress", during: .seconds(10)) { if case .progress = $0 { true } else { false } }
                    try require(await scan.session.scanId == nil, "scanId stays nil during preview")
                }
                Step("Start records") { try await scan.startRecording() }
            },

            Scenario("Roomio: stop throws notReady in the first seconds and works once the window ends", .tags(.roomio, .boundary)) { rig in
                let scan = try await ScanFixture(rig)
                let window = scan.simulation.notReadyWindow
                Step("Start") { try await scan.startRecording() }
                Step("Stop at once") { try await require(throws: RoomioError.notReady, "stop() at 0 s") { try await scan.session.stop() } }
                Step("Stop 1 ms before the window ends") {
                    try await wait(window - .milliseconds(1))
                    try await require(throws: RoomioError.notReady, "stop() at \((window - .milliseconds(1)).formattedSeconds)") {
                        try await scan.session.stop()
                    }
                    try await scan.expectState(.scanning)
                }
                Step("Stop when the window ends") {
                    try await wait(.milliseconds(1))
                    try await scan.session.stop()
                    try await scan.events.expectEventually(.stopped, within: .seconds(1))
                    try await scan.expectState(.saving)
                }
            },

            Scenario("Roomio: finished comes a few seconds after stop", .tags(.roomio)) { rig in
                let scan = try await ScanFixture(rig)
                let stoppedAt = Shared<RigInstant>("the time stop() was called")
                Step("Record 10 s and stop") {
                    try await scan.startRecording()
                    try await wait(.seconds(10))
                    try await scan.session.stop()
                    stoppedAt.set(rigNow)
                }
                Step("Saving, then finished within 10 s") {
                    try await require(throws: RoomioError.exportFailed("the scan is saving; export needs a finished scan"), "export() while saving") {
                        try await scan.session.export()
                    }
                    try await scan.events.expectEventually(.finished, within: .seconds(10))
                    let took = (rigNow - (try stoppedAt.get())).seconds
                    measure("stop to finished", took, unit: "s", limits: 1...9)
                    try await scan.expectState(.finished)
                }
            },

            Scenario("Roomio: export writes a bundle and close keeps it but deletes the working files", .tags(.roomio)) { rig in
                let scan = try await ScanFixture(rig)
                let bundle = Shared<RoomioBundle>("the exported bundle")
                Step("Export before start fails") {
                    try await require(throws: RoomioError.exportFailed("the scan is notStarted; export needs a finished scan"), "export() before start") {
                        try await scan.session.export()
                    }
                }
                Step("Record, stop, finish") {
                    try await scan.startRecording()
                    try await wait(.seconds(5))
                    try await scan.session.stop()
                    try await scan.events.expectEventually(.finished, within: .seconds(10))
                }
                Step("Export") {
                    let made = try await scan.session.export()
                    bundle.set(made)
                    try await scan.events.expectEventually(.exported(scanId: made.scanId), within: .seconds(1))
                    expect(FileManager.default.fileExists(atPath: made.path + "/scan.json"), "the bundle has scan.json")
                    expect(FileManager.default.fileExists(atPath: made.path + "/frames.bin"), "the bundle has frames.bin")
                    let working = await scan.session.workingDirectory.path
                    try require(FileManager.default.fileExists(atPath: working), "working files exist before close()")
                }
                Step("Close") {
                    await scan.session.close()
                    let working = await scan.session.workingDirectory.path
                    expect(!FileManager.default.fileExists(atPath: working), "working files are deleted by close()")
                    expect(FileManager.default.fileExists(atPath: try bundle.get().path + "/scan.json"), "the exported bundle is kept")
                    try await scan.expectState(.finished)
                    try await require(throws: RoomioError.closed(operation: "start()"), "start() after close()") { try await scan.session.start() }
                }
            },

            Scenario("Roomio: cancel abandons the scan and close keeps the state", .tags(.roomio)) { rig in
                let scan = try await ScanFixture(rig)
                Step("Record and cancel") {
                    try await scan.startRecording()
                    try await wait(.seconds(4))
                    try await scan.session.cancel()
                    try await scan.events.expectEventually(.cancelled, within: .seconds(1))
                    try await scan.expectState(.cancelled)
                    try await scan.events.expectNever("progress after cancel", during: .seconds(5)) { if case .progress = $0 { true } else { false } }
                }
                Step("Close") {
                    await scan.session.close()
                    try await scan.expectState(.cancelled)
                    try await require(throws: RoomioError.closed(operation: "export()"), "export() after close()") { try await scan.session.export() }
                }
            },

            Scenario("Roomio: pause and resume", .tags(.roomio)) { rig in
                let scan = try await ScanFixture(rig)
                Step("Pause stops progress") {
                    try await scan.startRecording()
                    try await wait(.seconds(2))
                    try await scan.session.pause()
                    try await scan.expectState(.paused(.requested))
                    try await scan.events.expectNever("progress while paused", during: .seconds(20)) { if case .progress = $0 { true } else { false } }
                }
                Step("Resume continues") {
                    try await scan.session.resume()
                    try await scan.events.expectEventually(.resumed, within: .seconds(1))
                    try await scan.events.expectEventually(.progress(seconds: 3), within: .seconds(2))
                }
                Step("Resume while scanning is a state error") {
                    try await require(throws: RoomioError.invalidState(operation: "resume()", state: .scanning), "resume() while scanning") {
                        try await scan.session.resume()
                    }
                }
            },

            Scenario("Roomio: the app going to the background pauses the scan and coming back resumes it", .tags(.roomio)) { rig in
                let scan = try await ScanFixture(rig)
                Step("Background") {
                    try await scan.startRecording()
                    await scan.host.setAppState(.background)
                    try await scan.events.expectEventually(.paused(.background), within: .seconds(1))
                    try await scan.expectState(.paused(.background))
                }
                Step("Foreground") {
                    try await wait(.seconds(60))
                    await scan.host.setAppState(.foreground)
                    try await scan.events.expectEventually(.resumed, within: .seconds(1))
                    try await scan.expectState(.scanning)
                }
            },

            Scenario("Roomio: a scan paused by the app stays paused across background and foreground", .tags(.roomio)) { rig in
                let scan = try await ScanFixture(rig)
                Step("Pause, background, foreground") {
                    try await scan.startRecording()
                    try await scan.session.pause()
                    await scan.host.setAppState(.background)
                    try await wait(.seconds(5))
                    await scan.host.setAppState(.foreground)
                    try await wait(.seconds(5))
                    try await scan.expectState(.paused(.requested))
                    try await scan.events.expectNever(.resumed, during: .seconds(1))
                }
            },

            Scenario("Roomio: the exit button asks first; keep scanning goes on, confirming cancels", .tags(.roomio)) { rig in
                let scan = try await ScanFixture(rig)
                Step("Exit, keep scanning") {
                    try await scan.startRecording()
                    try await scan.session.tap(.exit)
                    try require(await scan.session.dialog, equals: .exitConfirmation, "dialog")
                    try require(await scan.session.isShowingDialog, "isShowingDialog")
                    try await scan.session.tap(.keepScanning)
                    try require(await !scan.session.isShowingDialog, "dialog closed")
                    try await scan.expectState(.scanning)
                }
                Step("Exit, confirm") {
                    try await scan.session.tap(.exit)
                    try await scan.session.tap(.confirmExit)
                    try await scan.expectState(.cancelled)
                }
            },

            Scenario("Roomio: progress once a second and tracking changes reach the events stream", .tags(.roomio)) { rig in
                let scan = try await ScanFixture(rig)
                Step("Tracking normal at start") {
                    try await scan.session.start()
                    try await scan.events.expectInOrder([.started, .trackingChanged(.normal)], within: .seconds(1))
                }
                Step("Progress at 1 Hz") {
                    try await scan.events.expectRate("progress", hertz: 1, tolerance: 0.05, during: .seconds(60)) {
                        if case .progress = $0 { true } else { false }
                    }
                }
                Step("Limited tracking") {
                    await scan.session.simulateTracking(.limited)
                    try await scan.events.expectEventually(.trackingChanged(.limited), within: .seconds(1))
                }
            },

            Scenario("Roomio: a two-hour scan runs in virtual time", .tags(.roomio, .long), .requires(.virtualClock), .timeLimit(.seconds(3 * 3600))) { rig in
                let scan = try await ScanFixture(rig)
                Step("Record two hours") {
                    try await scan.startRecording()
                    try await scan.events.expectEventually(.progress(seconds: 7200), within: .seconds(7201))
                    let free = await scan.host.snapshot.freeStorageBytes
                    let used = Double(HostSnapshot(ScanFixture.healthyPhone).freeStorageBytes - free)
                    measure("storage used by 2 h of scanning", used / 1e6, unit: "MB",
                            limits: 0.99 * 7200 * Double(scan.simulation.storageBytesPerSecond) / 1e6...7200 * Double(scan.simulation.storageBytesPerSecond) / 1e6)
                }
                Step("Stop and finish") {
                    try await scan.session.stop()
                    try await scan.events.expectEventually(.finished, within: .seconds(10))
                }
            },
        ]
    }
}
