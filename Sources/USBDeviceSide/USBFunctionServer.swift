import Dispatch
import RigCore
import Synchronization
import USBLink
import USBSimulation

/// Serves a simulator plugged into an in-memory bus behind a real USB path (a `DeviceSideChannel`).
///
/// The simulator keeps its own bus, so its knobs work unchanged: when it leaves that bus (cable pulled, powered
/// down, battery empty) the server unplugs the real path; when it comes back the server plugs it in again. While
/// plugged, bulk OUT from the host goes to the simulator's bulk OUT endpoint, forwarded control requests to its
/// endpoint 0, and what the simulator puts on bulk IN goes to the host.
public final class USBFunctionServer: Sendable {
    private let bus: SimulatedUSBBus
    private let match: USBDeviceMatch
    private let channel: any DeviceSideChannel
    private let trace: TraceLog
    private let name: String
    private let state = Mutex(State())

    private struct State {
        var handle: (any USBDeviceHandle)?
        var endpoints: (in: UInt8, out: UInt8)?
        var pump: Task<Void, Never>?
        var tasks: [Task<Void, Never>] = []
    }

    /// Serves the device `match` finds on `bus` through `channel`; `name` labels trace events (the role).
    public init(bus: SimulatedUSBBus, match: USBDeviceMatch, channel: any DeviceSideChannel, trace: TraceLog, name: String) {
        self.bus = bus
        self.match = match
        self.channel = channel
        self.trace = trace
        self.name = name
    }

    /// Starts following the simulator's cable and serving the host; plugs the real path in if the simulator is plugged.
    /// Where the pump's writes to the real path run (they block while the path's buffer is full).
    private let writer = DispatchQueue(label: "rigkit.device-side.write")

    public func start() async throws(DeviceSideError) {
        let events = await bus.hotplugEvents()
        if await bus.devices().contains(where: { match.matches($0) }) {
            try await attach()
        } else {
            try await channel.unplug()
        }
        let follow = Task { [self] in
            for await event in events {
                do {
                    switch event {
                    case .arrived(let d) where match.matches(d): try await attach()
                    case .left(let d) where match.matches(d): try await detach()
                    default: continue
                    }
                } catch {
                    trace.record(name, "deviceSideError", [("error", "\(error)")])
                }
            }
        }
        let forward = Task { [self] in
            for await input in channel.incoming { await deliver(input) }
        }
        state.withLock { $0.tasks = [follow, forward] }
    }

    /// Stops serving; the real path stays as it is (the next server takes over the cable).
    public func stop() async {
        let (tasks, pump, handle) = state.withLock { s in
            defer { s.tasks = []; s.pump = nil; s.handle = nil }
            return (s.tasks, s.pump, s.handle)
        }
        for task in tasks { task.cancel() }
        pump?.cancel()
        await handle?.close()
        await channel.close()
    }

    /// The simulator is on its bus: open it, claim its data interface, start pumping bulk IN, plug the real path.
    private func attach() async throws(DeviceSideError) {
        do {
            let handle = try await bus.open(match)
            guard let interface = handle.descriptor.interfaces.first(where: { $0.bulkEndpoint(in: true) != nil && $0.bulkEndpoint(in: false) != nil }),
                  let inEP = interface.bulkEndpoint(in: true)?.address, let outEP = interface.bulkEndpoint(in: false)?.address else {
                await handle.close()
                throw DeviceSideError.file(call: "serve", path: name, reason: "the simulator has no bulk IN/OUT interface")
            }
            for i in handle.descriptor.interfaces { try await handle.claimInterface(i.number) }
            let pump = Task { [channel, trace, name, writer] in
                while !Task.isCancelled {
                    do throws(USBError) {
                        let data = try await handle.bulkIn(endpoint: inEP, maxLength: 4096, timeout: .milliseconds(200))
                        // A write may wait for the host to drain the path (seconds for a result image under TCG): on a
                        // queue of its own, not on the cooperative pool the simulator's decode and deadline need.
                        guard !data.isEmpty else { continue }
                        let sent = await withCheckedContinuation { continuation in
                            writer.async { continuation.resume(returning: channel.send(data)) }
                        }
                        if !sent {
                            // The real path did not take it (unplugged, or its buffer stayed full): the host misses these bytes.
                            trace.record(name, "deviceSideWriteFailed", [("bytes", String(data.count))])
                        }
                    } catch {
                        if case .timeout = error { continue }
                        return   // the simulator left its bus
                    }
                }
            }
            let old = state.withLock { s in
                defer { s.handle = handle; s.endpoints = (inEP, outEP); s.pump = pump }
                return (s.handle, s.pump)
            }
            old.1?.cancel()
            await old.0?.close()
        } catch let error as DeviceSideError {
            throw error
        } catch {
            throw .file(call: "open the simulator of", path: name, reason: "\(error)")
        }
        try await channel.plug()
        trace.record(name, "deviceSidePlugged")
    }

    /// The simulator left its bus: unplug the real path.
    private func detach() async throws(DeviceSideError) {
        let (handle, pump) = state.withLock { s in
            defer { s.handle = nil; s.endpoints = nil; s.pump = nil }
            return (s.handle, s.pump)
        }
        pump?.cancel()
        await handle?.close()
        try await channel.unplug()
        trace.record(name, "deviceSideUnplugged")
    }

    private func deliver(_ input: DeviceSideInput) async {
        guard let (handle, endpoints) = state.withLock({ s in s.handle.map { ($0, s.endpoints!) } }) else { return }
        do {
            switch input {
            case .bulkOut(let bytes): _ = try await handle.bulkOut(endpoint: endpoints.out, bytes, timeout: .seconds(1))
            case .control(let setup, let data):
                _ = try await handle.control(requestType: setup[0], request: setup[1], value: UInt16(setup[2]) | UInt16(setup[3]) << 8,
                                             index: UInt16(setup[4]) | UInt16(setup[5]) << 8, data: data, timeout: .seconds(1))
            }
        } catch {
            trace.record(name, "deviceSideError", [("error", "\(error)")])
        }
    }
}
