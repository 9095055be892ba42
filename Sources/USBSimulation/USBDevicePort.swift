import RigCore
import Synchronization
import USBLink

/// The wire between one simulated device and the bus: IN data queued by the device, faults injected by scenarios.
///
/// IN data waits in a per-endpoint queue until the host reads it, as a device's
/// FIFO does; a bulk IN with nothing queued waits until data comes or its time
/// limit passes.
public final class USBDevicePort: Sendable {
    private let clock: any RigClock
    private let trace: TraceLog
    /// The role of the device in the rig, which names it in the trace.
    public let name: String
    private let state = Mutex(State())

    private struct State {
        var queues: [UInt8: [UInt8]] = [:]
        var waiters: [UInt64: (endpoint: UInt8, continuation: CheckedContinuation<Void, Never>)] = [:]
        var nextWaiter: UInt64 = 0
        var plugged = true
        var stalled: Set<UInt8> = []
        var frozen = false
    }

    init(name: String, clock: any RigClock, trace: TraceLog) {
        self.name = name
        self.clock = clock
        self.trace = trace
    }

    /// Queues `data` for the host on IN `endpoint`.
    public func send(_ data: [UInt8], endpoint: UInt8) {
        let waiters = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            guard s.plugged else { return [] }
            s.queues[endpoint, default: []] += data
            // In wait order, the same in every process (a Dictionary's order is not).
            let ready = s.waiters.keys.sorted().filter { s.waiters[$0]!.endpoint == endpoint }
            defer { for id in ready { s.waiters[id] = nil } }
            return ready.map { s.waiters[$0]!.continuation }
        }
        for waiter in waiters { waiter.resume() }
    }

    // MARK: Faults

    /// The next transfer on `endpoint` stalls.
    public func stall(endpoint: UInt8) {
        state.withLock { _ = $0.stalled.insert(endpoint) }
        trace.record(name, "usbFault", [("stall", "0x" + String(endpoint, radix: 16))])
    }

    /// The device stops completing transfers (they time out) until `thaw()`.
    public func freeze() {
        state.withLock { $0.frozen = true }
        trace.record(name, "usbFault", [("frozen", "true")])
    }

    public func thaw() { state.withLock { $0.frozen = false } }

    // MARK: The host's side

    func unplug() {
        let waiters = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            s.plugged = false
            s.queues = [:]
            defer { s.waiters = [:] }
            return s.waiters.keys.sorted().map { s.waiters[$0]!.continuation }
        }
        for waiter in waiters { waiter.resume() }
    }

    var isPlugged: Bool { state.withLock { $0.plugged } }

    /// Takes a pending stall on `endpoint`, if any.
    func takeStall(_ endpoint: UInt8) -> Bool { state.withLock { $0.stalled.remove(endpoint) != nil } }

    var isFrozen: Bool { state.withLock { $0.frozen } }

    /// Takes up to `maxLength` queued IN bytes, waiting until `deadline`; nil on time-out.
    /// A transfer whose task is cancelled or whose handle closes (`isOpen` false) fails with `.io` and takes nothing.
    func take(endpoint: UInt8, maxLength: Int, until deadline: RigInstant, isOpen: @Sendable () -> Bool) async throws(USBError) -> [UInt8]? {
        while true {
            if Task.isCancelled { throw .io("transfer cancelled") }
            if !isOpen() { throw .io("the device handle is closed") }
            let taken = state.withLock { s -> Result<[UInt8]?, USBError> in
                guard s.plugged else { return .failure(.noDevice) }
                if s.frozen { return .success(nil) }
                guard let queue = s.queues[endpoint], !queue.isEmpty else { return .success(nil) }
                let chunk = Array(queue.prefix(maxLength))
                s.queues[endpoint] = Array(queue.dropFirst(chunk.count))
                return .success(chunk)
            }
            switch taken {
            case .failure(let error): throw error
            case .success(let chunk?): return chunk
            case .success(nil): break
            }
            if clock.now >= deadline { return nil }
            let arrived = await waitForData(endpoint: endpoint, until: deadline)
            if !arrived && clock.now >= deadline {
                if case .failure(let error) = state.withLock({ $0.plugged ? Result<Void, USBError>.success(()) : .failure(.noDevice) }) { throw error }
                return nil
            }
        }
    }

    /// Waits for data on `endpoint` or the deadline; returns whether data (or an unplug) woke it.
    private func waitForData(endpoint: UInt8, until deadline: RigInstant) async -> Bool {
        let id = state.withLock { s -> UInt64 in s.nextWaiter += 1; return s.nextWaiter }
        let timer = clock.spawn { [weak self, clock] in
            do { try await clock.sleep(until: deadline) } catch { return }
            self?.wake(id)
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { s -> Bool in
                    if !s.plugged || !(s.queues[endpoint] ?? []).isEmpty && !s.frozen || Task.isCancelled { return true }
                    s.waiters[id] = (endpoint, continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            wake(id)
        }
        timer.cancel()
        return clock.now < deadline
    }

    /// Wakes every waiting transfer (a handle closed) so it can see why.
    func wakeAll() {
        let waiters = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            defer { s.waiters = [:] }
            return s.waiters.keys.sorted().map { s.waiters[$0]!.continuation }
        }
        for waiter in waiters { waiter.resume() }
    }

    private func wake(_ id: UInt64) {
        let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
        waiter?.continuation.resume()
    }
}
