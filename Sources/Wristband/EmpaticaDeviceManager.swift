import ATT
import E4Protocol
import GATT
import RigCore
import Synchronization

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

    /// Why the last connection failed or ended, if it did.
    public private(set) var lastError: String?
    /// Whether the connected band serves tags (an E4 with recent firmware); false until connected.
    public private(set) var supportsTags = false

    private let statusSink: AsyncStream<DeviceStatus>.Continuation
    private let central: any BLECentral
    private let clock: any RigClock
    private let trace: TraceLog
    private var client: GATTClient?
    private var session = 0
    private var readers: [Task<Void, Never>] = []
    private let emitter: SampleEmitter
    private var connections = 0
    private var batchFlusher: Task<Void, Never>?

    init(address: String, serialNumber: String, name: String, central: any BLECentral, clock: any RigClock, trace: TraceLog) {
        self.address = address
        self.serialNumber = serialNumber
        self.name = name
        self.central = central
        self.clock = clock
        self.trace = trace
        (statusUpdates, statusSink) = AsyncStream.makeStream(of: DeviceStatus.self, bufferingPolicy: .bufferingNewest(64))
        emitter = SampleEmitter(trace: trace, name: name, plots: WristbandPlots(plots: trace.plots, clock: clock, label: "\(name) \(serialNumber)"))
    }

    /// A stream of every sample from now on, from every connection, each kind in time order with no duplicates.
    ///
    /// Each call makes a new subscriber (as EmpaLink's one delegate per device); it keeps every sample
    /// until read, so read it, or let it go, and it stops receiving.
    public nonisolated func samples() -> AsyncStream<WristbandSample> {
        let (stream, continuation) = AsyncStream.makeStream(of: WristbandSample.self, bufferingPolicy: .unbounded)
        emitter.add(.single(continuation))
        return stream
    }

    /// The same samples grouped as they arrived, one array per notification: the cheap way to read 100+ samples a second.
    public nonisolated func sampleBatches() -> AsyncStream<[WristbandSample]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [WristbandSample].self, bufferingPolicy: .unbounded)
        emitter.add(.batch(continuation))
        return stream
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
            supportsTags = characteristics[E4GATT.tag] != nil
            session += 1
            let current = session
            let timing = SessionTiming()
            for uuid in E4GATT.streams {
                guard let characteristic = characteristics[uuid] else { continue }
                let decoder = PacketDecoder(uuid: uuid, session: current, timing: timing, emitter: emitter, clock: clock, trace: trace,
                                            name: name, serialNumber: serialNumber)
                try await client.subscribe(characteristic) { packet in decoder.decode(packet) }
            }
            let sent = clock.unixNow
            try await client.write(command, E4Command.startStreaming(unixTime: UInt32(sent)).encode())
            // The band starts when the command arrives: about half the write's round trip after it was sent.
            timing.start(unix: (sent + clock.unixNow) / 2)
            self.client = client
            emitter.begin(session: current)
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

    /// Holds samples and delivers them every `interval` (background), or, with nil, delivers what is held and then each
    /// packet as it arrives (foreground). Timestamps are never changed.
    func deliverInBatches(every interval: Duration?) {
        batchFlusher?.cancel()
        batchFlusher = nil
        guard let interval else {
            emitter.setHolding(false)
            return
        }
        emitter.setHolding(true)
        batchFlusher = clock.spawn { [emitter, clock] in
            while true {
                do { try await clock.sleep(for: interval) } catch { return }
                emitter.flush()
            }
        }
    }

    /// Stops streaming and disconnects; does nothing when no wristband is connected.
    public func disconnect() async {
        guard status == .connected, let client else { return }
        setStatus(.disconnecting)
        session += 1
        emitter.begin(session: session)
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

    private func setStatus(_ new: DeviceStatus) {
        guard new != status else { return }
        trace.record(name, "deviceStatus", [("serial", serialNumber), ("status", new.rawValue)])
        status = new
        statusSink.yield(new)
    }
}

/// Passes samples of the current session to the subscribers, each kind in strictly increasing time.
final class SampleEmitter: Sendable {
    /// A subscriber: one sample at a time, or one array per packet.
    enum Subscriber: Sendable {
        case single(AsyncStream<WristbandSample>.Continuation)
        case batch(AsyncStream<[WristbandSample]>.Continuation)
    }

    private let trace: TraceLog
    private let name: String
    private let plots: WristbandPlots
    private let state = Mutex<(session: Int, last: [WristbandSample.Kind: Double], subscribers: [Subscriber], held: [WristbandSample]?)>((0, [:], [], nil))

    init(trace: TraceLog, name: String, plots: WristbandPlots) {
        self.trace = trace
        self.name = name
        self.plots = plots
    }

    func add(_ subscriber: Subscriber) {
        state.withLock { $0.subscribers.append(subscriber) }
    }

    /// Makes `session` the only one whose samples pass.
    func begin(session: Int) {
        state.withLock { $0.session = session }
    }

    /// Starts holding samples until `flush()` (background batches), or stops and delivers what is held.
    func setHolding(_ holding: Bool) {
        if holding {
            state.withLock { if $0.held == nil { $0.held = [] } }
        } else {
            flush()
            state.withLock { $0.held = nil }
        }
    }

    /// Delivers the held samples as one batch.
    func flush() {
        let (held, subscribers) = state.withLock { s -> ([WristbandSample], [Subscriber]) in
            guard let held = s.held, !held.isEmpty else { return ([], []) }
            s.held = []
            return (held, s.subscribers)
        }
        guard !held.isEmpty else { return }
        trace.record(name, "batchDelivered", [("samples", String(held.count))])
        deliver(held, to: subscribers)
    }

    /// Passes the samples of one packet on, keeping those of the current session that are newer than the last of their kind.
    func emit(_ samples: [WristbandSample], session: Int) {
        var dropped: [WristbandSample.Kind] = []
        var isHeld = false
        let (passed, subscribers) = state.withLock { s -> ([WristbandSample], [Subscriber]) in
            guard s.session == session else { return ([], []) }
            var passed: [WristbandSample] = []
            passed.reserveCapacity(samples.count)
            for sample in samples {
                let kind = sample.kind
                if let last = s.last[kind], sample.timestamp <= last { dropped.append(kind); continue }
                s.last[kind] = sample.timestamp
                passed.append(sample)
            }
            if s.held != nil {
                s.held?.append(contentsOf: passed)
                isHeld = true
            }
            return (passed, s.subscribers)
        }
        for kind in dropped { trace.record(name, "sampleDropped", [("kind", kind.rawValue), ("reason", "not newer than the last")]) }
        guard !passed.isEmpty, !isHeld else { return }
        deliver(passed, to: subscribers)
    }

    /// Hands samples to the subscribers, and to the report's plots (what the app received).
    private func deliver(_ passed: [WristbandSample], to subscribers: [Subscriber]) {
        plots.draw(passed)
        var ended: [Int] = []
        for (index, subscriber) in subscribers.enumerated() {
            switch subscriber {
            case .single(let continuation):
                for sample in passed {
                    if case .terminated = continuation.yield(sample) { ended.append(index); break }
                }
            case .batch(let continuation):
                if case .terminated = continuation.yield(passed) { ended.append(index) }
            }
        }
        if !ended.isEmpty {
            state.withLock { s in
                s.subscribers = s.subscribers.enumerated().filter { !ended.contains($0.offset) }.map(\.element)
            }
        }
    }
}

/// When the current session's streaming began, in Unix seconds; set once the start command is answered.
final class SessionTiming: Sendable {
    private let value = Mutex<Double?>(nil)
    func start(unix: Double) { value.withLock { $0 = unix } }
    var startUnix: Double? { value.withLock { $0 } }
}

/// Turns one characteristic's packets into samples stamped from the session's start.
final class PacketDecoder: Sendable {
    let uuid: BluetoothUUID
    let session: Int
    let timing: SessionTiming
    let emitter: SampleEmitter
    let clock: any RigClock
    let trace: TraceLog
    let name: String
    let serialNumber: String
    private let unwrapper = Mutex(SampleIndexUnwrapper())

    init(uuid: BluetoothUUID, session: Int, timing: SessionTiming, emitter: SampleEmitter, clock: any RigClock, trace: TraceLog,
         name: String, serialNumber: String) {
        self.uuid = uuid
        self.session = session
        self.timing = timing
        self.emitter = emitter
        self.clock = clock
        self.trace = trace
        self.name = name
        self.serialNumber = serialNumber
    }

    private func stamp(_ startUnix: Double, _ first: Int64, _ i: Int, _ rate: Double) -> Double {
        startUnix + Double(first + Int64(i)) / rate
    }

    private func absolute(_ index: UInt16) -> Int64 { unwrapper.withLock { $0.absolute(index) } }

    /// Decodes one packet and emits its samples; packets before the start command's answer cannot be stamped and are dropped.
    func decode(_ packet: [UInt8]) {
        guard let startUnix = timing.startUnix else { return }
        do {
            switch uuid {
            case E4GATT.bvp:
                let p = try BVPPacket.decode(packet)
                let first = absolute(p.firstIndex)
                emitter.emit(p.values.enumerated().map { .bvp($1, timestamp: stamp(startUnix, first, $0, E4GATT.bvpRate)) }, session: session)
            case E4GATT.acceleration:
                let p = try AccelerationPacket.decode(packet)
                let first = absolute(p.firstIndex)
                emitter.emit(p.samples.enumerated().map { i, s in
                    .acceleration(x: s.x, y: s.y, z: s.z, timestamp: stamp(startUnix, first, i, E4GATT.accelerationRate))
                }, session: session)
            case E4GATT.gsr:
                let p = try GSRPacket.decode(packet)
                let first = absolute(p.firstIndex)
                emitter.emit(p.microsiemens.enumerated().map { .gsr(microsiemens: $1, timestamp: stamp(startUnix, first, $0, E4GATT.gsrRate)) }, session: session)
            case E4GATT.temperature:
                let p = try TemperaturePacket.decode(packet)
                let first = absolute(p.firstIndex)
                emitter.emit(p.celsius.enumerated().map { .temperature(celsius: $1, timestamp: stamp(startUnix, first, $0, E4GATT.temperatureRate)) },
                             session: session)
            case E4GATT.ibi:
                let p = try IBIPacket.decode(packet)
                emitter.emit([.ibi(seconds: p.interval, timestamp: startUnix + Double(p.beatTick) / E4GATT.tickRate)], session: session)
            case E4GATT.tag:
                let p = try TagPacket.decode(packet)
                emitter.emit([.tag(timestamp: startUnix + Double(p.tick) / E4GATT.tickRate)], session: session)
            case E4GATT.battery:
                emitter.emit([.battery(level: try BatteryPacket.decode(packet).level, timestamp: clock.unixNow)], session: session)
            default: break
            }
        } catch {
            trace.record(name, "badPacket", [("serial", serialNumber), ("error", "\(error)")])
        }
    }
}
