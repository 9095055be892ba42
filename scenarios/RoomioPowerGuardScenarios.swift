import RigKitRoomScan
import RigCore
import RigHost
import RigScenario
import RoomScan

/// The power guards of the Roomio session, at and around every threshold.
enum RoomioPowerGuardScenarios {
    static var all: [Scenario] {
        batteryBoundaries + storageBoundaries + [
            lowPowerMode, askThenContinue, askThenLeave, blockedOnlyCancels, precedence,
            warningsDuringScan, drainDuringScan, permissionDenied, permissionPromptDenied, permissionInPreview,
        ]
    }

    /// What a start should lead to on a host in a given state.
    enum Expected: Sendable, CustomStringConvertible {
        case block(RoomioFailure)
        case ask([PowerGuardCondition])
        case start

        var description: String {
            switch self {
            case .block(let f): "blocked (\(f.rawValue))"
            case .ask(let c): "asks first (\(c.map(\.rawValue).joined(separator: ", ")))"
            case .start: "starts"
            }
        }
    }

    static let batteryBoundaries: [Scenario] = [
        (24.0, Expected.block(.lowBattery)), (25, .block(.lowBattery)), (26, .ask([.batteryBelowHalf])),
        (49, .ask([.batteryBelowHalf])), (50, .start), (51, .start),
    ].map { level, expected in
        Scenario("Roomio power guard: battery at \(Int(level)) % \(expected)", .tags(.roomio, .powerGuard, .boundary)) { rig in
            let scan = try await ScanFixture(rig)
            Step("Battery at \(Int(level)) %") { await scan.host.setBattery(percent: level) }
            Step("Start \(expected)") { try await expectStart(scan, expected) }
        }
    }

    static let storageBoundaries: [Scenario] = [
        (199.0, Expected.block(.insufficientStorage)), (200, .ask([.storageBelowComfort])), (201, .ask([.storageBelowComfort])),
        (2990, .ask([.storageBelowComfort])), (2999, .ask([.storageBelowComfort])), (3000, .start), (3010, .start),
    ].map { megabytes, expected in
        Scenario("Roomio power guard: \(Measurement.formatMB(megabytes)) free \(expected)", .tags(.roomio, .powerGuard, .boundary)) { rig in
            let scan = try await ScanFixture(rig)
            Step("Free storage \(Measurement.formatMB(megabytes))") { await scan.host.setFreeStorage(megabytes: megabytes) }
            Step("Start \(expected)") { try await expectStart(scan, expected) }
        }
    }

    /// Starts the scan on the fixture's host and requires the outcome `expected`.
    static func expectStart(_ scan: ScanFixture, _ expected: Expected,
                            fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) async throws {
        let policyVerdict = PowerGuardPolicy.roomio.verdictForStart(await scan.host.snapshot)
        try await scan.session.start()
        switch expected {
        case .block(let failure):
            expect(policyVerdict, equals: .block(PowerGuardCondition(rawValue: failure.rawValue)!), "policy verdict", fileID: fileID, filePath: filePath, line: line)
            try await scan.events.expectInOrder([.failed(failure), .dialogShown(.blocked(failure))], within: .seconds(1), fileID: fileID, filePath: filePath, line: line)
            try await scan.events.expectNever(.started, during: .seconds(5), fileID: fileID, filePath: filePath, line: line)
            try await scan.expectState(.preparing, fileID: fileID, filePath: filePath, line: line)
        case .ask(let conditions):
            expect(policyVerdict, equals: .ask(conditions), "policy verdict", fileID: fileID, filePath: filePath, line: line)
            try await scan.events.expectNext(.dialogShown(.askToContinue(conditions)), within: .seconds(1), fileID: fileID, filePath: filePath, line: line)
            try await scan.events.expectNever(.started, during: .seconds(5), fileID: fileID, filePath: filePath, line: line)
        case .start:
            expect(policyVerdict, equals: .clear, "policy verdict", fileID: fileID, filePath: filePath, line: line)
            try await scan.events.expectInOrder([.started], within: .seconds(1), fileID: fileID, filePath: filePath, line: line)
            try await scan.expectState(.scanning, fileID: fileID, filePath: filePath, line: line)
            try require(await !scan.session.isShowingDialog, "no dialog", fileID: fileID, filePath: filePath, line: line)
        }
    }

    static let lowPowerMode = Scenario("Roomio power guard: Low Power Mode blocks the start", .tags(.roomio, .powerGuard)) { rig in
        let scan = try await ScanFixture(rig)
        Step("Low Power Mode on") { await scan.host.setLowPowerMode(true) }
        Step("Start is blocked with powerSaving") { try await expectStart(scan, .block(.powerSaving)) }
        Step("Turning it off does not start the scan by itself") {
            await scan.host.setLowPowerMode(false)
            try await scan.events.expectNever(.started, during: .seconds(10))
        }
    }

    static let blockedOnlyCancels = Scenario("Roomio power guard: the blocking sheet's only button cancels the session", .tags(.roomio, .powerGuard)) { rig in
        let scan = try await ScanFixture(rig)
        Step("Blocked by a 25 % battery") {
            await scan.host.setBattery(percent: 25)
            try await expectStart(scan, .block(.lowBattery))
            try require(await scan.session.dialog?.buttons ?? [], equals: [.cancel], "the sheet's buttons")
        }
        Step("Continue is not offered") {
            try await require(throws: RoomioError.buttonNotShown(.continueAnyway, showing: "a blocked(RoomScan.RoomioFailure.lowBattery) dialog with cancel"),
                              "tapping continue") { try await scan.session.tap(.continueAnyway) }
        }
        Step("Cancel") {
            try await scan.session.tap(.cancel)
            try await scan.expectState(.cancelled)
            try require(await !scan.session.isShowingDialog, "sheet closed")
        }
    }

    static let askThenContinue = Scenario("Roomio power guard: asked first, continuing starts the scan", .tags(.roomio, .powerGuard)) { rig in
        let scan = try await ScanFixture(rig)
        Step("Battery 40 %, 1 GB free") {
            await scan.host.setBattery(percent: 40)
            await scan.host.setFreeStorage(megabytes: 1000)
        }
        Step("Asked with both reasons") { try await expectStart(scan, .ask([.storageBelowComfort, .batteryBelowHalf])) }
        Step("Continue") {
            try await scan.session.tap(.continueAnyway)
            try await scan.events.expectInOrder([.dialogClosed, .started], within: .seconds(1))
            try await scan.expectState(.scanning)
        }
    }

    static let askThenLeave = Scenario("Roomio power guard: asked first, leaving cancels", .tags(.roomio, .powerGuard)) { rig in
        let scan = try await ScanFixture(rig)
        Step("Battery 30 %") { await scan.host.setBattery(percent: 30) }
        Step("Asked") { try await expectStart(scan, .ask([.batteryBelowHalf])) }
        Step("Leave") {
            try await scan.session.tap(.leave)
            try await scan.events.expectEventually(.cancelled, within: .seconds(1))
            try await scan.expectState(.cancelled)
        }
    }

    static let precedence = Scenario("Roomio power guard: with every blocker at once, powerSaving is reported", .tags(.roomio, .powerGuard)) { rig in
        let scan = try await ScanFixture(rig)
        Step("Everything low") {
            await scan.host.setLowPowerMode(true)
            await scan.host.setBattery(percent: 10)
            await scan.host.setFreeStorage(megabytes: 50)
            expect(PowerGuardPolicy.roomio.blockingConditions(await scan.host.snapshot), equals: [.powerSaving, .insufficientStorage, .lowBattery], "blocking conditions")
        }
        Step("Blocked with powerSaving") { try await expectStart(scan, .block(.powerSaving)) }
    }

    static let warningsDuringScan = Scenario("Roomio power guard: during a scan each blocker only warns", .tags(.roomio, .powerGuard)) { rig in
        let scan = try await ScanFixture(rig)
        Step("Scanning") { try await scan.startRecording() }
        Step("Low Power Mode on") {
            await scan.host.setLowPowerMode(true)
            try await scan.events.expectEventually(.warning(.powerSaving), within: .seconds(1))
        }
        Step("Storage 150 MB") {
            await scan.host.setFreeStorage(megabytes: 150)
            try await scan.events.expectEventually(.warning(.insufficientStorage), within: .seconds(2))
        }
        Step("Battery 20 %") {
            await scan.host.setBattery(percent: 20)
            try await scan.events.expectEventually(.warning(.lowBattery), within: .seconds(2))
        }
        Step("The scan carries on") {
            try await scan.events.expectNever("a failure", during: .seconds(30)) { if case .failed = $0 { true } else { false } }
            try await scan.expectState(.scanning)
            try require(await !scan.session.isShowingDialog, "no dialog during the scan")
        }
    }

    static let drainDuringScan = Scenario("Roomio power guard: a battery draining below 25 % mid-scan warns once", .tags(.roomio, .powerGuard, .long), .requires(.virtualClock), .timeLimit(.seconds(7200))) { rig in
        let scan = try await ScanFixture(rig)
        Step("Start at 30 %") {
            await scan.host.setBattery(percent: 30)
            try await scan.session.start()
            try await scan.session.tap(.continueAnyway)
            try await scan.expectState(.scanning)
        }
        Step("Drain 12 %/h for 45 min") {
            let level = try await scan.host.drain(percentPerHour: 12, for: .seconds(45 * 60))
            measure("battery after 45 min", level, unit: "%", limits: 20.9...21.1)
            let warnings = scan.events.entries.filter { $0.element == .warning(.lowBattery) }
            try require(warnings.count, equals: 1, "lowBattery warnings")
            measure("lowBattery warning at", warnings[0].time.seconds / 60, unit: "min", limits: 24...26)
            try await scan.expectState(.scanning)
        }
    }

    static let permissionDenied = Scenario("Roomio power guard: camera refused fails with permissionDenied until allowed", .tags(.roomio, .powerGuard)) { rig in
        let scan = try await ScanFixture(rig)
        Step("Camera refused") { await scan.host.setCameraPermission(.denied) }
        Step("Start fails with permissionDenied") {
            try await scan.session.start()
            try await scan.events.expectInOrder([.failed(.permissionDenied), .dialogShown(.permissionDenied)], within: .seconds(1))
            try require(await scan.session.dialog?.buttons ?? [], equals: [.openSettings, .cancel], "the sheet's buttons")
            try await scan.events.expectNever(.started, during: .seconds(10))
        }
        Step("Open Settings, allow, come back: the scan starts") {
            try await scan.session.tap(.openSettings)
            try require(await scan.host.snapshot.appState, equals: .background, "app state after Open Settings")
            await scan.host.setCameraPermission(.granted)
            try await scan.events.expectNever(.started, during: .seconds(3))
            await scan.host.setAppState(.foreground)
            try await scan.events.expectInOrder([.dialogClosed, .started], within: .seconds(1))
            try await scan.expectState(.scanning)
        }
    }

    static let permissionPromptDenied = Scenario("Roomio power guard: declining the camera prompt fails with permissionDenied", .tags(.roomio, .powerGuard)) { rig in
        let scan = try await ScanFixture(rig)
        Step("Not asked yet; the user will decline") {
            await scan.host.setCameraPermission(.notDetermined)
            await scan.host.setPermissionPromptAnswer(.denied)
        }
        Step("Start asks, is declined, fails") {
            try await scan.session.start()
            try await scan.events.expectNext(.failed(.permissionDenied), within: .seconds(1))
            try require(await scan.host.snapshot.cameraPermission, equals: .denied, "stored permission")
        }
        Step("Cancel from the sheet") {
            try await scan.session.tap(.cancel)
            try await scan.expectState(.cancelled)
        }
    }

    static let permissionInPreview = Scenario("Roomio power guard: startPreview asks for the camera and shows the sheet when refused", .tags(.roomio, .powerGuard)) { rig in
        let scan = try await ScanFixture(rig)
        Step("Refused") { await scan.host.setCameraPermission(.denied) }
        Step("Preview shows the sheet") {
            try await scan.session.startPreview()
            try await scan.events.expectInOrder([.previewStarted, .failed(.permissionDenied), .dialogShown(.permissionDenied)], within: .seconds(1))
        }
    }
}

extension Measurement {
    /// Megabytes as a scenario name shows them: `199 MB`, `2.99 GB`.
    static func formatMB(_ mb: Double) -> String {
        if mb >= 1000 {
            let gb = mb / 1000
            return gb == gb.rounded() ? "\(Int(gb)) GB" : String(format: "%.4g GB", gb)
        }
        return mb == mb.rounded() ? "\(Int(mb)) MB" : "\(mb) MB"
    }
}
