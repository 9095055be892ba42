import ATT
import BLESimulation
import E4Protocol
import GATT
import RigCore

/// A virtual Empatica E3/E4: advertises, accepts one connection, serves the E4 GATT layout and streams at the real rates.
///
/// Signals come from `Physiology`; the battery drains faster while streaming
/// and the band switches off at 0 %; the battery is measured every 10 s and
/// notified when its percent changes. Scenarios turn its knobs: heart rate, motion,
/// posture, firmware, battery, button, power, range, and faults on the current link.
public actor E4Simulator: SimulatedPeripheral {
    public nonisolated let address: String
    public nonisolated let serialNumber: String
    public nonisolated let role: String
    public nonisolated let model: String
    private var settings: WristbandSimulation
    private let clock: any RigClock
    private let trace: TraceLog
    private var physiology: Physiology
    private var battery: Double
    private var poweredOn: Bool
    private var inRange = true
    private var link: InMemoryLink?
    private var server: GATTServer?
    private var streaming: (generation: Int, start: RigInstant)?
    private var generation = 0
    private var tasks: [Task<Void, Never>] = []
    private var batteryTask: Task<Void, Never>?
    private var lastBatteryUpdate: RigInstant
    /// The percent last notified in this streaming session; the band notifies only when it changes.
    private var reportedPercent: UInt8?

    public init(role: String, settings: WristbandSimulation, clock: any RigClock, trace: TraceLog, seed: UInt64) {
        self.role = role
        self.settings = settings
        self.clock = clock
        self.trace = trace
        address = settings.address
        serialNumber = settings.serialNumber
        model = settings.model
        physiology = Physiology(heartRate: settings.heartRate, motion: settings.motion, seed: seed, name: role)
        physiology.posture = settings.posture
        battery = settings.batteryPercent
        poweredOn = settings.poweredOn && settings.batteryPercent > 0
        lastBatteryUpdate = clock.now
    }

    /// Starts the battery clock; the rig calls this once when it makes the simulator.
    public func start() {
        guard batteryTask == nil else { return }
        if let at = settings.dropConnectionAt {
            clock.spawn { [weak self, clock] in
                do { try await clock.sleep(until: RigInstant(offset: .seconds(fractional: at))) } catch { return }
                await self?.dropConnection()
            }
        }
        batteryTask = clock.spawn { [weak self, clock] in
            while true {
                do { try await clock.sleep(for: .seconds(10)) } catch { return }
                guard let self, await self.batteryTick() else { return }
            }
        }
    }

    /// Stops every task of the simulator; the rig calls this when a run ends.
    public func shutDown() {
        batteryTask?.cancel()
        stopStreaming()
        link?.disconnect(.disconnected("rig shut down"))
    }

    // MARK: Knobs

    public var batteryPercent: Double { battery }
    public var isStreaming: Bool { streaming != nil }
    public var isConnected: Bool { link?.isConnected ?? false }

    public func setHeartRate(_ bpm: Double) {
        physiology.heartRate = max(30, min(220, bpm))
        trace.record(role, "knob", [("heartRate", String(bpm))])
    }

    public func setMotion(_ level: Double) {
        physiology.motion = max(0, min(1, level))
        trace.record(role, "knob", [("motion", String(level))])
    }

    /// Holds the band so gravity shows on another axis.
    public func setPosture(_ posture: WristPosture) {
        physiology.posture = posture
        trace.record(role, "knob", [("posture", posture.rawValue)])
    }

    /// The E4's firmware; whether it has tags applies from the next connection (the tag characteristic) and to presses.
    public func setFirmware(_ firmware: E4Firmware) {
        settings.firmware = firmware
        trace.record(role, "knob", [("firmware", firmware.description)])
    }

    public var firmware: E4Firmware { settings.firmware }

    /// Whether this band sends tags: an E4 with firmware 2.0 or later.
    public var hasTags: Bool { model == "E4" && settings.firmware.hasTags }

    public func setBattery(percent: Double) {
        battery = max(0, min(100, percent))
        trace.record(role, "knob", [("batteryPercent", String(battery))])
        if battery <= 0 { die() }
    }

    /// Presses the button: a tag while streaming (E4 with firmware 2.0 or later only).
    public func pressButton() async {
        trace.record(role, "buttonPressed")
        guard hasTags, let streaming, let server else { return }
        let tick = UInt32((clock.now - streaming.start).seconds * E4GATT.tickRate)
        send(E4GATT.tag, TagPacket(tick: tick).encode(), via: server)
    }

    public func powerOff() {
        trace.record(role, "poweredOff")
        poweredOn = false
        stopStreaming()
        link?.disconnect(.disconnected("\(model) powered off"))
    }

    public func powerOn() {
        guard battery > 0 else { return }
        trace.record(role, "poweredOn")
        poweredOn = true
    }

    /// Leaves radio range: no advertising, and a connected link is lost after its supervision timeout.
    public func goOutOfRange() {
        inRange = false
        link?.goOutOfRange()
    }

    public func comeBackInRange() {
        inRange = true
        link?.comeBackInRange()
    }

    /// Drops the current link at once, as a radio glitch does.
    public func dropConnection() {
        link?.disconnect(.disconnected("connection dropped by the \(model)"))
    }

    /// Changes the current link's conditions (loss, latency).
    public func setLinkConditions(_ change: @Sendable (inout LinkConditions) -> Void) {
        guard let link else { return }
        var conditions = link.conditions
        change(&conditions)
        link.conditions = conditions
    }

    // MARK: SimulatedPeripheral

    public func advertisement() -> AdvertisingData? {
        guard poweredOn, inRange, link == nil || link?.isConnected == false else { return nil }
        return AdvertisingData(localName: "Empatica \(model)", serviceUUIDs: [E4GATT.sensorService],
                               manufacturerData: (E4GATT.manufacturerID, Array(serialNumber.utf8)), txPower: 0)
    }

    public func rssi() -> Int { settings.rssi }

    public func accept(_ newLink: InMemoryLink) async throws(LinkError) {
        guard poweredOn, inRange else { throw .refused(address: address, reason: "not advertising") }
        if let link, link.isConnected { throw .refused(address: address, reason: "already connected") }
        link = newLink
        if settings.notificationLoss > 0 { newLink.conditions.notificationLoss = settings.notificationLoss }
        var services = [
            ServiceDefinition(E4GATT.sensorService, [
                CharacteristicDefinition(E4GATT.bvp, properties: [.notify]),
                CharacteristicDefinition(E4GATT.acceleration, properties: [.notify]),
                CharacteristicDefinition(E4GATT.temperature, properties: [.notify]),
                CharacteristicDefinition(E4GATT.gsr, properties: [.notify]),
                CharacteristicDefinition(E4GATT.ibi, properties: [.notify]),
            ]),
            ServiceDefinition(E4GATT.commandService, [CharacteristicDefinition(E4GATT.command, properties: [.write])]),
        ]
        var status = [
            CharacteristicDefinition(E4GATT.control, properties: [.read], value: [0]),
            CharacteristicDefinition(E4GATT.battery, properties: [.read, .notify], value: [UInt8(battery.rounded())]),
        ]
        if hasTags { status.append(CharacteristicDefinition(E4GATT.tag, properties: [.notify])) }
        services.append(ServiceDefinition(E4GATT.statusService, status))
        let server = GATTServer(
            database: GATTDatabase(services), bearer: newLink.peripheral, clock: clock,
            onRead: { [weak self] uuid in await self?.read(uuid) },
            onWrite: { [weak self] uuid, value in
                guard let self else { return .unlikelyError }
                return await self.written(uuid, value)
            })
        self.server = server
        await server.start()
        trace.record(role, "connected", [("link", newLink.name)])
        clock.spawn { [weak self] in
            let reason = await newLink.closed()
            await self?.linkClosed(newLink, reason)
        }
    }

    // MARK: Inside

    private func read(_ uuid: BluetoothUUID) -> [UInt8]? {
        switch uuid {
        case E4GATT.battery: [UInt8(battery.rounded())]
        case E4GATT.control: [streaming == nil ? 0 : 1]
        default: nil
        }
    }

    private func written(_ uuid: BluetoothUUID, _ value: [UInt8]) -> ATTErrorCode? {
        guard uuid == E4GATT.command else { return .writeNotPermitted }
        let command: E4Command
        do { command = try E4Command.decode(value) } catch {
            trace.record(role, "badCommand", [("error", "\(error)")])
            return ATTErrorCode(rawValue: 0x80)
        }
        switch command {
        case .startStreaming(let unixTime):
            trace.record(role, "streamingStarted", [("unixTime", String(unixTime))])
            startStreaming()
        case .stopStreaming:
            trace.record(role, "streamingStopped")
            stopStreaming()
        }
        return nil
    }

    private func linkClosed(_ closed: InMemoryLink, _ reason: LinkError) {
        guard closed === link else { return }
        trace.record(role, "disconnected", [("reason", "\(reason)")])
        stopStreaming()
        link = nil
        server = nil
    }

    private func startStreaming() {
        stopStreaming()
        generation += 1
        let start = clock.now
        streaming = (generation, start)
        reportedPercent = nil
        let g = generation
        tasks = [
            clock.spawn { [weak self] in await self?.runBVP(g, start) },
            clock.spawn { [weak self] in await self?.runPackets(g, start, rate: E4GATT.accelerationRate, per: AccelerationPacket.sampleCount, E4GATT.acceleration) },
            clock.spawn { [weak self] in await self?.runPackets(g, start, rate: E4GATT.temperatureRate, per: TemperaturePacket.sampleCount, E4GATT.temperature) },
            clock.spawn { [weak self] in await self?.runPackets(g, start, rate: E4GATT.gsrRate, per: GSRPacket.sampleCount, E4GATT.gsr) },
            clock.spawn { [weak self] in await self?.runIBI(g, start) },
        ]
    }

    private func stopStreaming() {
        for task in tasks { task.cancel() }
        tasks = []
        streaming = nil
    }

    private func isCurrent(_ g: Int) -> Bool { streaming?.generation == g }

    private func send(_ uuid: BluetoothUUID, _ bytes: [UInt8], via server: GATTServer) {
        server.notify(uuid, bytes)
    }

    /// Sends fixed-size packets of `per` samples at `rate` Hz, each when its last sample is taken.
    private func runPackets(_ g: Int, _ start: RigInstant, rate: Double, per: Int, _ uuid: BluetoothUUID) async {
        var index = 0
        while isCurrent(g) {
            let due = start + .seconds(fractional: Double(index + per) / rate)
            do { try await clock.sleep(until: due) } catch { return }
            guard isCurrent(g), let server else { return }
            let times = (0..<per).map { (start + .seconds(fractional: Double(index + $0) / rate)).seconds }
            let first = UInt16(truncatingIfNeeded: index)
            switch uuid {
            case E4GATT.acceleration: send(uuid, accelerationPacket(times, first), via: server)
            case E4GATT.temperature: send(uuid, temperaturePacket(times, first), via: server)
            default: send(uuid, gsrPacket(times, first), via: server)
            }
            index += per
        }
    }

    private func accelerationPacket(_ times: [Double], _ index: UInt16) -> [UInt8] {
        AccelerationPacket(firstIndex: index, samples: times.map { t in
            let (x, y, z) = physiology.acceleration(at: t)
            return AccelerationSample(gx: x, gy: y, gz: z)
        }).encode()
    }

    private func temperaturePacket(_ times: [Double], _ index: UInt16) -> [UInt8] {
        TemperaturePacket(firstIndex: index, celsius: times.map { physiology.temperature(at: $0) }).encode()
    }

    private func gsrPacket(_ times: [Double], _ index: UInt16) -> [UInt8] {
        GSRPacket(firstIndex: index, microsiemens: times.map { physiology.eda(at: $0) }).encode()
    }

    private func runBVP(_ g: Int, _ start: RigInstant) async {
        var index = 0
        var pending: [Int32] = []
        while isCurrent(g) {
            while pending.count < BVPPacket.maximumSamples {
                let t = (start + .seconds(fractional: Double(index + pending.count) / E4GATT.bvpRate)).seconds
                pending.append(Int32((physiology.bvp(at: t) * BVPPacket.scale).rounded()))
            }
            let count = BVPPacket.fitting(pending[...])
            let due = start + .seconds(fractional: Double(index + count) / E4GATT.bvpRate)
            do { try await clock.sleep(until: due) } catch { return }
            guard isCurrent(g), let server else { return }
            send(E4GATT.bvp, BVPPacket(firstIndex: UInt16(truncatingIfNeeded: index), raw: Array(pending.prefix(count))).encode(), via: server)
            pending.removeFirst(count)
            index += count
        }
    }

    private func runIBI(_ g: Int, _ start: RigInstant) async {
        var checked = start.seconds + settings.ibiWarmUp
        var lastPeak: Double?
        while isCurrent(g) {
            do { try await clock.sleep(for: .milliseconds(250)) } catch { return }
            guard isCurrent(g), let server else { return }
            let now = clock.now.seconds - 0.3
            guard now > checked else { continue }
            for beat in physiology.peaks(from: checked, to: now) where physiology.motion < 0.7 {
                let tick = UInt32(((beat.peak - start.seconds) * E4GATT.tickRate).rounded())
                let interval = lastPeak.map { beat.peak - $0 } ?? beat.interval
                lastPeak = beat.peak
                let ticks = UInt16(max(1, min(Double(UInt16.max), (interval * E4GATT.tickRate).rounded())))
                send(E4GATT.ibi, IBIPacket(beatTick: tick, intervalTicks: ticks).encode(), via: server)
            }
            checked = now
        }
    }

    /// Drains the battery for the last ten seconds and reports it; returns false once the band is dead.
    private func batteryTick() async -> Bool {
        let elapsed = (clock.now - lastBatteryUpdate).seconds
        lastBatteryUpdate = clock.now
        if poweredOn {
            let rate = streaming != nil ? settings.streamingDrainPerHour : settings.idleDrainPerHour
            battery = max(0, battery - rate * elapsed / 3600)
        }
        if battery <= 0 && poweredOn {
            die()
            return true
        }
        let percent = UInt8(battery.rounded())
        if streaming != nil, let server, percent != reportedPercent {
            // EmpaLink notifies "when the batteryLevel property of the connected device changes": measured every 10 s, sent on a change.
            reportedPercent = percent
            await server.setValue([percent], of: E4GATT.battery)
            send(E4GATT.battery, BatteryPacket(percent: percent).encode(), via: server)
        }
        return true
    }

    private func die() {
        trace.record(role, "batteryDead")
        poweredOn = false
        stopStreaming()
        link?.disconnect(.disconnected("\(model) battery empty"))
    }
}
