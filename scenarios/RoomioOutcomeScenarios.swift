import Foundation
import RigCore
import RigHost
import RigScenario
import RoomScan

/// How a Roomio scan ends and what the view shows: the finish button, a failed save, exports that fail (storage full
/// part-way, a write error), the camera released on close, mid-scan warnings as state, and the session observed as
/// SwiftUI observes it.
enum RoomioOutcomeScenarios {
    static var all: [Scenario] { [finishButton, saveFails, exportStorageFullMidway, exportWriteError, warningsAsState, observedLikeSwiftUI] }

    static let finishButton = Scenario("Roomio: the view's finish button stops the scan; close releases the camera", .tags(.roomio)) { rig in
        let scan = try await ScanFixture(rig)
        Step("Recording holds the camera") {
            try await scan.startRecording()
            expect(await scan.session.isCameraRunning, "camera running while recording")
        }
        Step("Finish is refused in the first seconds, works after") {
            try await wait(.seconds(1))
            try await require(throws: RoomioError.notReady, "tap(.finish) after 1 s") { try await scan.session.tap(.finish) }
            try await wait(.seconds(5))
            try await scan.session.tap(.finish)
            try await scan.events.expectEventually(.stopped, within: .seconds(1))
            try await scan.expectState(.saving)
            try await scan.events.expectEventually(.finished, within: .seconds(5))
        }
        Step("Export, then close: the camera is released, the bundle kept") {
            let bundle = try await scan.session.export()
            expect(await scan.session.isCameraRunning, "camera still held until close()")
            await scan.session.close()
            expect(await !scan.session.isCameraRunning, "camera released by close()")
            expect(!scan.session.observation.isCameraRunning, "the observed camera flag is off too")
            expect(FileManager.default.fileExists(atPath: bundle.path), "bundle kept")
            try await scan.expectState(.finished)
        }
    }

    static let saveFails = Scenario("Roomio: a save with no storage left fails: state, dialog and event", .tags(.roomio)) { rig in
        let scan = try await ScanFixture(rig)
        Step("Record and stop") {
            try await scan.startRecording()
            try await wait(.seconds(5))
            try await scan.session.stop()
            try await scan.expectState(.saving)
        }
        Step("The storage runs out while saving: failed(saveFailed), the couldn't-save dialog, the event") {
            await scan.host.setFreeStorage(bytes: 0)
            try await scan.events.expectEventually(.failed(.saveFailed), within: .seconds(5))
            try await scan.expectState(.failed(.saveFailed))
            expect(await scan.session.dialog, equals: .saveFailed, "dialog")
            expect(await scan.session.isShowingDialog, "isShowingDialog")
            await expect(throws: RoomioError.exportFailed("the scan is failed(saveFailed); export needs a finished scan"), "export()") {
                try await scan.session.export()
            }
        }
        Step("Dismissing the dialog leaves the failed state") {
            try await scan.session.tap(.dismiss)
            try await scan.events.expectEventually(.dialogClosed, within: .seconds(1))
            expect(await !scan.session.isShowingDialog, "dialog closed")
            try await scan.expectState(.failed(.saveFailed))
        }
    }

    static let exportStorageFullMidway = Scenario("Roomio: storage filling up during the export fails it, leaves no bundle and gives the space back",
                                                  .tags(.roomio)) { rig in
        let scan = try await ScanFixture(rig)
        Step("Record 20 s and finish") {
            try await scan.startRecording()
            try await wait(.seconds(20))
            try await scan.session.stop()
            try await scan.events.expectEventually(.finished, within: .seconds(5))
        }
        Step("Another app fills the storage half-way through the export") {
            async let exported = scan.session.export()
            try await wait(.milliseconds(800))
            await scan.host.setFreeStorage(bytes: 1000)
            var written: Int64 = -1
            do {
                _ = try await exported
                expect(false, "the export failed")
            } catch let error as RoomioError {
                guard case .exportFailed(let reason) = error else { expect(false, "exportFailed, got \(error)"); return }
                expect(reason.hasPrefix("the phone's storage filled up during the export"), "reason: \(reason)")
                written = Int64(reason.split(separator: "(").last?.split(separator: " ").first ?? "") ?? -1
            }
            expect(written > 0, "part of the bundle was written before the storage ran out")
            expect(await scan.host.snapshot.freeStorageBytes, equals: 1000 + written, "free storage: what the export took is given back")
            expect(await scan.session.bundle == nil, "no bundle")
            let id = try require(await scan.session.scanId, "scanId")
            let folder = try require(await scan.session.workingDirectory.deletingLastPathComponent().path, "session folder")
            let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            expect(!leftovers.contains { $0.contains(id) }, "no bundle or staging folder left: \(leftovers)")
            try await scan.expectState(.finished)
        }
        Step("Storage freed: export again works") {
            await scan.host.setFreeStorage(megabytes: 1000)
            let bundle = try await scan.session.export()
            expect(FileManager.default.fileExists(atPath: bundle.path), "bundle written")
            try await scan.events.expectEventually(.exported(scanId: bundle.scanId), within: .seconds(1))
        }
    }

    static let exportWriteError = Scenario("Roomio: a write error fails the export with the reason; a retry works", .tags(.roomio)) { rig in
        let scan = try await ScanFixture(rig)
        Step("Record and finish") {
            try await scan.startRecording()
            try await wait(.seconds(5))
            try await scan.session.stop()
            try await scan.events.expectEventually(.finished, within: .seconds(5))
        }
        Step("The disk refuses the write") {
            let free = await scan.host.snapshot.freeStorageBytes
            await scan.session.simulateWriteFailure(reason: "I/O error")
            do {
                _ = try await scan.session.export()
                expect(false, "the export failed")
            } catch let error as RoomioError {
                guard case .exportFailed(let reason) = error else { expect(false, "exportFailed, got \(error)"); return }
                expect(reason.hasSuffix("I/O error"), "the reason names the write error: \(reason)")
            }
            expect(await scan.host.snapshot.freeStorageBytes, equals: free, "storage given back")
            expect(await scan.session.bundle == nil, "no bundle")
        }
        Step("Retry: exported") {
            let bundle = try await scan.session.export()
            expect(FileManager.default.fileExists(atPath: bundle.path), "bundle written")
        }
    }

    static let warningsAsState = Scenario("Roomio: mid-scan warnings are visible state while their condition lasts", .tags(.roomio, .powerGuard)) { rig in
        let scan = try await ScanFixture(rig)
        Step("Scanning: no warning") {
            try await scan.startRecording()
            expect(await scan.session.warnings, equals: [], "warnings")
        }
        Step("Low Power Mode and 150 MB free: both shown, in order") {
            await scan.host.setLowPowerMode(true)
            await scan.host.setFreeStorage(megabytes: 150)
            try await scan.events.expectEventually(.warning(.insufficientStorage), within: .seconds(2))
            expect(await scan.session.warnings, equals: [.powerSaving, .insufficientStorage], "warnings")
            expect(scan.session.observation.warnings, equals: [.powerSaving, .insufficientStorage], "observed warnings")
        }
        Step("Low Power Mode off: only the storage warning stays; the scan never stopped") {
            await scan.host.setLowPowerMode(false)
            try await eventually(within: .seconds(1), "the power-saving warning gone") { await scan.session.warnings == [.insufficientStorage] }
            try await scan.expectState(.scanning)
        }
    }

    static let observedLikeSwiftUI = Scenario("Roomio: the session's state, onboarding and dialog are observable as SwiftUI observes them",
                                              .tags(.roomio)) { rig in
        let scan = try await ScanFixture(rig, onboarding: true)
        let view = scan.session.observation
        Step("start(): state and onboarding change, observers are told") {
            let state = ObservedChange.watch { view.state }
            let onboarding = ObservedChange.watch { view.isShowingOnboarding }
            let dialog = ObservedChange.watch { view.isShowingDialog }
            try await scan.session.start()
            expect(state.happened, "a view reading state is told")
            expect(onboarding.happened, "a view reading isShowingOnboarding is told")
            expect(!dialog.happened, "a view reading isShowingDialog is not told (no dialog yet)")
            expect(view.state, equals: .preparing, "observed state")
            expect(view.isShowingOnboarding, "observed onboarding")
            expect(view.scanId != nil, "observed scanId")
        }
        Step("Skip the onboarding, tap exit: the dialog shows") {
            try await scan.session.tap(.skipOnboarding)
            try await scan.events.expectEventually(.started, within: .seconds(1))
            let dialog = ObservedChange.watch { view.isShowingDialog }
            try await scan.session.tap(.exit)
            expect(dialog.happened, "a view reading isShowingDialog is told")
            expect(view.dialog, equals: .exitConfirmation, "observed dialog")
        }
        Step("The app goes to the background: the state changes without a call") {
            try await scan.session.tap(.keepScanning)
            let state = ObservedChange.watch { view.state }
            await scan.host.setAppState(.background)
            try await eventually(within: .seconds(1), "observed state paused") { view.state == .paused(.background) }
            expect(state.happened, "a view reading state is told")
            await scan.host.setAppState(.foreground)
        }
    }
}
