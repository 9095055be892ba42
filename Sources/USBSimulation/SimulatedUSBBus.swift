import RigCore
import Synchronization
import USBLink

/// A USB bus in memory: simulated devices plug in and out; the host opens them and transfers on the rig's clock.
///
/// Every transfer lands in the trace (`usb` events with endpoint and bytes).
public final class SimulatedUSBBus: USBHost {
    private let clock: any RigClock
    private let trace: TraceLog
    private let state = Mutex(State())

    private struct State {
        var plugged: [(role: String, function: any SimulatedUSBFunction, port: USBDevicePort)] = []
        var subscribers: [AsyncStream<USBHotplugEvent>.Continuation] = []
        var claimed: [ObjectIdentifier: Set<UInt8>] = [:]
    }

    public init(clock: any RigClock, trace: TraceLog) {
        self.clock = clock
        self.trace = trace
    }

    /// Plugs `function` in as the device playing `role`; returns its port for IN data and faults.
    @discardableResult
    public func plug(_ function: any SimulatedUSBFunction, role: String) async -> USBDevicePort {
        let port = USBDevicePort(name: role, clock: clock, trace: trace)
        let subscribers = state.withLock { s -> [AsyncStream<USBHotplugEvent>.Continuation] in
            s.plugged.append((role, function, port))
            return s.subscribers
        }
        trace.record(role, "usbPlugged", [("ids", function.descriptor.ids)])
        await function.plugged(into: port)
        for subscriber in subscribers { subscriber.yield(.arrived(function.descriptor)) }
        return port
    }

    /// Unplugs the device playing `role`: pending and later transfers fail with `.noDevice`.
    public func unplug(role: String) async {
        let removed = state.withLock { s -> ((any SimulatedUSBFunction), USBDevicePort, [AsyncStream<USBHotplugEvent>.Continuation])? in
            guard let index = s.plugged.firstIndex(where: { $0.role == role }) else { return nil }
            let entry = s.plugged.remove(at: index)
            s.claimed[ObjectIdentifier(entry.port)] = nil
            return (entry.function, entry.port, s.subscribers)
        }
        guard let (function, port, subscribers) = removed else { return }
        trace.record(role, "usbUnplugged")
        port.unplug()
        await function.unplugged()
        for subscriber in subscribers { subscriber.yield(.left(function.descriptor)) }
    }

    public func devices() async -> [USBDeviceDescriptor] {
        state.withLock { $0.plugged.map(\.function.descriptor) }
    }

    public func hotplugEvents() async -> AsyncStream<USBHotplugEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: USBHotplugEvent.self, bufferingPolicy: .bufferingNewest(64))
        state.withLock { $0.subscribers.append(continuation) }
        return stream
    }

    public func open(_ match: USBDeviceMatch) async throws(USBError) -> any USBDeviceHandle {
        guard let entry = state.withLock({ $0.plugged.first { match.matches($0.function.descriptor) } }) else {
            throw .notFound(match)
        }
        trace.record(entry.role, "usbOpened", [("ids", entry.function.descriptor.ids)])
        return InMemoryUSBHandle(role: entry.role, function: entry.function, port: entry.port, bus: self, clock: clock, trace: trace)
    }

    /// Claims `number` on the device behind `port` for one handle; a second claim is `.busy`.
    func claim(_ number: UInt8, on port: USBDevicePort) throws(USBError) {
        let ok = state.withLock { s -> Bool in
            s.claimed[ObjectIdentifier(port), default: []].insert(number).inserted
        }
        if !ok { throw .busy(interface: number) }
    }

    func release(_ numbers: Set<UInt8>, on port: USBDevicePort) {
        state.withLock { s in s.claimed[ObjectIdentifier(port)]?.subtract(numbers) }
    }
}

/// An open simulated device.
final class InMemoryUSBHandle: USBDeviceHandle {
    let descriptor: USBDeviceDescriptor
    private let role: String
    private let function: any SimulatedUSBFunction
    private let port: USBDevicePort
    private let bus: SimulatedUSBBus
    private let clock: any RigClock
    private let trace: TraceLog
    private let claimed = Mutex<Set<UInt8>>([])
    private let openState = OpenFlag()

    init(role: String, function: any SimulatedUSBFunction, port: USBDevicePort, bus: SimulatedUSBBus, clock: any RigClock, trace: TraceLog) {
        self.role = role
        self.function = function
        self.port = port
        self.bus = bus
        self.clock = clock
        self.trace = trace
        descriptor = function.descriptor
    }

    func claimInterface(_ number: UInt8) async throws(USBError) {
        guard port.isPlugged else { throw .noDevice }
        guard descriptor.interfaces.contains(where: { $0.number == number }) else { throw .invalidEndpoint(number) }
        try bus.claim(number, on: port)
        claimed.withLock { _ = $0.insert(number) }
    }

    private func checkEndpoint(_ endpoint: UInt8, isIn: Bool) throws(USBError) {
        guard port.isPlugged else { throw .noDevice }
        let owner = descriptor.interfaces.first { $0.endpoints.contains { $0.address == endpoint } }
        guard let owner, owner.endpoints.first(where: { $0.address == endpoint })?.isIn == isIn else { throw .invalidEndpoint(endpoint) }
        guard claimed.withLock({ $0.contains(owner.number) }) else { throw .io("interface \(owner.number) is not claimed") }
    }

    func bulkOut(endpoint: UInt8, _ data: [UInt8], timeout: Duration) async throws(USBError) -> Int {
        try checkEndpoint(endpoint, isIn: false)
        if port.takeStall(endpoint) { throw .stall(endpoint: endpoint) }
        if port.isFrozen {
            try? await clock.sleep(for: timeout)
            guard port.isPlugged else { throw .noDevice }
            throw .timeout(endpoint: endpoint, after: timeout, transferred: 0)
        }
        trace.record(role, "usb", [("dir", "out"), ("ep", "0x" + String(endpoint, radix: 16)), ("data", Hex.encode(data))])
        await function.received(data, endpoint: endpoint)
        return data.count
    }

    func bulkIn(endpoint: UInt8, maxLength: Int, timeout: Duration) async throws(USBError) -> [UInt8] {
        try checkEndpoint(endpoint, isIn: true)
        if port.takeStall(endpoint) { throw .stall(endpoint: endpoint) }
        let flag = openState
        guard let data = try await port.take(endpoint: endpoint, maxLength: maxLength, until: clock.now + timeout, isOpen: { flag.isOpen }) else {
            throw .timeout(endpoint: endpoint, after: timeout, transferred: 0)
        }
        trace.record(role, "usb", [("dir", "in"), ("ep", "0x" + String(endpoint, radix: 16)), ("data", Hex.encode(data))])
        return data
    }

    func control(requestType: UInt8, request: UInt8, value: UInt16, index: UInt16, data: [UInt8], timeout: Duration) async throws(USBError) -> [UInt8] {
        guard port.isPlugged else { throw .noDevice }
        trace.record(role, "usbControl", [("request", "0x" + String(request, radix: 16)), ("value", String(value)), ("data", Hex.encode(data))])
        return try await function.control(requestType: requestType, request: request, value: value, index: index, data: data)
    }

    func close() async {
        openState.close()
        port.wakeAll()
        let numbers = claimed.withLock { set -> Set<UInt8> in defer { set = [] }; return set }
        bus.release(numbers, on: port)
        trace.record(role, "usbClosed")
    }
}

/// Whether a handle is still open, readable from a transfer in progress.
private final class OpenFlag: Sendable {
    private let value = Mutex(true)
    var isOpen: Bool { value.withLock { $0 } }
    func close() { value.withLock { $0 = false } }
}
