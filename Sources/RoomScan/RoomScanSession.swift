import Foundation
import RigCore
import RigHost

/// A single room scan, from starting the camera to exporting the result, simulated on the phone host.
///
/// Follows the Roomio SDK's contract (see Docs/RoomScan.md): `start()` runs the
/// onboarding, the power guard and the camera permission before recording;
/// `stop()` throws `notReady` in the first seconds; `finished` comes a few
/// seconds after `stop()`; `export()` packages the scan; `close()` deletes the
/// working files but keeps an exported bundle. The view's buttons are tapped
/// with `tap(_:)`. Host changes (background, Low Power Mode, storage, battery)
/// act on the session by themselves.
public actor RoomScanSession {
    /// The current state; after `close()` it stays as it was.
    public private(set) var state: RoomioScanState = .notStarted {
        didSet { observation.update(\.state, \.state, to: state) }
    }
    /// Nil until `start()`.
    public private(set) var scanId: String? {
        didSet { observation.update(\.scanId, \.scanId, to: scanId) }
    }
    /// The sheet or dialog the view shows, if any.
    public private(set) var dialog: RoomioDialog? {
        didSet { observation.update(\.dialog, \.dialog, to: dialog) }
    }
    /// Whether the view shows the onboarding.
    public private(set) var isShowingOnboarding = false {
        didSet { observation.update(\.isShowingOnboarding, \.isShowingOnboarding, to: isShowingOnboarding) }
    }
    /// The warnings the view shows mid-scan: each blocking condition present now, in `PowerGuardCondition` order.
    public private(set) var warnings: [PowerGuardCondition] = [] {
        didSet { observation.update(\.warnings, \.warnings, to: warnings) }
    }
    /// Whether the session holds the camera: from the preview or the start of recording until `close()` releases it.
    public private(set) var isCameraRunning = false {
        didSet { observation.update(\.isCameraRunning, \.isCameraRunning, to: isCameraRunning) }
    }
    /// The same, observable as SwiftUI observes the SDK's session (`withObservationTracking`).
    public nonisolated let observation = RoomScanObservation()
    /// Whether the view shows a sheet or dialog.
    public var isShowingDialog: Bool { dialog != nil }
    /// The exported bundle, once `export()` succeeded.
    public private(set) var bundle: RoomioBundle?
    /// Whether `close()` was called.
    public private(set) var isClosed = false

    /// Notifications from the scan; read with `for await`. Keeps the newest 4096 unread events.
    public nonisolated let events: AsyncStream<RoomioScanEvent>
    private let eventSink: AsyncStream<RoomioScanEvent>.Continuation

    private let role: String
    private let config: RoomScanConfig
    private let simulation: RoomScanSimulation
    private let host: PhoneHost
    private let clock: any RigClock
    private let trace: TraceLog
    private let directory: URL
    private var random: SeededGenerator
    private var hostMonitor: Task<Void, Never>?
    private var recorder: Task<Void, Never>?
    private var saver: Task<Void, Never>?
    private var onboardingDone = false
    private var recordingStartedAt: RigInstant?
    private var secondsRecorded = 0
    private var storageUsed: Int64 = 0
    private var isExporting = false
    private var exportWriteFailure: String?

    init(role: String, config: RoomScanConfig, simulation: RoomScanSimulation, host: PhoneHost,
         clock: any RigClock, trace: TraceLog,
         directory: URL, random: SeededGenerator) {
        self.role = role
        self.config = config
        self.simulation = simulation
        self.host = host
        self.clock = clock
        self.trace = trace
        self.directory = directory
        self.random = random
        (events, eventSink) = AsyncStream.makeStream(of: RoomioScanEvent.self, bufferingPolicy: .bufferingNewest(4096))
    }

    /// Starts following the host's changes (background, Low Power Mode, storage, battery, permission).
    func follow(_ hostChanges: AsyncStream<HostChange>) {
        hostMonitor = clock.spawn { [weak self] in
            for await change in hostChanges {
                guard let self else { return }
                await self.hostChanged(change)
            }
        }
    }

    /// The directory holding the scan's working files while it records.
    public var workingDirectory: URL { directory.appendingPathComponent("work", isDirectory: true) }

    // MARK: Calls from the app

    /// Starts the camera without recording; asks for camera access if the app has not yet.
    public func startPreview() async throws(RoomioError) {
        try checkOpen("startPreview()")
        guard state == .notStarted else { throw .invalidState(operation: "startPreview()", state: state) }
        setState(.previewing)
        emit(.previewStarted)
        if await host.requestCameraAccess() != .granted { showPermissionSheet() } else { startCamera() }
    }

    /// Starts recording, after the onboarding (if shown), the power guard and the camera permission.
    public func start() async throws(RoomioError) {
        try checkOpen("start()")
        guard state == .notStarted || state == .previewing else { throw .invalidState(operation: "start()", state: state) }
        scanId = makeScanId()
        trace.record(role, "scanId", [("scanId", scanId!)])
        setState(.preparing)
        if config.showsOnboarding && !onboardingDone {
            isShowingOnboarding = true
            emit(.onboardingShown)
            return
        }
        await runDeviceChecks()
    }

    /// Pauses recording until `resume()`.
    public func pause() throws(RoomioError) {
        try checkOpen("pause()")
        guard state == .scanning else { throw .invalidState(operation: "pause()", state: state) }
        setState(.paused(.requested))
        emit(.paused(.requested))
    }

    /// Resumes a scan paused with `pause()`.
    public func resume() throws(RoomioError) {
        try checkOpen("resume()")
        guard state == .paused(.requested) else { throw .invalidState(operation: "resume()", state: state) }
        setState(.scanning)
        emit(.resumed)
    }

    /// Finishes recording; `finished` follows once the scan is saved. Throws `notReady` in the first seconds.
    public func stop() throws(RoomioError) {
        try checkOpen("stop()")
        switch state {
        case .scanning, .paused: break
        default: throw .invalidState(operation: "stop()", state: state)
        }
        if let started = recordingStartedAt, clock.now - started < simulation.notReadyWindow {
            trace.record(role, "stopRefused", [("reason", "notReady"), ("recorded", (clock.now - started).formattedSeconds)])
            throw .notReady
        }
        recorder?.cancel()
        setState(.saving)
        emit(.stopped)
        saver = clock.spawn { [weak self, clock, simulation] in
            do { try await clock.sleep(for: simulation.saveDuration) } catch { return }
            await self?.finishSaving()
        }
    }

    /// Packages the finished scan as a bundle on disk (written atomically) and returns it.
    ///
    /// Packaging takes `exportDuration`, taking the bundle's storage from the host in four
    /// parts as it goes: storage running out part-way fails the export, gives back what it
    /// took and leaves no bundle; the scan stays finished, so export can be called again.
    public func export() async throws(RoomioError) -> RoomioBundle {
        try checkOpen("export()")
        guard state == .finished, let scanId else {
            throw .exportFailed("the scan is \(state); export needs a finished scan")
        }
        if let bundle { return bundle }
        guard !isExporting else { throw .exportFailed("an export of this scan is already running") }
        isExporting = true
        defer { isExporting = false }
        let size = storageUsed / 10 + 4096
        let parts = 4
        var taken: Int64 = 0
        for part in 0..<parts {
            do { try await clock.sleep(for: simulation.exportDuration / parts) } catch {
                await host.releaseStorage(bytes: taken)
                throw .exportFailed("the export was cancelled")
            }
            let piece = part == parts - 1 ? size - taken : size / Int64(parts)
            guard await host.consumeStorage(bytes: piece) else {
                await host.releaseStorage(bytes: taken)
                trace.record(role, "exportFailed", [("reason", "storage full"), ("written", String(taken)), ("size", String(size))])
                throw .exportFailed("the phone's storage filled up during the export (\(taken) of \(size) bytes written); free some storage and export again")
            }
            taken += piece
        }
        let bundleURL = directory.appendingPathComponent("\(scanId).roomiobundle", isDirectory: true)
        do {
            try writeBundle(to: bundleURL, scanId: scanId)
        } catch {
            await host.releaseStorage(bytes: size)
            trace.record(role, "exportFailed", [("reason", "write error")])
            throw .exportFailed("cannot write \(bundleURL.path): \(error)")
        }
        let made = RoomioBundle(scanId: scanId, path: bundleURL.path, sizeBytes: size)
        bundle = made
        emit(.exported(scanId: scanId))
        return made
    }

    /// Makes the next export's write fail with `reason` (a disk error on the phone), once.
    public func simulateWriteFailure(reason: String) {
        exportWriteFailure = reason
        trace.record(role, "fault", [("nextExportWrite", reason)])
    }

    /// Abandons the scan without saving it; call `close()` afterwards.
    public func cancel() throws(RoomioError) {
        try checkOpen("cancel()")
        guard !state.hasEnded else { throw .invalidState(operation: "cancel()", state: state) }
        recorder?.cancel()
        saver?.cancel()
        isShowingOnboarding = false
        closeDialog()
        setState(.cancelled)
        emit(.cancelled)
    }

    /// Discards the session: releases the camera and deletes the working files; an exported bundle is kept.
    public func close() async {
        guard !isClosed else { return }
        recorder?.cancel()
        saver?.cancel()
        hostMonitor?.cancel()
        try? FileManager.default.removeItem(at: workingDirectory)
        await host.releaseStorage(bytes: storageUsed)
        storageUsed = 0
        isShowingOnboarding = false
        dialog = nil
        warnings = []
        if isCameraRunning {
            isCameraRunning = false
            trace.record(role, "cameraReleased")
        }
        isClosed = true
        trace.record(role, "closed", [("state", state.description)])
        emit(.closed)
        eventSink.finish()
    }

    // MARK: The view, as the user drives it

    /// Taps a button of the scan view, as the user would.
    public func tap(_ button: RoomioButton) async throws(RoomioError) {
        try checkOpen("tap(.\(button.rawValue))")
        trace.record(role, "tap", [("button", button.rawValue)])
        switch button {
        case .finishOnboarding, .skipOnboarding:
            guard isShowingOnboarding else { throw notShown(button) }
            isShowingOnboarding = false
            onboardingDone = true
            emit(.onboardingEnded(skipped: button == .skipOnboarding))
            if state == .preparing { await runDeviceChecks() }
        case .exit:
            guard dialog == nil, !isShowingOnboarding, [.preparing, .scanning, .paused(.requested)].contains(state) else {
                throw notShown(button)
            }
            showDialog(.exitConfirmation)
        case .finish:
            guard dialog == nil, state == .scanning || state == .paused(.requested) else { throw notShown(button) }
            try stop()
        default:
            guard let dialog, dialog.buttons.contains(button) else { throw notShown(button) }
            switch button {
            case .cancel, .leave, .confirmExit: try cancel()
            case .continueAnyway: closeDialog(); beginRecording()
            case .keepScanning, .dismiss: closeDialog()
            case .openSettings: await host.setAppState(.background)
            default: break
            }
        }
    }

    /// Simulates the camera's tracking quality changing.
    public func simulateTracking(_ tracking: TrackingState) {
        emit(.trackingChanged(tracking))
    }

    // MARK: Inside

    private func runDeviceChecks() async {
        let snapshot = await host.snapshot
        if let blocking = config.policy.blockingConditions(snapshot).first, let failure = RoomioFailure(blocking) {
            emit(.failed(failure))
            showDialog(.blocked(failure))
            return
        }
        if await host.requestCameraAccess() != .granted {
            showPermissionSheet()
            return
        }
        startCamera()
        let asking = config.policy.askingConditions(await host.snapshot)
        if !asking.isEmpty {
            showDialog(.askToContinue(asking))
            return
        }
        beginRecording()
    }

    private func startCamera() {
        guard !isCameraRunning else { return }
        isCameraRunning = true
        trace.record(role, "cameraStarted")
    }

    private func showPermissionSheet() {
        emit(.failed(.permissionDenied))
        showDialog(.permissionDenied)
    }

    private func beginRecording() {
        guard state == .preparing else { return }
        recordingStartedAt = clock.now
        warnings = []
        try? FileManager.default.createDirectory(at: workingDirectory, withIntermediateDirectories: true)
        setState(.scanning)
        emit(.started)
        emit(.trackingChanged(.normal))
        recorder = clock.spawn { [weak self, clock] in
            while !Task.isCancelled {
                do { try await clock.sleep(for: .seconds(1)) } catch { return }
                guard let self, await self.recordOneSecond() else { return }
            }
        }
    }

    /// Records one second of scan if recording; returns false once recording is over.
    private func recordOneSecond() async -> Bool {
        switch state {
        case .scanning:
            secondsRecorded += 1
            let bytes = simulation.storageBytesPerSecond
            if await host.consumeStorage(bytes: bytes) { storageUsed += bytes }
            writeChunk(secondsRecorded)
            emit(.progress(seconds: secondsRecorded))
            return true
        case .paused: return true
        default: return false
        }
    }

    private func finishSaving() async {
        guard state == .saving else { return }
        if await host.snapshot.freeStorageBytes <= 0 {
            setState(.failed(.saveFailed))
            emit(.failed(.saveFailed))
            showDialog(.saveFailed)
            return
        }
        setState(.finished)
        emit(.finished)
    }

    private func hostChanged(_ change: HostChange) async {
        guard !isClosed else { return }
        let snapshot = await host.snapshot
        switch change {
        case .appState(.background):
            if state == .scanning {
                setState(.paused(.background))
                emit(.paused(.background))
            }
        case .appState(.foreground):
            if state == .paused(.background) {
                setState(.scanning)
                emit(.resumed)
            }
            await retryAfterPermission(snapshot)
        case .cameraPermission(.granted):
            await retryAfterPermission(snapshot)
        default:
            break
        }
        guard state == .scanning || state.isPaused else { return }
        let now = Set(config.policy.blockingConditions(snapshot))
        for condition in PowerGuardCondition.allCases where now.contains(condition) && !warnings.contains(condition) {
            emit(.warning(condition))
        }
        warnings = PowerGuardCondition.allCases.filter { now.contains($0) }
    }

    private func retryAfterPermission(_ snapshot: HostSnapshot) async {
        guard dialog == .permissionDenied, snapshot.cameraPermission == .granted, snapshot.appState == .foreground else { return }
        closeDialog()
        if state == .preparing { await runDeviceChecks() }
    }

    private func makeScanId() -> String {
        let value = random.next()
        let hex = String(value, radix: 16)
        return "scan-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    private func writeChunk(_ second: Int) {
        var bytes = [UInt8](repeating: 0, count: 256)
        for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: random.next()) }
        let name = String(format: "chunk-%06d.bin", second)
        do { try OutputFile.write(bytes, to: workingDirectory.appendingPathComponent(name).path) } catch {
            trace.record(role, "workingFileWriteFailed", [("file", name), ("reason", error.reason)])
        }
    }

    private func writeBundle(to url: URL, scanId: String) throws {
        let fm = FileManager.default
        if let reason = exportWriteFailure {
            exportWriteFailure = nil
            throw BundleWriteFailure(reason: reason)
        }
        try fm.createDirectory(at: directory, withIntermediateDirectories: true)
        let staging = directory.appendingPathComponent(".\(scanId).staging", isDirectory: true)
        try? fm.removeItem(at: staging)
        try fm.createDirectory(at: staging, withIntermediateDirectories: true)
        let chunks = (try? fm.contentsOfDirectory(atPath: workingDirectory.path).filter { $0.hasPrefix("chunk-") }.sorted()) ?? []
        var frames = Data()
        for chunk in chunks {
            if let data = fm.contents(atPath: workingDirectory.appendingPathComponent(chunk).path) { frames.append(data) }
        }
        // Each file through the safe writer (checked, synced); the folder appears under its name only when whole.
        try OutputFile.write(frames, to: staging.appendingPathComponent("frames.bin").path)
        let manifest = """
        {"format":"roomio-bundle","version":1,"scanId":\(JSONText.quote(scanId)),"secondsRecorded":\(secondsRecorded),"chunks":\(chunks.count),"frameBytes":\(frames.count)}

        """
        try OutputFile.write(Array(manifest.utf8), to: staging.appendingPathComponent("scan.json").path)
        try OutputFolder.moveIntoPlace(staging.path, at: url.path)
    }

    private func checkOpen(_ operation: String) throws(RoomioError) {
        if isClosed { throw .closed(operation: operation) }
    }

    private func notShown(_ button: RoomioButton) -> RoomioError {
        let showing: String
        if isShowingOnboarding {
            showing = "the onboarding"
        } else if let dialog {
            showing = "a \(dialog) dialog with " + dialog.buttons.map(\.rawValue).joined(separator: ", ")
        } else {
            showing = "the scan, state \(state)"
        }
        return .buttonNotShown(button, showing: showing)
    }

    private func setState(_ new: RoomioScanState) {
        guard new != state else { return }
        trace.record(role, "stateChanged", [("from", state.description), ("to", new.description)])
        state = new
        if new.hasEnded { recorder?.cancel() }
    }

    private func showDialog(_ new: RoomioDialog) {
        dialog = new
        trace.record(role, "dialogShown", [("dialog", "\(new)")])
        emit(.dialogShown(new))
    }

    private func closeDialog() {
        guard dialog != nil else { return }
        dialog = nil
        emit(.dialogClosed)
    }

    private func emit(_ event: RoomioScanEvent) {
        trace.record(role, "event", [("event", "\(event)")])
        eventSink.yield(event)
    }
}

/// A write error injected by `simulateWriteFailure(reason:)`.
private struct BundleWriteFailure: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}

extension RoomioScanState {
    var isPaused: Bool { if case .paused = self { true } else { false } }
}
