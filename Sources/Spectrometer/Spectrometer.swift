import GATT
import RigCore
import ScioProtocol
import USBLink

/// The SCiO SDK's `CPScioDevice` in Swift: one device over BLE or USB CDC, the same API for both.
///
/// State: `disconnected → connecting → connected`; every device call other
/// than `connect()` needs `connected` and throws `notConnected` otherwise.
/// One command is in flight at a time; concurrent calls wait their turn.
/// Calibration belongs to the `ScioAppSession` and is lost when the app restarts.
public actor Spectrometer {
    /// The device's name in errors and the trace, e.g. `SCiO scio`.
    public nonisolated let device: String
    public nonisolated let role: String
    /// Button presses while connected (the SDK's `setDeviceButtonBlock`); keeps the newest 64 unread.
    public nonisolated let buttonPresses: AsyncStream<ScioButtonPress>
    public private(set) var state: ScioConnectionState = .disconnected
    /// The device ID read when connecting.
    public private(set) var deviceID: ScioDeviceID?

    private let buttonSink: AsyncStream<ScioButtonPress>.Continuation
    private let connection: ScioConnection
    private let app: ScioAppSession
    private let clock: any RigClock
    private let trace: TraceLog
    private var link: (any ScioLink)?
    private var linkGeneration = 0
    private var connections = 0
    private var sequence: UInt8 = 0
    private var pending: Pending?
    private var nextPendingID = 0
    private var inFlight = false
    private var turnWaiters: [CheckedContinuation<Void, Never>] = []
    private var registered = false

    /// Time limits for an answer: a scan takes about 1.5 s on the device.
    public var commandTimeout: Duration = .seconds(5)
    public var scanTimeout: Duration = .seconds(15)

    private struct Pending {
        var id: Int
        var sequence: UInt8
        var command: ScioCommand
        var continuation: CheckedContinuation<Result<[UInt8], SpectrometerError>, Never>
    }

    public init(role: String, connection: ScioConnection, app: ScioAppSession, clock: any RigClock, trace: TraceLog) {
        self.role = role
        device = "SCiO \(role)"
        self.connection = connection
        self.app = app
        self.clock = clock
        self.trace = trace
        (buttonPresses, buttonSink) = AsyncStream.makeStream(of: ScioButtonPress.self, bufferingPolicy: .bufferingNewest(64))
    }

    // MARK: Connection

    /// Connects and reads the device ID; does nothing when already connected.
    public func connect() async throws(SpectrometerError) {
        guard state == .disconnected else {
            if state == .connected { return }
            throw .connectionFailed(device: device, reason: "a connection attempt is already in progress")
        }
        if !registered {
            registered = true
            await app.onRestart { [weak self] in await self?.appRestarted() }
        }
        setState(.connecting)
        connections += 1
        do throws(SpectrometerError) {
            let opened: any ScioLink
            switch connection {
            case .ble(let central, let address):
                opened = try await ScioBLELink.open(central: central, address: address, linkName: "\(device) #\(connections)", device: device, clock: clock)
            case .usb(let host, let match):
                opened = try await ScioUSBLink.open(host: host, match: match, device: device, clock: clock)
            }
            linkGeneration += 1
            link = opened
            let generation = linkGeneration
            clock.spawn { [weak self] in
                for await event in opened.events { await self?.received(event, generation: generation) }
            }
            setState(.connected)
            let body = try await request(.deviceID)
            deviceID = try decode(.deviceID, body) { body throws(ScioMessageError) in try ScioDeviceID.decode(body) }
            trace.record(device, "deviceID", [("id", deviceID?.description ?? "")])
        } catch {
            await dropLink()
            throw error
        }
    }

    /// Disconnects; does nothing when not connected. Calibration stays valid for this app launch.
    public func disconnect() async {
        guard state != .disconnected else { return }
        await dropLink()
    }

    private func dropLink() async {
        let old = link
        link = nil
        linkGeneration += 1
        fail(.disconnected(device: device, command: pending?.command ?? .deviceStatus, reason: "closed by the app"))
        setState(.disconnected)
        await old?.close()
    }

    private func appRestarted() async {
        trace.record(device, "appRestarted")
        await dropLink()
    }

    private func setState(_ new: ScioConnectionState) {
        guard new != state else { return }
        state = new
        trace.record(device, "connectionState", [("state", new.rawValue)])
    }

    // MARK: Calibration and scanning

    /// Whether a calibration from this app launch exists for the connected device.
    public var isCalibrationValid: Bool {
        get async {
            guard let deviceID else { return false }
            return await app.calibration(for: deviceID) != nil
        }
    }

    /// Measures the cover's white reference; fails unless the device is in its cover.
    public func calibrate() async throws(SpectrometerError) {
        let payload = try await spectrum(.calibration)
        guard payload.coverDetected else {
            trace.record(device, "calibrationFailed", [("reason", "not in cover")])
            throw .notInCover(device: device)
        }
        let signal = payload.referencedSignal
        let mean = signal.reduce(0, +) / Double(max(1, signal.count))
        guard mean > 0.2, signal.allSatisfy({ $0.isFinite && $0 > 0 }) else {
            throw .malformedAnswer(device: device, command: .sampleSpectrum, reason: "the white reference is too dark (mean \(mean))")
        }
        guard let deviceID else { throw .notConnected(device: device) }
        await app.store(ScioCalibration(white: payload, timestamp: clock.unixNow), for: deviceID)
        SpectrometerPlots(plots: trace.plots, device: device).drawCalibration(payload)
        trace.record(device, "calibrated", [("temperature", String(payload.temperature.celsius))])
    }

    /// Takes a scan; refused with `calibrationRequired` without a calibration from this app launch.
    public func scan() async throws(SpectrometerError) -> ScioReading {
        guard state == .connected, let deviceID else { throw .notConnected(device: device) }
        guard let calibration = await app.calibration(for: deviceID) else { throw .calibrationRequired(device: device) }
        let payload = try await spectrum(.sample)
        let reading = ScioReading(deviceID: deviceID.description, wavelengths: payload.wavelengths,
                                  reflectance: payload.reflectance(calibration: calibration.white, coverReflectance: ScioCover.reflectance),
                                  timestamp: clock.unixNow, temperatureCelsius: payload.temperature.celsius,
                                  calibrationTemperatureCelsius: calibration.white.temperature.celsius)
        trace.record(device, "scan", [("points", String(reading.reflectance.count))])
        SpectrometerPlots(plots: trace.plots, device: device).drawScan(payload, reflectance: reading.reflectance)
        return reading
    }

    private func spectrum(_ mode: ScioScanMode) async throws(SpectrometerError) -> ScioSpectrumPayload {
        let body = try await request(.sampleSpectrum, [mode.rawValue], timeout: scanTimeout)
        do {
            let payload = try ScioSpectrumPayload.decode(body)
            guard payload.count == ScioSpectrumPayload.standardPointCount else {
                throw ScioMessageError.badField(command: .sampleSpectrum, field: "point count", value: payload.count)
            }
            return payload
        } catch { throw .malformedAnswer(device: device, command: .sampleSpectrum, reason: "\(error)") }
    }

    // MARK: Device information and settings

    /// The battery's charge and whether it is charging.
    public func batteryStatus() async throws(SpectrometerError) -> ScioBatteryStatus {
        let state = try decode(.batteryState, try await request(.batteryState)) { body throws(ScioMessageError) in try ScioBatteryState.decode(body) }
        return ScioBatteryStatus(percentage: Double(state.percent), isCharging: state.charging, healthPercent: Int(state.healthPercent),
                                 millivolts: Int(state.millivolts))
    }

    /// The device's user name.
    public func name() async throws(SpectrometerError) -> String {
        try decode(.deviceName, try await request(.deviceName)) { body throws(ScioMessageError) in try ScioDeviceName.decodeField(body) }
    }

    /// Renames the device; the name must be 1 to 16 bytes of UTF-8 without NUL.
    public func rename(to name: String) async throws(SpectrometerError) {
        let bytes = Array(name.utf8)
        if bytes.isEmpty { throw .invalidName(device: device, name: name, reason: "the name is empty") }
        if bytes.count > ScioDeviceName.maximumLength {
            throw .invalidName(device: device, name: name, reason: "\(bytes.count) bytes, at most \(ScioDeviceName.maximumLength)")
        }
        if bytes.contains(0) { throw .invalidName(device: device, name: name, reason: "it contains a NUL character") }
        _ = try await request(.writeDeviceName, bytes)
        trace.record(device, "renamed", [("name", name)])
    }

    /// The SCiO version (hardware generation) encoded in the device ID.
    public var scioVersion: ScioVersion? { deviceID.flatMap { ScioVersion(deviceID: $0) } }

    /// Runs the device's self test; the result lists the components that failed (empty: passed).
    public func selfTest() async throws(SpectrometerError) -> ScioSelfTestResult {
        try decode(.selfTest, try await request(.selfTest)) { body throws(ScioMessageError) in try ScioSelfTestResult.decode(body) }
    }

    /// The detector's temperature, °C.
    public func temperature() async throws(SpectrometerError) -> Double {
        try decode(.temperature, try await request(.temperature)) { body throws(ScioMessageError) in try ScioTemperature.decode(body) }.celsius
    }

    /// What the device senses about itself (cover, charging, scanning).
    public func status() async throws(SpectrometerError) -> ScioDeviceStatus {
        try decode(.deviceStatus, try await request(.deviceStatus)) { body throws(ScioMessageError) in try ScioDeviceStatus.decode(body) }
    }

    /// Sets the idle time after which the device switches itself off, 1–30 minutes.
    public func setPowerOffTimeout(minutes: Int) async throws(SpectrometerError) {
        guard ScioPowerOffTimeout.allowedMinutes.contains(minutes) else { throw .invalidPowerOffTimeout(device: device, minutes: minutes) }
        _ = try await request(.powerOffTimeout, [UInt8(minutes)])
    }

    /// Sets the indication LED.
    public func setLED(_ led: ScioLEDRequest) async throws(SpectrometerError) {
        _ = try await request(.led, led.encode())
    }

    /// Resets the device's settings (LED, power-off timeout); name and calibration stay.
    public func reset() async throws(SpectrometerError) {
        _ = try await request(.reset)
    }

    private func decode<T>(_ command: ScioCommand, _ body: [UInt8], _ parse: ([UInt8]) throws(ScioMessageError) -> T) throws(SpectrometerError) -> T {
        do { return try parse(body) } catch { throw .malformedAnswer(device: device, command: command, reason: "\(error)") }
    }

    // MARK: Requests

    /// Sends `command` and waits for its answer; returns the body after an `ok` status.
    private func request(_ command: ScioCommand, _ payload: [UInt8] = [], timeout: Duration? = nil) async throws(SpectrometerError) -> [UInt8] {
        await takeTurn()
        defer { passTurn() }
        guard state == .connected, let link else { throw .notConnected(device: device) }
        sequence = sequence == 0xFF ? 1 : sequence + 1
        nextPendingID += 1
        let id = nextPendingID
        let frame = ScioFrame(sequence: sequence, command: command, payload: payload)
        let limit = timeout ?? commandTimeout
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<[UInt8], SpectrometerError>, Never>) in
            pending = Pending(id: id, sequence: frame.sequence, command: command, continuation: continuation)
            clock.spawn { [weak self, clock] in
                do { try await clock.sleep(for: limit) } catch { return }
                await self?.expire(id)
            }
            clock.spawn { [weak self] in
                do throws(SpectrometerError) { try await link.send(frame) } catch { await self?.fail(error, id: id) }
            }
        }
        let body = try result.get()
        let (status, rest): (ScioStatus, [UInt8])
        do { (status, rest) = try ScioAnswer.split(body, command: command) } catch {
            throw .malformedAnswer(device: device, command: command, reason: "\(error)")
        }
        switch status {
        case .ok: return rest
        case .lowBattery: throw .batteryTooLow(device: device, command: command)
        case .busy: throw .busy(device: device, command: command)
        case .invalidArgument: throw .refused(device: device, command: command, status: "invalid argument")
        case .unknownCommand: throw .refused(device: device, command: command, status: "unknown command")
        case .hardwareFault: throw .refused(device: device, command: command, status: "hardware fault")
        }
    }

    private func takeTurn() async {
        if inFlight { await withCheckedContinuation { turnWaiters.append($0) } } else { inFlight = true }
    }

    private func passTurn() {
        if turnWaiters.isEmpty { inFlight = false } else { turnWaiters.removeFirst().resume() }
    }

    private func received(_ event: ScioLinkEvent, generation: Int) async {
        guard generation == linkGeneration else { return }
        switch event {
        case .frame(let frame):
            guard let pending, pending.sequence == frame.sequence, pending.command == frame.command else {
                trace.record(device, "unexpectedAnswer", [("cmd", "\(frame.command)"), ("seq", String(frame.sequence))])
                return
            }
            resolve(.success(frame.payload))
        case .malformed(let error):
            trace.record(device, "badAnswer", [("error", "\(error)")])
            if let pending, error.sequence == nil || error.sequence == pending.sequence {
                resolve(.failure(.malformedAnswer(device: device, command: pending.command, reason: "\(error)")))
            }
        case .button:
            trace.record(device, "buttonPressed")
            buttonSink.yield(ScioButtonPress(timestamp: clock.unixNow))
        case .closed(let reason):
            trace.record(device, "linkClosed", [("reason", reason)])
            link = nil
            linkGeneration += 1
            if let pending { resolve(.failure(.disconnected(device: device, command: pending.command, reason: reason))) }
            setState(.disconnected)
        }
    }

    private func expire(_ id: Int) {
        guard let pending, pending.id == id else { return }
        if let incomplete = link?.abandonPartialAnswer() {
            resolve(.failure(.malformedAnswer(device: device, command: pending.command, reason: "\(incomplete)")))
        } else {
            resolve(.failure(.timeout(device: device, command: pending.command)))
        }
    }

    private func fail(_ error: SpectrometerError, id: Int? = nil) {
        guard let pending, id == nil || pending.id == id else { return }
        resolve(.failure(error))
    }

    private func resolve(_ result: Result<[UInt8], SpectrometerError>) {
        guard let taken = pending else { return }
        pending = nil
        taken.continuation.resume(returning: result)
    }
}
