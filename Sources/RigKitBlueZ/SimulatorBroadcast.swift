import ATT
import BLESimulation
import BlueZ
import GATT
import RigCore
import Synchronization

/// One of RigKit's simulated peripherals on the air through a real adapter: a lab can point a phone at it,
/// and the rig's own central reaches it through the kernel's Bluetooth stack.
///
/// The simulator keeps its in-memory link: each connection the kernel accepts is bridged PDU by PDU to a
/// new `InMemoryLink` with no latency, so the simulator's knobs and link faults (drop, range, lost
/// notifications, power) act on the real link — closing the in-memory link closes the socket, and the
/// central sees the disconnect. Advertising follows `advertisement()`: on while the simulator advertises,
/// off while it is off, out of range or connected, with the AD structures split between advertising data
/// and scan response (31 bytes each).
public final class SimulatorBroadcast: Sendable {
    private let peripheral: BlueZPeripheral
    private let simulator: any SimulatedPeripheral
    private let clock: any RigClock
    private let trace: TraceLog
    private let name: String
    private let tasks = Mutex<[Task<Void, Never>]>([])
    /// What the controller is advertising now (nil: not advertising).
    private let advertised = Mutex<[UInt8]?>(nil)
    private let links = Mutex(0)

    /// The address centrals see: the adapter's.
    public var address: String { peripheral.address.description }

    /// Puts `simulator` on the air through `adapter`; `name` labels links and the trace.
    public init(_ simulator: any SimulatedPeripheral, adapter: String, name: String, clock: any RigClock, trace: TraceLog) throws(BlueZError) {
        peripheral = try BlueZPeripheral(adapter: adapter)
        self.simulator = simulator
        self.clock = clock
        self.trace = trace
        self.name = name
    }

    /// Starts advertising and accepting; runs until `stop()`.
    public func start() {
        trace.record(name, "broadcastStarted", [("adapter", peripheral.adapter), ("address", address)])
        let advertise = Task { [self] in
            while !Task.isCancelled {
                await followAdvertisement()
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        let accept = Task { [self] in
            while !Task.isCancelled {
                do {
                    let (bearer, central) = try await peripheral.accept(name: name)
                    // The controller stopped advertising when the central connected.
                    advertised.withLock { $0 = nil }
                    await serve(bearer, from: central)
                } catch {
                    if !Task.isCancelled { trace.record(name, "acceptFailed", [("error", "\(error)")]) }
                    return
                }
            }
        }
        tasks.withLock { $0 = [advertise, accept] }
    }

    /// Stops advertising and accepting (open links end with the simulator's).
    public func stop() {
        for task in tasks.withLock({ t in defer { t = [] }; return t }) { task.cancel() }
        peripheral.close()
    }

    private func followAdvertisement() async {
        let wanted = await simulator.advertisement().map { $0.encode() }
        guard wanted != advertised.withLock({ $0 }) else { return }
        do {
            if let wanted {
                let (data, response) = try Self.split(wanted)
                try await peripheral.advertise(data, scanResponse: response)
            } else {
                try await peripheral.advertise(nil)
            }
            advertised.withLock { $0 = wanted }
            trace.record(name, wanted == nil ? "advertisingStopped" : "advertising", [("adapter", peripheral.adapter)])
        } catch {
            trace.record(name, "advertisingFailed", [("error", "\(error)")])
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// Bridges one accepted connection to the simulator until either side ends it.
    private func serve(_ bearer: any ATTBearer, from central: String) async {
        let index = links.withLock { $0 += 1; return $0 }
        var conditions = LinkConditions()
        conditions.latency = .zero
        conditions.jitter = .zero
        conditions.maximumMTU = bearer.maximumMTU
        let link = InMemoryLink(name: "\(name)/kernel-\(index)", conditions: conditions, clock: clock, trace: trace,
                                random: SeededGenerator(seed: 1, stream: "\(name)/\(index)"))
        do {
            try await simulator.accept(link)
        } catch {
            trace.record(name, "connectionRefused", [("central", central), ("reason", "\(error)")])
            await bearer.disconnect()
            return
        }
        trace.record(name, "centralConnected", [("central", central), ("adapter", peripheral.adapter)])
        let toSimulator = Task {
            for await pdu in bearer.incoming { try? link.central.send(pdu) }
            link.disconnect(bearer.disconnectReason ?? .disconnected("the central closed the link"))
        }
        for await pdu in link.central.incoming {
            do { try bearer.send(pdu) } catch { break }
        }
        // The simulator ended the link (drop, range, battery, power): end the real one now, as the device would —
        // out of range as a supervision time-out (0x08, where the controller passes it on), else user terminated.
        let timedOut: Bool = if case .supervisionTimeout = link.central.disconnectReason { true } else { false }
        if let socket = bearer as? L2CAPBearer { await socket.disconnect(reason: timedOut ? 0x08 : 0x13) } else { await bearer.disconnect() }
        await toSimulator.value
        trace.record(name, "centralDisconnected", [("central", central), ("reason", "\(link.central.disconnectReason.map { "\($0)" } ?? "closed")")])
    }

    /// Splits AD structures between advertising data and scan response, 31 bytes each, keeping their order
    /// (flags first, so they stay in the advertising data where they belong).
    static func split(_ structures: [UInt8]) throws(BlueZError) -> (data: [UInt8], scanResponse: [UInt8]) {
        var data: [UInt8] = [], response: [UInt8] = []
        var index = 0
        while index < structures.count {
            let length = Int(structures[index])
            guard length > 0, index + 1 + length <= structures.count else { break }
            let field = Array(structures[index...(index + length)])
            if data.count + field.count <= 31 { data += field }
            else if response.count + field.count <= 31 { response += field }
            else { throw .system("the advertisement does not fit in 62 bytes of advertising data and scan response", errno: 90) }
            index += 1 + length
        }
        return (data, response)
    }
}
