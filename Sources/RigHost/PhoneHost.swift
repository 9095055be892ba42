import RigCore

/// The phone the SDKs run on: battery, charging, Low Power Mode, storage, camera permission, app state.
///
/// Scenarios set and sweep it; simulators drain it and consume its storage;
/// facades subscribe to its changes. Every change lands in the trace.
public actor PhoneHost {
    /// The host's state now.
    public private(set) var snapshot: HostSnapshot
    private let clock: any RigClock
    private let trace: TraceLog
    private var subscribers: [Int: AsyncStream<HostChange>.Continuation] = [:]
    private var nextSubscriber = 0
    /// The plotted signals that have their starting value drawn, and the state they started from.
    private var plotted: Set<String> = []
    private let initial: HostSnapshot

    /// A host in the state `settings` describe, on `clock`, recording into `trace`.
    public init(settings: HostSettings, clock: any RigClock, trace: TraceLog) {
        snapshot = HostSnapshot(settings)
        initial = snapshot
        self.clock = clock
        self.trace = trace
    }

    /// A stream of every change from now on; a subscriber that stops iterating is dropped at the next change.
    ///
    /// Buffers up to 1024 changes for a slow reader and then drops the oldest.
    public func changes() -> AsyncStream<HostChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: HostChange.self, bufferingPolicy: .bufferingNewest(1024))
        let id = nextSubscriber
        nextSubscriber += 1
        subscribers[id] = continuation
        return stream
    }

    /// Ends every subscriber's stream; the rig calls this when a run ends.
    public func shutDown() {
        for id in subscribers.keys.sorted() { subscribers[id]!.finish() }
        subscribers.removeAll()
    }

    private func publish(_ change: HostChange, _ field: String, _ value: String) {
        trace.record("host", "hostChanged", [(field, value)])
        plot(change)
        // In subscription order, so the tasks woken run in the same order in every process.
        for id in subscribers.keys.sorted() {
            if case .terminated = subscribers[id]!.yield(change) { subscribers[id] = nil }
        }
    }

    /// Draws the change on the report's host plots, with the power guards' thresholds (`PowerGuardPolicy`); a signal's
    /// first change also draws the value it had from the start, so each plot is a level held until it changes.
    private func plot(_ change: HostChange) {
        let guards = PowerGuardPolicy()
        switch change {
        case .battery(let percent):
            let pen = trace.plots.plot("Phone battery", unit: "%")
            pen.guide(guards.blockAtOrBelowBatteryPercent, "blocks a start (≤ \(Self.text(guards.blockAtOrBelowBatteryPercent)) %)")
            pen.guide(guards.askBelowBatteryPercent, "asks first (< \(Self.text(guards.askBelowBatteryPercent)) %)")
            draw(pen, "battery", percent, start: initial.batteryPercent)
        case .freeStorage(let bytes):
            let pen = trace.plots.plot("Phone free storage", unit: "MB")
            pen.guide(Double(guards.blockBelowFreeBytes) / 1e6, "blocks a start (< 200 MB)")
            pen.guide(Double(guards.askBelowFreeBytes) / 1e6, "asks first (< 3 GB)")
            draw(pen, "free storage", Double(bytes) / 1e6, start: Double(initial.freeStorageBytes) / 1e6)
        case .charging(let on):
            draw(trace.plots.plot("Phone power state", unit: "on = 1"), "charging", on ? 1 : 0, start: initial.isCharging ? 1 : 0)
        case .lowPowerMode(let on):
            draw(trace.plots.plot("Phone power state", unit: "on = 1"), "Low Power Mode", on ? 1 : 0, start: initial.lowPowerMode ? 1 : 0)
        default: break
        }
    }

    private func draw(_ pen: PlotPen, _ series: String, _ value: Double, start: Double) {
        if plotted.insert("\(pen.title)/\(series)").inserted, clock.now.seconds > 0 {
            pen.record(start, as: series, atRigSeconds: 0, stepped: true)
        }
        pen.record(value, as: series, stepped: true)
    }

    /// Puts the host in the state `settings` describe, publishing each change.
    public func reset(to settings: HostSettings) {
        let target = HostSnapshot(settings)
        setBattery(percent: target.batteryPercent)
        setCharging(target.isCharging)
        setLowPowerMode(target.lowPowerMode)
        setFreeStorage(bytes: target.freeStorageBytes)
        setCameraPermission(target.cameraPermission)
        setPermissionPromptAnswer(target.permissionPromptAnswer)
        setAppState(target.appState)
        setBluetooth(target.bluetoothEnabled)
    }

    /// Turns the phone's Bluetooth on or off.
    public func setBluetooth(_ on: Bool) {
        guard on != snapshot.bluetoothEnabled else { return }
        snapshot.bluetoothEnabled = on
        publish(.bluetooth(on), "bluetooth", String(on))
    }

    /// Sets the battery charge, clamped to 0…100 percent.
    public func setBattery(percent: Double) {
        let value = min(100, max(0, percent))
        guard value != snapshot.batteryPercent else { return }
        snapshot.batteryPercent = value
        publish(.battery(percent: value), "batteryPercent", Self.text(value))
    }

    public func setCharging(_ charging: Bool) {
        guard charging != snapshot.isCharging else { return }
        snapshot.isCharging = charging
        publish(.charging(charging), "charging", String(charging))
    }

    public func setLowPowerMode(_ on: Bool) {
        guard on != snapshot.lowPowerMode else { return }
        snapshot.lowPowerMode = on
        publish(.lowPowerMode(on), "lowPowerMode", String(on))
    }

    /// Sets free storage in megabytes (10⁶ bytes).
    public func setFreeStorage(megabytes: Double) {
        setFreeStorage(bytes: Int64((max(0, megabytes) * 1_000_000).rounded()))
    }

    public func setFreeStorage(bytes: Int64) {
        let value = max(0, bytes)
        guard value != snapshot.freeStorageBytes else { return }
        snapshot.freeStorageBytes = value
        publish(.freeStorage(bytes: value), "freeStorageBytes", String(value))
    }

    /// Takes `bytes` of free storage, as an app writing files does; returns false, taking nothing, if there is not enough.
    @discardableResult
    public func consumeStorage(bytes: Int64) -> Bool {
        guard bytes <= snapshot.freeStorageBytes else { return false }
        setFreeStorage(bytes: snapshot.freeStorageBytes - bytes)
        return true
    }

    /// Gives back `bytes` of storage, as deleting files does.
    public func releaseStorage(bytes: Int64) {
        setFreeStorage(bytes: snapshot.freeStorageBytes + max(0, bytes))
    }

    public func setCameraPermission(_ permission: CameraPermission) {
        guard permission != snapshot.cameraPermission else { return }
        snapshot.cameraPermission = permission
        publish(.cameraPermission(permission), "cameraPermission", permission.rawValue)
    }

    /// Sets what the user will answer when the app first asks for the camera.
    public func setPermissionPromptAnswer(_ answer: CameraPermission) {
        snapshot.permissionPromptAnswer = answer
    }

    /// Asks for camera access as an app does: the first time, the user answers the prompt; later, the stored answer holds.
    public func requestCameraAccess() -> CameraPermission {
        if snapshot.cameraPermission == .notDetermined {
            trace.record("host", "cameraPermissionPrompt", [("answer", snapshot.permissionPromptAnswer.rawValue)])
            setCameraPermission(snapshot.permissionPromptAnswer == .denied ? .denied : .granted)
        }
        return snapshot.cameraPermission
    }

    /// Moves the app to the foreground or the background.
    public func setAppState(_ state: AppState) {
        guard state != snapshot.appState else { return }
        snapshot.appState = state
        publish(.appState(state), "appState", state.rawValue)
    }

    /// Sets the battery to each of `levels` in turn, `interval` apart, starting now.
    public func sweepBattery(through levels: [Double], every interval: Duration) async throws {
        for (index, level) in levels.enumerated() {
            if index > 0 { try await clock.sleep(for: interval) }
            setBattery(percent: level)
        }
    }

    /// Sets free storage to each of `megabytes` in turn, `interval` apart, starting now.
    public func sweepFreeStorage(throughMegabytes megabytes: [Double], every interval: Duration) async throws {
        for (index, value) in megabytes.enumerated() {
            if index > 0 { try await clock.sleep(for: interval) }
            setFreeStorage(megabytes: value)
        }
    }

    /// Drains (or, when charging, fills) the battery at `percentPerHour` for `duration`, in steps of `step`.
    ///
    /// Stops early at 0 % (or 100 % when charging). Returns the level reached.
    @discardableResult
    public func drain(percentPerHour: Double, for duration: Duration, step: Duration = .seconds(60)) async throws -> Double {
        let end = clock.now + duration
        while clock.now < end {
            let slice = min(step, end - clock.now)
            try await clock.sleep(for: slice)
            let delta = percentPerHour * slice.seconds / 3600
            setBattery(percent: snapshot.batteryPercent + (snapshot.isCharging ? delta : -delta))
            if snapshot.batteryPercent <= 0 || (snapshot.isCharging && snapshot.batteryPercent >= 100) { break }
        }
        return snapshot.batteryPercent
    }

    private static func text(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String((value * 1000).rounded() / 1000)
    }
}
