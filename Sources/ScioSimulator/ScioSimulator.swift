import ATT
import BLESimulation
import GATT
import RigCore
import ScioProtocol
import USBSimulation

/// A virtual SCiO: answers the SCiO command set over the simulated radio (GATT) or a simulated USB CDC link.
///
/// Spectra come from `ScioOptics` looking at the material in front of it (or
/// the cover's white reference when it is in its cover). The battery drains per
/// scan and slowly when idle, and charges when charging; at or below the low
/// battery level scans are refused. Scenarios turn its knobs and inject faults.
public actor ScioSimulator: SimulatedPeripheral {
    public nonisolated let role: String
    public nonisolated let address: String
    public nonisolated let transport: ScioSimulation.Transport
    private var settings: ScioSimulation
    private let clock: any RigClock
    private let trace: TraceLog
    private var random: SeededGenerator
    private var material: ScioMaterial
    private var battery: Double
    private var poweredOn = true
    private var scanning = false
    private var scansSincePowerOn = 0
    /// Scans since the rig started, for fault schedules.
    public private(set) var totalScans = 0
    private var buttonPresses: UInt8 = 0
    public private(set) var led = ScioLEDRequest(mode: .off)
    /// Minutes without a command after which a battery-powered device switches off.
    public private(set) var powerOffMinutes = 10
    private var lastActivity: RigInstant
    private var lastBatteryUpdate: RigInstant
    private var dropDuringNextScan = false
    private var commandFaults: [ScioCommand: ScioCommandFault] = [:]
    private var link: InMemoryLink?
    private var server: GATTServer?
    private var bus: SimulatedUSBBus?
    private var port: USBDevicePort?
    private var usbAssembler = ScioStreamAssembler()
    /// The line coding the host set over CDC, if it did.
    public private(set) var lineCoding: [UInt8]?
    private var ticker: Task<Void, Never>?
    /// Notifications lost on purpose (fault injection), for scenario checks.
    public private(set) var lostFragments = 0

    public init(role: String, settings: ScioSimulation, clock: any RigClock, trace: TraceLog, seed: UInt64) {
        self.role = role
        self.settings = settings
        self.clock = clock
        self.trace = trace
        address = settings.address
        transport = settings.transport
        random = SeededGenerator(seed: seed, stream: "scio/\(role)")
        material = ScioMaterial.named(settings.sample) ?? .cover
        battery = settings.batteryPercent
        poweredOn = settings.batteryPercent > 0
        lastActivity = clock.now
        lastBatteryUpdate = clock.now
    }

    /// Starts the battery and power-off clock; the rig calls this once.
    public func start() {
        guard ticker == nil else { return }
        ticker = clock.spawn { [weak self, clock] in
            while true {
                do { try await clock.sleep(for: .seconds(30)) } catch { return }
                guard let self else { return }
                await self.tick()
            }
        }
    }

    /// Stops the simulator's tasks and links; the rig calls this when a run ends.
    public func shutDown() {
        ticker?.cancel()
        link?.disconnect(.disconnected("rig shut down"))
    }

    // MARK: Knobs

    public var deviceID: ScioDeviceID { settings.deviceID }
    public var version: ScioVersion { settings.version }
    public var name: String { settings.name }
    public var batteryPercent: Double { battery }
    public var isCharging: Bool { settings.charging }
    public var isPoweredOn: Bool { poweredOn }
    public var isInCover: Bool { settings.inCover }
    public var sampleName: String { material.name }
    public var temperature: Double { settings.temperature }
    public var isConnected: Bool {
        switch transport {
        case .ble: link?.isConnected ?? false
        case .usb: port != nil
        }
    }

    /// Puts the library material `name` in front of the device; returns false for an unknown name.
    @discardableResult
    public func setSample(_ name: String) -> Bool {
        guard let found = ScioMaterial.named(name) else { return false }
        material = found
        trace.record(role, "knob", [("sample", name)])
        return true
    }

    /// Puts a material that is not in the library in front of the device.
    public func setSample(_ custom: ScioMaterial) {
        material = custom
        trace.record(role, "knob", [("sample", custom.name)])
    }

    public func setInCover(_ inCover: Bool) {
        settings.inCover = inCover
        trace.record(role, "knob", [("inCover", String(inCover))])
    }

    public func setBattery(percent: Double) {
        battery = max(0, min(100, percent))
        trace.record(role, "knob", [("batteryPercent", String(battery))])
        if battery <= 0 { switchOff("battery empty") }
    }

    public func setCharging(_ charging: Bool) {
        settings.charging = charging
        trace.record(role, "knob", [("charging", String(charging))])
    }

    public func setTemperature(celsius: Double) {
        settings.temperature = max(-10, min(50, celsius))
        trace.record(role, "knob", [("temperatureCelsius", String(settings.temperature))])
    }

    public func setLampAge(scans: Double) { settings.lampAge = max(0, scans) }

    /// Makes the device report another ID (and so, through its first byte, another hardware generation).
    public func setDeviceID(_ id: ScioDeviceID) {
        settings.deviceID = id
        trace.record(role, "knob", [("deviceID", id.description)])
    }

    /// Presses the button: switches a sleeping device on, or notifies the connected app.
    public func pressButton() {
        trace.record(role, "buttonPressed")
        lastActivity = clock.now
        guard poweredOn else {
            if battery > 0 { poweredOn = true; scansSincePowerOn = 0; trace.record(role, "poweredOn") }
            return
        }
        buttonPresses &+= 1
        switch transport {
        case .ble: if let server { _ = server.notify(ScioGATT.button, [buttonPresses]) }
        case .usb: port?.send(ScioFrame(sequence: 0, command: .buttonPressed, payload: [buttonPresses]).encode(), endpoint: ScioUSB.bulkIn)
        }
    }

    /// Drops the current BLE link, or unplugs the USB cable, at once.
    public func dropConnection() async {
        trace.record(role, "fault", [("drop", "connection")])
        switch transport {
        case .ble: link?.disconnect(.disconnected("connection dropped by the SCiO"))
        case .usb: await unplug()
        }
    }

    /// The next scan's answer stops half-way and the connection drops.
    public func disconnectDuringNextScan() {
        dropDuringNextScan = true
        trace.record(role, "fault", [("disconnectDuringScan", "next")])
    }

    /// Makes the device mishandle every later `command` as `fault` (answer busy, refuse, stay silent); nil restores it.
    public func setFault(_ fault: ScioCommandFault?, for command: ScioCommand) {
        commandFaults[command] = fault
        trace.record(role, "fault", [("cmd", "\(command)"), ("set", fault.map { "\($0)" } ?? "none")])
    }

    /// Loses this share (0…1) of answer notifications on BLE from now on.
    public func setNotificationLoss(_ share: Double) {
        settings.notificationLoss = max(0, min(1, share))
        trace.record(role, "fault", [("notificationLoss", String(settings.notificationLoss))])
    }

    public func powerOff() { switchOff("powered off") }

    public func powerOn() {
        guard battery > 0, !poweredOn else { return }
        poweredOn = true
        scansSincePowerOn = 0
        lastActivity = clock.now
        trace.record(role, "poweredOn")
    }

    // MARK: USB

    /// Plugs the device into `bus` as the USB CDC device playing its role.
    public func plug(into bus: SimulatedUSBBus) async {
        self.bus = bus
        await bus.plug(ScioUSBFunction(simulator: self, serialNumber: settings.deviceID.description), role: role)
    }

    /// Unplugs the USB cable.
    public func unplug() async {
        guard let bus else { return }
        await bus.unplug(role: role)
    }

    /// Plugs the cable back in after `unplug()`.
    public func plugBackIn() async {
        guard let bus, port == nil else { return }
        await bus.plug(ScioUSBFunction(simulator: self, serialNumber: settings.deviceID.description), role: role)
    }

    func attach(_ port: USBDevicePort) {
        self.port = port
        usbAssembler = ScioStreamAssembler()
        lineCoding = nil
    }

    func detach() {
        port = nil
        trace.record(role, "disconnected", [("reason", "USB unplugged")])
    }

    func setLineCoding(_ bytes: [UInt8]) {
        lineCoding = bytes
        trace.record(role, "lineCoding", [("baud", String(Self.baud(bytes)))])
    }

    private static func baud(_ coding: [UInt8]) -> UInt32 {
        UInt32(coding[0]) | UInt32(coding[1]) << 8 | UInt32(coding[2]) << 16 | UInt32(coding[3]) << 24
    }

    /// Bytes from the host; at a baud rate other than 115200 the UART sees only noise and they are dropped.
    func receivedUSB(_ data: [UInt8]) {
        if let coding = lineCoding, Self.baud(coding) != ScioUSB.baudRate {
            trace.record(role, "garbled", [("baud", String(Self.baud(coding))), ("bytes", String(data.count))])
            return
        }
        for result in usbAssembler.add(data) {
            switch result {
            case .success(let frame): clock.spawn { [weak self] in await self?.handle(frame) }
            case .failure(let error): trace.record(role, "badFrame", [("error", "\(error)")])
            }
        }
    }

    // MARK: SimulatedPeripheral

    public func advertisement() -> AdvertisingData? {
        guard transport == .ble, poweredOn, link == nil || link?.isConnected == false else { return nil }
        return AdvertisingData(localName: settings.name, serviceUUIDs: [ScioGATT.service],
                               manufacturerData: (ScioGATT.manufacturerID, settings.deviceID.bytes), txPower: 0)
    }

    public func rssi() -> Int { settings.rssi }

    public func accept(_ newLink: InMemoryLink) async throws(LinkError) {
        guard transport == .ble, poweredOn else { throw .refused(address: address, reason: "not advertising") }
        if let link, link.isConnected { throw .refused(address: address, reason: "already connected") }
        link = newLink
        let server = GATTServer(
            database: GATTDatabase([ServiceDefinition(ScioGATT.service, [
                CharacteristicDefinition(ScioGATT.answers, properties: [.notify]),
                CharacteristicDefinition(ScioGATT.requests, properties: [.write, .writeWithoutResponse]),
                CharacteristicDefinition(ScioGATT.button, properties: [.notify]),
            ])]),
            bearer: newLink.peripheral, clock: clock,
            onRead: { _ in nil },
            onWrite: { [weak self] uuid, value in
                guard let self else { return .unlikelyError }
                return await self.written(uuid, value)
            })
        self.server = server
        await server.start()
        lastActivity = clock.now
        trace.record(role, "connected", [("link", newLink.name)])
        clock.spawn { [weak self] in
            let reason = await newLink.closed()
            await self?.linkClosed(newLink, reason)
        }
    }

    private func written(_ uuid: BluetoothUUID, _ value: [UInt8]) -> ATTErrorCode? {
        guard uuid == ScioGATT.requests else { return .writeNotPermitted }
        do {
            let frame = try ScioFrame.decode(value)
            clock.spawn { [weak self] in await self?.handle(frame) }
            return nil
        } catch {
            trace.record(role, "badFrame", [("error", "\(error)")])
            return ATTErrorCode(rawValue: 0x80)
        }
    }

    private func linkClosed(_ closed: InMemoryLink, _ reason: LinkError) {
        guard closed === link else { return }
        trace.record(role, "disconnected", [("reason", "\(reason)")])
        link = nil
        server = nil
    }

    // MARK: Commands

    private func handle(_ frame: ScioFrame) async {
        guard poweredOn else { return }
        lastActivity = clock.now
        trace.record(role, "command", [("cmd", "\(frame.command)"), ("seq", String(frame.sequence))])
        if let fault = commandFaults[frame.command] {
            switch fault {
            case .noAnswer:
                trace.record(role, "fault", [("cmd", "\(frame.command)"), ("answer", "none")])
            case .status(let status):
                trace.record(role, "fault", [("cmd", "\(frame.command)"), ("status", "\(status)")])
                send(ScioFrame(sequence: frame.sequence, command: frame.command, payload: ScioAnswer.payload(status)))
            }
            return
        }
        let body = frame.payload
        var answer: [UInt8]
        var afterwards: (() -> Void)?
        switch frame.command {
        case .deviceStatus:
            answer = ScioAnswer.payload(.ok, ScioDeviceStatus(inCover: settings.inCover, charging: settings.charging, scanning: scanning,
                                                              scansSincePowerOn: UInt16(min(scansSincePowerOn, 65535))).encode())
        case .deviceID:
            answer = ScioAnswer.payload(.ok, settings.deviceID.bytes)
        case .sampleSpectrum:
            guard let spectrum = await scan(body, sequence: frame.sequence) else { return }
            answer = spectrum
        case .temperature:
            answer = ScioAnswer.payload(.ok, ScioTemperature(celsius: settings.temperature).encode())
        case .batteryState:
            answer = ScioAnswer.payload(.ok, batteryState().encode())
        case .selfTest:
            do { try await clock.sleep(for: .milliseconds(600)) } catch { return }
            var failures = ScioSelfTestResult()
            if battery <= settings.lowBatteryPercent { failures.insert(.battery) }
            if settings.lampAge > 500_000 { failures.insert(.lamp) }
            answer = ScioAnswer.payload(.ok, [failures.rawValue])
        case .led:
            if let request = try? ScioLEDRequest.decode(body) {
                led = request
                answer = ScioAnswer.payload(.ok)
            } else { answer = ScioAnswer.payload(.invalidArgument) }
        case .readyForWrite:
            answer = ScioAnswer.payload(scanning ? .busy : .ok)
        case .reset:
            answer = ScioAnswer.payload(.ok)
            afterwards = { [self] in self.resetState() }
        case .deviceName:
            answer = ScioAnswer.payload(.ok, ScioDeviceName.field(settings.name))
        case .writeDeviceName:
            if let name = ScioDeviceName.validate(body) {
                settings.name = name
                trace.record(role, "renamed", [("name", name)])
                answer = ScioAnswer.payload(.ok)
            } else { answer = ScioAnswer.payload(.invalidArgument) }
        case .powerOffTimeout:
            if body.count == 1, ScioPowerOffTimeout.allowedMinutes.contains(Int(body[0])) {
                powerOffMinutes = Int(body[0])
                answer = ScioAnswer.payload(.ok)
            } else { answer = ScioAnswer.payload(.invalidArgument) }
        default:
            answer = ScioAnswer.payload(.unknownCommand)
        }
        send(ScioFrame(sequence: frame.sequence, command: frame.command, payload: answer))
        afterwards?()
    }

    /// Measures; nil when the answer must not be sent (switched off, or the link dropped mid-answer).
    private func scan(_ body: [UInt8], sequence: UInt8) async -> [UInt8]? {
        guard body.count == 1, let mode = ScioScanMode(rawValue: body[0]) else { return ScioAnswer.payload(.invalidArgument) }
        guard !scanning else { return ScioAnswer.payload(.busy) }
        guard battery > settings.lowBatteryPercent else {
            trace.record(role, "scanRefused", [("batteryPercent", String(battery))])
            return ScioAnswer.payload(.lowBattery)
        }
        scanning = true
        defer { scanning = false }
        do { try await clock.sleep(for: .milliseconds(1500)) } catch { return nil }
        guard poweredOn else { return nil }
        totalScans += 1
        scansSincePowerOn += 1
        battery = max(0, battery - settings.scanDrainPercent)
        settings.lampAge += 1
        let target = settings.inCover ? ScioMaterial.cover : material
        let optics = ScioOptics(version: settings.version)
        let payload = optics.measure(target.draw(&random), temperature: settings.temperature, lampAge: settings.lampAge,
                                     inCover: settings.inCover, calibrationMode: mode == .calibration, random: &random)
        trace.record(role, "scanned", [("sample", target.name), ("mode", mode == .calibration ? "calibration" : "sample"),
                                       ("batteryPercent", String(format2(battery)))])
        if dropDuringNextScan || settings.disconnectDuringScan == totalScans {
            dropDuringNextScan = false
            return await answerThenDrop(ScioAnswer.payload(.ok, payload.encode()), sequence: sequence)
        }
        return ScioAnswer.payload(.ok, payload.encode())
    }

    /// Sends the first part of a spectrum answer and drops the connection: a disconnect mid-scan.
    private func answerThenDrop(_ answer: [UInt8], sequence: UInt8) async -> [UInt8]? {
        trace.record(role, "fault", [("disconnect", "mid-scan")])
        let frame = ScioFrame(sequence: sequence, command: .sampleSpectrum, payload: answer)
        switch transport {
        case .ble:
            if let server { for fragment in ScioFragmenter.split(frame).prefix(10) { _ = server.notify(ScioGATT.answers, fragment) } }
            link?.disconnect(.disconnected("SCiO connection lost during a scan"))
        case .usb:
            port?.send(Array(frame.encode().prefix(300)), endpoint: ScioUSB.bulkIn)
            await unplug()
        }
        return nil
    }

    private func format2(_ x: Double) -> Double { (x * 100).rounded() / 100 }

    private func batteryState() -> ScioBatteryState {
        let percent = UInt8(max(0, min(100, battery.rounded())))
        return ScioBatteryState(percent: percent, healthPercent: UInt8(max(0, min(100, settings.batteryHealthPercent.rounded()))),
                                charging: settings.charging, millivolts: UInt16(3300 + 9 * battery))
    }

    private func resetState() {
        trace.record(role, "reset")
        led = ScioLEDRequest(mode: .off)
        powerOffMinutes = 10
        scansSincePowerOn = 0
    }

    private func send(_ frame: ScioFrame) {
        switch transport {
        case .ble:
            guard let server else { return }
            for (index, fragment) in ScioFragmenter.split(frame).enumerated() {
                if settings.notificationLoss > 0, Double(random.next() >> 11) / Double(1 << 53) < settings.notificationLoss {
                    lostFragments += 1
                    trace.record(role, "fragmentLost", [("seq", String(frame.sequence)), ("index", String(index))])
                    continue
                }
                _ = server.notify(ScioGATT.answers, fragment)
            }
        case .usb:
            port?.send(frame.encode(), endpoint: ScioUSB.bulkIn)
        }
    }

    // MARK: Time

    private func tick() {
        let elapsed = (clock.now - lastBatteryUpdate).seconds
        lastBatteryUpdate = clock.now
        if settings.charging || (transport == .usb && port != nil) {
            if settings.charging { battery = min(100, battery + settings.chargePerHour * elapsed / 3600) }
        } else if poweredOn {
            battery = max(0, battery - settings.idleDrainPerHour * elapsed / 3600)
            if battery <= 0 { switchOff("battery empty"); return }
            if !scanning, (clock.now - lastActivity).seconds >= Double(powerOffMinutes) * 60 { switchOff("idle for \(powerOffMinutes) min") }
        }
    }

    private func switchOff(_ reason: String) {
        guard poweredOn else { return }
        poweredOn = false
        trace.record(role, "poweredOff", [("reason", reason)])
        link?.disconnect(.disconnected("SCiO switched off (\(reason))"))
    }
}
