import RigKit
import RigKitBLE

/// A virtual chest strap: the Heart Rate Service and the Battery Service on the rig's radio, with knobs for the
/// wearer's heart rate, skin contact and the battery.
///
/// Once a second, while a central subscribes, it notifies a Heart Rate Measurement with the rate, the contact bits,
/// the energy expended since the last reset and the RR-intervals of the beats in that second (1/1024 s each).
public actor HeartRateStrapSimulator: SimulatedPeripheral {
    public nonisolated let address: String
    private let role: String
    private let clock: any RigClock
    private let trace: TraceLog
    private var settings: HeartRateStrapSimulation
    private var poweredOn = true
    private var link: InMemoryLink?
    private var server: GATTServer?
    private var ticker: Task<Void, Never>?
    /// Energy expended since the last reset, in kJ, and the beat phase carried from one second to the next.
    private var energy = 0.0
    private var beatPhase = 0.0

    public init(role: String, settings: HeartRateStrapSimulation, clock: any RigClock, trace: TraceLog) {
        self.role = role
        self.settings = settings
        self.clock = clock
        self.trace = trace
        address = settings.address
    }

    // MARK: Knobs

    /// The wearer's heart rate from now on.
    public func setHeartRate(_ beatsPerMinute: Double) {
        settings.heartRate = beatsPerMinute
        trace.record(role, "heartRateSet", [("bpm", "\(beatsPerMinute)")])
    }

    /// Whether the strap's electrodes touch the skin (nil: the strap cannot tell).
    public func setSensorContact(_ contact: Bool?) { settings.sensorContact = contact }

    /// The battery level; a connected central subscribed to it is notified.
    public func setBattery(percent: Double) {
        settings.batteryPercent = percent
        if let server { _ = server.notify(HeartRateProfile.batteryLevel, [UInt8(percent.rounded())]) }
    }

    /// Switches the strap off: the link drops and it stops advertising.
    public func powerOff() {
        poweredOn = false
        link?.disconnect(.disconnected("\(role) switched off"))
    }

    public func powerOn() { poweredOn = true }

    /// The energy expended since the last reset, in kJ.
    public var energyExpended: Double { energy }

    // MARK: Lifetime

    /// Starts the once-a-second measurement clock.
    public func start() {
        guard ticker == nil else { return }
        ticker = clock.spawn { [weak self, clock] in
            while true {
                do { try await clock.sleep(for: .seconds(1)) } catch { return }
                guard let self else { return }
                await self.tick()
            }
        }
    }

    public func shutDown() {
        ticker?.cancel()
        ticker = nil
        link?.disconnect(.disconnected("\(role) shut down"))
    }

    // MARK: SimulatedPeripheral

    public func advertisement() -> AdvertisingData? {
        guard poweredOn, link == nil || link?.isConnected == false else { return nil }
        return AdvertisingData(localName: "HR Strap \(role)", serviceUUIDs: [HeartRateProfile.service, HeartRateProfile.batteryService])
    }

    public func rssi() -> Int { -55 }

    public func accept(_ newLink: InMemoryLink) async throws(LinkError) {
        guard poweredOn else { throw .refused(address: address, reason: "switched off") }
        if let link, link.isConnected { throw .refused(address: address, reason: "already connected") }
        link = newLink
        let database = GATTDatabase([
            ServiceDefinition(HeartRateProfile.service, [
                CharacteristicDefinition(HeartRateProfile.measurement, properties: [.notify]),
                CharacteristicDefinition(HeartRateProfile.bodySensorLocation, properties: [.read], value: [settings.bodyLocation.rawValue]),
                CharacteristicDefinition(HeartRateProfile.controlPoint, properties: [.write]),
            ]),
            ServiceDefinition(HeartRateProfile.batteryService, [
                CharacteristicDefinition(HeartRateProfile.batteryLevel, properties: [.read, .notify], value: [UInt8(settings.batteryPercent.rounded())]),
            ]),
        ])
        let server = GATTServer(
            database: database, bearer: newLink.peripheral, clock: clock,
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
        case HeartRateProfile.batteryLevel: [UInt8(settings.batteryPercent.rounded())]
        case HeartRateProfile.bodySensorLocation: [settings.bodyLocation.rawValue]
        default: nil
        }
    }

    private func written(_ uuid: BluetoothUUID, _ value: [UInt8]) -> ATTErrorCode? {
        guard uuid == HeartRateProfile.controlPoint else { return .writeNotPermitted }
        guard value == [HeartRateProfile.resetEnergyExpended] else {
            trace.record(role, "controlPointRefused", [("value", Hex.encode(value))])
            return ATTErrorCode(rawValue: HeartRateProfile.controlPointNotSupported)
        }
        energy = 0
        trace.record(role, "energyExpendedReset")
        return nil
    }

    private func tick() {
        guard poweredOn else { return }
        energy += settings.kilojoulesPerHour / 3600
        // The beats that fall in this second, each RR-interval the current beat period.
        let period = 60 / settings.heartRate
        var intervals: [UInt16] = []
        beatPhase += 1
        while beatPhase >= period {
            beatPhase -= period
            intervals.append(UInt16((period * 1024).rounded()))
        }
        guard let server, server.isSubscribed(HeartRateProfile.measurement) else { return }
        let measurement = HeartRateMeasurement(beatsPerMinute: UInt16(settings.heartRate.rounded()), sensorContact: settings.sensorContact,
                                               energyExpended: UInt16(min(65535, energy.rounded(.down))), rrIntervals: intervals)
        _ = server.notify(HeartRateProfile.measurement, measurement.encode())
    }

    private func linkClosed(_ closed: InMemoryLink, _ reason: LinkError) {
        guard closed === link else { return }
        trace.record(role, "disconnected", [("reason", "\(reason)")])
        link = nil
        server = nil
    }
}
