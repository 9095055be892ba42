import ATT
import E4Protocol
import GATT
import RigCore

/// EmpaLink's `EmpaticaDeviceManager` in Swift: one wristband's connection and its sample streams.
///
/// `connect()` moves the status to connecting and then connected (or back to
/// disconnected on failure); `disconnect()` to disconnecting and disconnected,
/// and does nothing when not connected. Samples from every session arrive on
/// the one `samples` stream, each kind in time order with no duplicates.
public actor EmpaticaDeviceManager {
    public nonisolated let address: String
    public nonisolated let serialNumber: String
    public nonisolated let name: String
    public private(set) var status: DeviceStatus = .disconnected
    /// Every status change; keeps the newest 64 unread.
    public nonisolated let statusUpdates: AsyncStream<DeviceStatus>
    /// Every sample, from every connection; unbounded, so a slow reader loses nothing.
    public nonisolated let samples: AsyncStream<WristbandSample>
    /// Why the last connection failed or ended, if it did.
    public private(set) var lastError: String?

    private let statusSink: AsyncStream<DeviceStatus>.Continuation
    private let sampleSink: AsyncStream<WristbandSample>.Continuation
    private let central: any BLECentral
    private let clock: any RigClock
    private let trace: TraceLog
    private var client: GATTClient?
    private var session = 0
    private var readers: [Task<Void, Never>] = []
    private var lastTimestamp: [WristbandSample.Kind: Double] = [:]
    private var connections = 0

    init(address: String, serialNumber: String, name: String, central: any BLECentral, clock: any RigClock, trace: TraceLog) {
        self.address = address
        self.serialNumber = serialNumber
        self.name = name
        self.central = central
        self.clock = clock
        self.trace = trace
        (statusUpdates, statusSink) = AsyncStream.makeStream(of: DeviceStatus.self, bufferingPolicy: .bufferingNewest(64))
        (samples, sampleSink) = AsyncStream.makeStream(of: WristbandSample.self, bufferingPolicy: .unbounded)
    }

    /// Connects, subscribes to every stream and starts streaming; returns whether it worked.
    @discardableResult
    public func connect() async -> Bool {
        guard status == .disconnected else { return status == .connected }
        setStatus(.connecting)
        connections += 1
        let linkName = "\(name) \(serialNumber) #\(connections)"
        var opened: GATTClient?
        do {
            let bearer = try await central.openBearer(to: address, name: linkName)
            let client = GATTClient(bearer: bearer, clock: clock)
            opened = client
            await client.start()
            try await client.exchangeMTU(185)
            var characteristics: [BluetoothUUID: GATTCharacteristic] = [:]
            for service in try await client.discoverServices() {
                for characteristic in try await client.discoverCharacteristics(of: service) {
                    characteristics[characteristic.uuid] = characteristic
                }
            }
            guard let command = characteristics[E4GATT.command] else { throw GATTError.notFound(E4GATT.command) }
            session += 1
            let current = session
            var streams: [(BluetoothUUID, AsyncStream<[UInt8]>)] = []
            for uuid in E4GATT.streams {
                guard let characteristic = characteristics[uuid] else { continue }
                streams.append((uuid, try await client.subscribe(characteristic)))
            }
            let startUnix = clock.unixNow
            try await client.write(command, E4Command.startStreaming(unixTime: UInt32(startUnix)).encode())
            self.client = client
            for (uuid, stream) in streams {
                readers.append(clock.spawn { [weak self] in
                    var unwrapper = SampleIndexUnwrapper()
                    for await packet in stream {
                        guard let self else { return }
                        await self.decode(packet, from: uuid, session: current, startUnix: startUnix, unwrapper: &unwrapper)
                    }
                })
            }
            readers.append(clock.spawn { [weak self] in
                _ = await client.disconnected()
                await self?.sessionEnded(current, client)
            })
            setStatus(.connected)
            return true
        } catch {
            lastError = "\(error)"
            trace.record(name, "connectFailed", [("serial", serialNumber), ("error", "\(error)")])
            await opened?.disconnect()
            client = nil
            setStatus(.disconnected)
            return false
        }
    }

    /// Stops streaming and disconnects; does nothing when no wristband is connected.
    public func disconnect() async {
        guard status == .connected, let client else { return }
        setStatus(.disconnecting)
        session += 1
        await client.disconnect()
        self.client = nil
        for reader in readers { reader.cancel() }
        readers = []
        setStatus(.disconnected)
    }

    private func sessionEnded(_ ended: Int, _ endedClient: GATTClient) async {
        guard ended == session else { return }
        lastError = await endedClient.linkError.map { "\($0)" }
        client = nil
        for reader in readers { reader.cancel() }
        readers = []
        setStatus(.disconnected)
    }

    private func decode(_ packet: [UInt8], from uuid: BluetoothUUID, session current: Int, startUnix: Double,
                        unwrapper: inout SampleIndexUnwrapper) {
        guard current == session else { return }
        do {
            switch uuid {
            case E4GATT.bvp:
                let p = try BVPPacket.decode(packet)
                let first = unwrapper.absolute(p.firstIndex)
                for (i, v) in p.values.enumerated() { emit(.bvp(v, timestamp: startUnix + Double(first + Int64(i)) / E4GATT.bvpRate)) }
            case E4GATT.acceleration:
                let p = try AccelerationPacket.decode(packet)
                let first = unwrapper.absolute(p.firstIndex)
                for (i, s) in p.samples.enumerated() {
                    emit(.acceleration(x: s.x, y: s.y, z: s.z, timestamp: startUnix + Double(first + Int64(i)) / E4GATT.accelerationRate))
                }
            case E4GATT.gsr:
                let p = try GSRPacket.decode(packet)
                let first = unwrapper.absolute(p.firstIndex)
                for (i, v) in p.microsiemens.enumerated() { emit(.gsr(microsiemens: v, timestamp: startUnix + Double(first + Int64(i)) / E4GATT.gsrRate)) }
            case E4GATT.temperature:
                let p = try TemperaturePacket.decode(packet)
                let first = unwrapper.absolute(p.firstIndex)
                for (i, v) in p.celsius.enumerated() {
                    emit(.temperature(celsius: v, timestamp: startUnix + Double(first + Int64(i)) / E4GATT.temperatureRate))
                }
            case E4GATT.ibi:
                let p = try IBIPacket.decode(packet)
                emit(.ibi(seconds: p.interval, timestamp: startUnix + Double(p.beatTick) / E4GATT.tickRate))
            case E4GATT.tag:
                let p = try TagPacket.decode(packet)
                emit(.tag(timestamp: startUnix + Double(p.tick) / E4GATT.tickRate))
            case E4GATT.battery:
                emit(.battery(level: try BatteryPacket.decode(packet).level, timestamp: clock.unixNow))
            default: break
            }
        } catch {
            trace.record(name, "badPacket", [("serial", serialNumber), ("error", "\(error)")])
        }
    }

    /// Passes a sample on unless it is not newer than the last of its kind (a duplicate or a reordering).
    private func emit(_ sample: WristbandSample) {
        let kind = sample.kind
        if let last = lastTimestamp[kind], sample.timestamp <= last {
            trace.record(name, "sampleDropped", [("kind", kind.rawValue), ("reason", "not newer than the last")])
            return
        }
        lastTimestamp[kind] = sample.timestamp
        sampleSink.yield(sample)
    }

    private func setStatus(_ new: DeviceStatus) {
        guard new != status else { return }
        trace.record(name, "deviceStatus", [("serial", serialNumber), ("status", new.rawValue)])
        status = new
        statusSink.yield(new)
    }
}
