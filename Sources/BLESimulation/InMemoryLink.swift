import ATT
import GATT
import RigCore
import Synchronization

/// A BLE link between a central and a simulated peripheral, in memory, on the rig's clock.
///
/// Each PDU is delayed by the latency plus jitter (order kept), recorded in the
/// trace with its bytes, and, for notifications, lost with the configured
/// probability. Faults: `disconnect(_:)`, and `goOutOfRange()` which loses
/// everything sent until the supervision timeout ends the link.
public final class InMemoryLink: Sendable {
    /// Which end of the link.
    public enum Side: String, Sendable { case central, peripheral }

    /// The central's end (the GATT client's bearer).
    public let central: End
    /// The peripheral's end (the GATT server's bearer).
    public let peripheral: End
    /// The role of the peripheral in the rig, which names the link in the trace.
    public let name: String
    private let clock: any RigClock
    private let trace: TraceLog
    private let state: Mutex<State>

    private struct State {
        var conditions: LinkConditions
        var random: SeededGenerator
        var lastDelivery: [Side: RigInstant] = [:]
        var outOfRangeSince: RigInstant?
        var reason: LinkError?
        var supervisor: Task<Void, Never>?
        var waiters: [CheckedContinuation<LinkError, Never>] = []
    }

    public init(name: String, conditions: LinkConditions, clock: any RigClock, trace: TraceLog, random: SeededGenerator) {
        self.name = name
        self.clock = clock
        self.trace = trace
        state = Mutex(State(conditions: conditions, random: random))
        central = End(side: .central, maximumMTU: conditions.maximumMTU)
        peripheral = End(side: .peripheral, maximumMTU: conditions.maximumMTU)
        central.link = self
        peripheral.link = self
        trace.record(name, "linkUp", [("latencyMs", String(conditions.latency.nanoseconds / 1_000_000))])
    }

    /// The conditions now; scenarios may change them mid-run.
    public var conditions: LinkConditions {
        get { state.withLock { $0.conditions } }
        set { state.withLock { $0.conditions = newValue } }
    }

    /// Whether the link is up.
    public var isConnected: Bool { state.withLock { $0.reason == nil } }

    /// Ends the link at once, from either side, with `reason` (as a peripheral powering off or the central closing).
    public func disconnect(_ reason: LinkError) {
        let ended = state.withLock { s -> (Task<Void, Never>?, [CheckedContinuation<LinkError, Never>])? in
            guard s.reason == nil else { return nil }
            s.reason = reason
            defer { s.waiters = [] }
            return (s.supervisor, s.waiters)
        }
        guard let (supervisor, waiters) = ended else { return }
        supervisor?.cancel()
        for waiter in waiters { waiter.resume(returning: reason) }
        trace.record(name, "linkDown", [("reason", "\(reason)")])
        central.close(reason)
        peripheral.close(reason)
    }

    /// Waits until the link goes down and returns why.
    public func closed() async -> LinkError {
        await withCheckedContinuation { continuation in
            let reason = state.withLock { s -> LinkError? in
                if let reason = s.reason { return reason }
                s.waiters.append(continuation)
                return nil
            }
            if let reason { continuation.resume(returning: reason) }
        }
    }

    /// The peripheral leaves radio range: nothing gets through, and the link is lost after the supervision timeout.
    public func goOutOfRange() {
        let timeout = state.withLock { s -> Duration? in
            guard s.reason == nil, s.outOfRangeSince == nil else { return nil }
            s.outOfRangeSince = clock.now
            return s.conditions.supervisionTimeout
        }
        guard let timeout else { return }
        trace.record(name, "outOfRange")
        let task = clock.spawn { [weak self, clock] in
            do { try await clock.sleep(for: timeout) } catch { return }
            self?.disconnect(.supervisionTimeout(timeout))
        }
        state.withLock { $0.supervisor = task }
    }

    /// The peripheral is back in range before the supervision timeout; the link carries on.
    public func comeBackInRange() {
        let task = state.withLock { s -> Task<Void, Never>? in
            s.outOfRangeSince = nil
            defer { s.supervisor = nil }
            return s.supervisor
        }
        task?.cancel()
        trace.record(name, "inRange")
    }

    fileprivate func carry(_ pdu: [UInt8], from side: Side) throws(LinkError) {
        let target = side == .central ? peripheral : central
        enum Fate { case deliver(RigInstant), drop(String) }
        let fate = try state.withLock { s throws(LinkError) -> Fate in
            if let reason = s.reason { throw reason }
            if s.outOfRangeSince != nil { return .drop("out of range") }
            let isNotification = pdu.first == ATTOpcode.handleValueNotification.rawValue
            if isNotification && s.conditions.notificationLoss > 0 {
                let draw = Double(s.random.next() >> 11) / Double(1 << 53)
                if draw < s.conditions.notificationLoss { return .drop("lost") }
            }
            var delay = s.conditions.latency
            if s.conditions.jitter > .zero {
                let fraction = Double(s.random.next() >> 11) / Double(1 << 53)
                delay += .nanoseconds(Int64(fraction * Double(s.conditions.jitter.nanoseconds)))
            }
            let at = max(clock.now + delay, s.lastDelivery[side] ?? .zero)
            s.lastDelivery[side] = at
            return .deliver(at)
        }
        let direction = side == .central ? "tx" : "rx"
        switch fate {
        case .drop(let why):
            trace.record(name, "attDropped", [("dir", direction), ("why", why), ("pdu", Hex.encode(pdu))])
        case .deliver(let at):
            trace.record(name, "att", [("dir", direction), ("pdu", Hex.encode(pdu))])
            target.schedule(pdu, at: at, clock: clock)
        }
    }

    /// One end of the link: an `ATTBearer`.
    public final class End: ATTBearer, @unchecked Sendable {
        // `link` is set once, in the link's init, before the end is shared; everything else is behind `state`.
        fileprivate weak var link: InMemoryLink?
        public let side: Side
        public let maximumMTU: UInt16
        public let incoming: AsyncStream<[UInt8]>
        private let continuation: AsyncStream<[UInt8]>.Continuation
        private let state = Mutex<LinkError?>(nil)
        private let queue = Mutex(DeliveryQueue())

        private struct DeliveryQueue {
            var items: [(RigInstant, [UInt8])] = []
            var head = 0
            var pumping = false
        }

        init(side: Side, maximumMTU: UInt16) {
            self.side = side
            self.maximumMTU = maximumMTU
            (incoming, continuation) = AsyncStream.makeStream(of: [UInt8].self, bufferingPolicy: .unbounded)
        }

        public func send(_ pdu: [UInt8]) throws(LinkError) {
            if let reason = state.withLock({ $0 }) { throw reason }
            guard let link else { throw .disconnected("the link is gone") }
            try link.carry(pdu, from: side)
        }

        public var disconnectReason: LinkError? { state.withLock { $0 } }

        public func disconnect() async {
            link?.disconnect(.disconnected("closed by the \(side.rawValue)"))
        }

        /// Queues `pdu` for delivery at `at`; one pump task per end delivers the queue in order.
        fileprivate func schedule(_ pdu: [UInt8], at: RigInstant, clock: any RigClock) {
            let startPump = queue.withLock { q -> Bool in
                q.items.append((at, pdu))
                if q.pumping { return false }
                q.pumping = true
                return true
            }
            guard startPump else { return }
            clock.spawn { [self] in
                while true {
                    let next = queue.withLock { q -> (RigInstant, [UInt8])? in
                        guard q.head < q.items.count else {
                            q.items.removeAll(keepingCapacity: true)
                            q.head = 0
                            q.pumping = false
                            return nil
                        }
                        defer { q.head += 1 }
                        return q.items[q.head]
                    }
                    guard let (at, pdu) = next else { return }
                    if at > clock.now {
                        do { try await clock.sleep(until: at) } catch {
                            queue.withLock { $0.pumping = false }
                            return
                        }
                    }
                    guard state.withLock({ $0 == nil }) else { continue }
                    continuation.yield(pdu)
                }
            }
        }

        fileprivate func close(_ reason: LinkError) {
            state.withLock { $0 = reason }
            continuation.finish()
        }
    }
}
