import CLibUSB
import Dispatch
import Foundation
import RigCore
import Synchronization
import USBLink

/// How a `LibUSBHost` learns about plugs and unplugs.
public enum USBHotplugMechanism: Sendable, Equatable, CustomStringConvertible {
    /// libusb's hotplug callbacks, handled on the host's event thread.
    case callbacks
    /// Listing the bus every `interval`; `reason` says why callbacks are not used.
    case polling(interval: Duration, reason: String)

    public var description: String {
        switch self {
        case .callbacks: return "hotplug callbacks (libusb \(LibUSBCalls.version), event thread)"
        case .polling(let interval, let reason): return "polling every \(interval) (\(reason))"
        }
    }
}

/// The USB bus of this machine through libusb: enumeration, opening by vendor, product and serial, transfers.
///
/// Enumeration and claims run on the host's serial worker queue. Bulk IN transfers are libusb's asynchronous ones,
/// completing on the host's event thread (`LibUSBEventThread`, started before the first is submitted); bulk OUT and
/// control are libusb's synchronous calls with their time limits on each handle's OUT queue. The cooperative pool
/// never blocks: results come back through continuations.
///
/// Plug and unplug (`hotplugEvents()`, which readers turn into availability) come from libusb's hotplug
/// callbacks where libusb has them (`LIBUSB_CAP_HAS_HOTPLUG`) and registering one succeeds, handled on the same
/// event thread; otherwise from listing the bus every `pollInterval` on the rig's clock.
/// `hotplugMechanism` says which runs. Either way devices are cached by bus number and address
/// (`USBDeviceCache`): a device is opened to read its strings once, not on every listing.
public final class LibUSBHost: USBHost, @unchecked Sendable {
    /// Whether to use libusb's hotplug callbacks when they work, or always poll.
    public enum HotplugPreference: Sendable { case automatic, polling }

    // `context` is created in init and destroyed in deinit; libusb contexts are thread-safe.
    private let context: OpaquePointer
    let queue = DispatchQueue(label: "rigkit.libusb")
    private let clock: any RigClock
    private let pollInterval: Duration
    private let preference: HotplugPreference
    /// Touched only on `queue`.
    private let cache = Mutex(USBDeviceCache())
    private let monitor = Mutex(Monitor())

    private struct Monitor: @unchecked Sendable {   // unchecked for the registration's pointer; it lives in the Mutex
        var started = false
        var mechanism: USBHotplugMechanism?
        var subscribers: [UInt64: AsyncStream<USBHotplugEvent>.Continuation] = [:]
        var nextID: UInt64 = 0
        var registration: HotplugRegistration?
        var eventThread: LibUSBEventThread?
        var poller: Task<Void, Never>?
        var callbackEvents = 0
        var listingEvents = 0
    }

    /// Opens a libusb context; fails when libusb cannot start (e.g. no USB support at all).
    /// `RIGKIT_USB_HOTPLUG=poll` in the environment makes `automatic` poll.
    public init(clock: any RigClock, pollInterval: Duration = .seconds(1), hotplug: HotplugPreference = .automatic) throws(USBError) {
        switch LibUSBCalls.makeContext() {
        case .success(let context): self.context = context
        case .failure(let error): throw .io("libusb_init failed: \(error)")
        }
        self.clock = clock
        self.pollInterval = pollInterval
        preference = ProcessInfo.processInfo.environment["RIGKIT_USB_HOTPLUG"] == "poll" ? .polling : hotplug
    }

    deinit {
        let (registration, thread, poller) = monitor.withLock { m in (m.registration, m.eventThread, m.poller) }
        poller?.cancel()
        if let registration { LibUSBCalls.deregisterHotplug(context, registration) }
        thread?.stop()
        LibUSBCalls.destroy(context)
        registration?.sink.release()   // no thread can be in the callback once the context is gone
    }

    /// libusb's version, e.g. `1.0.26`.
    public static var libraryVersion: String { LibUSBCalls.version }

    /// How plugs and unplugs are found, once `hotplugEvents()` started following the bus; nil before.
    public var hotplugMechanism: USBHotplugMechanism? { monitor.withLock { $0.mechanism } }

    /// Changes reported so far: by hotplug callbacks, and by listings of the bus (the poll, `devices()`, `open()`);
    /// and how many times a device was opened to read its strings.
    public var hotplugStatistics: (callbackEvents: Int, listingEvents: Int, deviceReads: Int) {
        let (c, l) = monitor.withLock { ($0.callbackEvents, $0.listingEvents) }
        return (c, l, cache.withLock { $0.reads })
    }

    public func devices() async -> [USBDeviceDescriptor] {
        await withCheckedContinuation { continuation in
            queue.async {
                let found = self.enumerate()
                for f in found { LibUSBCalls.release(f.device) }
                continuation.resume(returning: found.map(\.descriptor))
            }
        }
    }

    /// Changes from now on, from whichever mechanism runs (`hotplugMechanism`); the first call starts it.
    public func hotplugEvents() async -> AsyncStream<USBHotplugEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: USBHotplugEvent.self, bufferingPolicy: .bufferingNewest(64))
        await startMonitoring()
        let id = monitor.withLock { m -> UInt64 in
            m.nextID += 1
            m.subscribers[m.nextID] = continuation
            return m.nextID
        }
        continuation.onTermination = { [weak self] _ in _ = self?.monitor.withLock { $0.subscribers.removeValue(forKey: id) } }
        return stream
    }

    /// Starts following the bus once: fills the cache, then registers the hotplug callback (and the event thread),
    /// or starts the poll when libusb has no hotplug here, registration fails, or polling was asked for.
    private func startMonitoring() async {
        let first = monitor.withLock { m -> Bool in
            defer { m.started = true }
            return !m.started
        }
        guard first else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async {
                for f in self.enumerate() { LibUSBCalls.release(f.device) }
                let mechanism: USBHotplugMechanism
                if self.preference == .polling {
                    mechanism = .polling(interval: self.pollInterval, reason: "asked for")
                } else if !LibUSBCalls.hasHotplug {
                    mechanism = .polling(interval: self.pollInterval, reason: "libusb has no hotplug support here")
                } else {
                    switch LibUSBCalls.registerHotplug(self.context, { [weak self, queue = self.queue] device, arrived in
                        // On a thread handling libusb's events: hand over and return at once. The host is not
                        // referenced here, so its deinit never runs on the event thread (which it waits for).
                        nonisolated(unsafe) let device = device
                        queue.async { [weak self] in
                            self?.hotplugCallback(device, arrived: arrived)
                            LibUSBCalls.release(device)
                        }
                    }) {
                    case .success(let registration):
                        self.monitor.withLock { $0.registration = registration }
                        self.startEventThread()
                        mechanism = .callbacks
                    case .failure(let error):
                        mechanism = .polling(interval: self.pollInterval, reason: "libusb_hotplug_register_callback failed: \(error)")
                    }
                }
                self.monitor.withLock { $0.mechanism = mechanism }
                continuation.resume()
            }
        }
        if case .polling = hotplugMechanism {
            let poller = clock.spawn { [weak self, clock, pollInterval] in
                while !Task.isCancelled {
                    do { try await clock.sleep(for: pollInterval) } catch { return }
                    guard let self else { return }
                    _ = await self.devices()   // a listing reconciles the cache and reports what changed
                }
            }
            monitor.withLock { $0.poller = poller }
        }
    }

    /// Starts the host's event thread unless it runs already. Hotplug callbacks and asynchronous transfers complete on
    /// it, so it is started by registering the hotplug callback and before the first asynchronous transfer is
    /// submitted (also when the host polls the bus), and it runs until the host goes (`deinit`).
    func startEventThread() {
        monitor.withLock { m in
            guard m.eventThread == nil else { return }
            let thread = LibUSBEventThread(context: context)
            m.eventThread = thread
            thread.start()
        }
    }

    /// A hotplug callback's event, on `queue`.
    private func hotplugCallback(_ device: OpaquePointer, arrived: Bool) {
        let address = LibUSBCalls.busAddress(device)
        if arrived {
            guard case .success(let raw) = LibUSBCalls.deviceDescriptor(device) else { return }
            let listed = USBDeviceCache.Listed(address: address, vendorID: raw.idVendor, productID: raw.idProduct)
            switch cache.withLock({ $0.arrived(listed) { _ in Self.read(device, raw) } }) {
            case .reported(let event): emit([event], byCallback: true)
            case .known: break
            case .unreadable: listAgain(until: address)
            }
        } else if let event = cache.withLock({ $0.left(address) }) {
            emit([event], byCallback: true)
        }
    }

    /// Waits before each listing of the bus that follows a device the hotplug callback could not read.
    static let unreadableRetries: [Duration] = [.milliseconds(50), .milliseconds(100), .milliseconds(200), .milliseconds(400),
                                                .milliseconds(800), .milliseconds(1600)]

    /// A device arrived that could not be read yet (no answer to its string requests, or its node not yet open to
    /// us): lists the bus again after each of `unreadableRetries` until the device at `address` was read in full
    /// or left. The first listing reports it (read or not, so an unreadable device still shows); a later one that
    /// reads it reports it again with its strings, as the poll does. No callback comes for a device that stays.
    private func listAgain(until address: USBBusAddress) {
        clock.spawn { [weak self, clock] in
            for wait in Self.unreadableRetries {
                do { try await clock.sleep(for: wait) } catch { return }
                guard let self else { return }
                _ = await self.devices()
                if self.cache.withLock({ $0.isComplete(at: address) }) != false { return }
            }
        }
    }

    private func emit(_ events: [USBHotplugEvent], byCallback: Bool) {
        guard !events.isEmpty else { return }
        let subscribers = monitor.withLock { m in
            // Counted when someone follows the bus (the first listing, before anyone does, only fills the cache).
            if !m.subscribers.isEmpty {
                if byCallback { m.callbackEvents += events.count } else { m.listingEvents += events.count }
            }
            return Array(m.subscribers.values)
        }
        for subscriber in subscribers { for event in events { subscriber.yield(event) } }
    }

    public func open(_ match: USBDeviceMatch) async throws(USBError) -> any USBDeviceHandle {
        let result: Result<LibUSBDeviceHandle, USBError> = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.openNow(match)) }
        }
        return try result.get()
    }

    /// A device on the bus with its descriptor (strings filled when the device could be opened).
    struct Found {
        var device: OpaquePointer
        var descriptor: USBDeviceDescriptor
        var node: String
    }

    /// Lists the devices, reading only those the cache does not know, and reports what changed; call on `queue`.
    /// The caller releases each `device`.
    func enumerate() -> [Found] {
        guard case .success(let devices) = LibUSBCalls.devices(context) else { return [] }
        var listed: [(USBDeviceCache.Listed, OpaquePointer, libusb_device_descriptor)] = []
        for device in devices {
            guard case .success(let raw) = LibUSBCalls.deviceDescriptor(device) else { LibUSBCalls.release(device); continue }
            listed.append((USBDeviceCache.Listed(address: LibUSBCalls.busAddress(device), vendorID: raw.idVendor, productID: raw.idProduct), device, raw))
        }
        let byAddress = Dictionary(listed.map { ($0.0.address, ($0.1, $0.2)) }, uniquingKeysWith: { a, _ in a })
        let (events, descriptors) = cache.withLock { c in
            let events = c.reconcile(listed.map(\.0)) { l in
                let (device, raw) = byAddress[l.address]!
                return Self.read(device, raw)
            }
            return (events, listed.map { c.descriptor(at: $0.0.address) })
        }
        emit(events, byCallback: false)
        return zip(listed, descriptors).compactMap { entry, descriptor in
            guard let descriptor else { LibUSBCalls.release(entry.1); return nil }
            return Found(device: entry.1, descriptor: descriptor, node: LibUSBCalls.node(entry.1))
        }
    }

    /// Reads a device: opens it for its strings (complete when the open worked) and reads its interfaces.
    private static func read(_ device: OpaquePointer, _ raw: libusb_device_descriptor) -> USBDeviceCache.Read {
        var serial: String?, manufacturer: String?, product: String?
        var opened = false
        if case .success(let handle) = LibUSBCalls.open(device) {
            opened = true
            serial = LibUSBCalls.string(handle, index: raw.iSerialNumber)
            manufacturer = LibUSBCalls.string(handle, index: raw.iManufacturer)
            product = LibUSBCalls.string(handle, index: raw.iProduct)
            LibUSBCalls.close(handle)
        }
        let interfaces = LibUSBCalls.interfaces(device).map { i in
            USBInterfaceDescriptor(number: i.number, interfaceClass: i.cls, interfaceSubclass: i.subclass, interfaceProtocol: i.proto,
                                   endpoints: i.endpoints.map { e in
                                       USBEndpointDescriptor(address: e.0, transferType: [.control, .isochronous, .bulk, .interrupt][Int(e.1)],
                                                             maxPacketSize: e.2)
                                   })
        }
        return USBDeviceCache.Read(descriptor: USBDeviceDescriptor(
            vendorID: raw.idVendor, productID: raw.idProduct, serialNumber: serial, manufacturer: manufacturer, product: product,
            interfaces: interfaces), complete: opened && [(raw.iSerialNumber, serial), (raw.iManufacturer, manufacturer), (raw.iProduct, product)]
                .allSatisfy { index, string in index == 0 || string != nil })
    }

    private func openNow(_ match: USBDeviceMatch) -> Result<LibUSBDeviceHandle, USBError> {
        let found = enumerate()
        defer { for f in found { LibUSBCalls.release(f.device) } }
        let candidates = found.filter { $0.descriptor.vendorID == match.vendorID && $0.descriptor.productID == match.productID }
        guard let target = candidates.first(where: { match.serialNumber == nil || $0.descriptor.serialNumber == match.serialNumber }) else {
            if let unreadable = candidates.first(where: { $0.descriptor.serialNumber == nil }), match.serialNumber != nil {
                return .failure(.accessDenied(node: unreadable.node))
            }
            return .failure(.notFound(match))
        }
        switch LibUSBCalls.open(target.device) {
        case .success(let handle):
            return .success(LibUSBDeviceHandle(handle: handle, descriptor: target.descriptor, node: target.node, host: self))
        case .failure(let error):
            return .failure(error.usbError(node: target.node))
        }
    }
}

/// An open device through libusb.
///
/// Bulk IN is asynchronous: each `bulkIn` submits a libusb transfer (`libusb_submit_transfer`, from the handle's IN
/// queue) that completes on the host's event thread, whose callback resumes the waiting task's continuation; a read
/// left pending, as a reader's response loop does, holds no thread at all. Bulk OUT and control run libusb's
/// synchronous calls (with their time limits) on a serial queue of their own, never on the cooperative pool: they are
/// short, and the callers await their result anyway. `close()` stops new transfers, cancels the bulk IN transfers in
/// flight (`libusb_cancel_transfer`), waits until their callbacks ran and the synchronous transfers ended, then
/// releases the interfaces and closes on the host's queue.
final class LibUSBDeviceHandle: USBDeviceHandle, Sendable {
    let descriptor: USBDeviceDescriptor
    private let node: String
    private let host: LibUSBHost
    private let inQueue = DispatchQueue(label: "rigkit.libusb.in")
    private let outQueue = DispatchQueue(label: "rigkit.libusb.out")
    private let state: Mutex<State>

    // Unchecked only for the pointers: the state lives in the Mutex, and libusb device handles and transfers may be used
    // from any thread.
    private struct State: @unchecked Sendable {
        /// nil once closed.
        var handle: OpaquePointer?
        var claimed: [UInt8] = []
        /// Synchronous transfers running and asynchronous ones submitted whose callback has not run yet.
        var inFlight = 0
        /// Each `bulkIn` from its start until its result: the transfer once submitted (what `close()` and the task's
        /// cancellation cancel) and whether its task was cancelled. The callback removes the entry, under the lock,
        /// before the transfer is freed, so nothing cancels a freed transfer.
        var requests: [UInt64: InRequest] = [:]
        var nextRequest: UInt64 = 0
        var closing = false
        var drained: [CheckedContinuation<Void, Never>] = []
    }

    private struct InRequest {
        var transfer: BulkTransfer?
        var taskCancelled = false
    }

    init(handle: OpaquePointer, descriptor: USBDeviceDescriptor, node: String, host: LibUSBHost) {
        self.descriptor = descriptor
        self.node = node
        self.host = host
        state = Mutex(State(handle: handle))
    }

    /// Counts a transfer as ended and wakes `close()` when it was the last.
    private func ended() {
        let waiters = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            s.inFlight -= 1
            guard s.inFlight == 0 else { return [] }
            defer { s.drained = [] }
            return s.drained
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Runs `body` on `queue` with the libusb handle, counted as in flight; `.noDevice` once closing or closed.
    private func run<T: Sendable>(on queue: DispatchQueue, _ body: @escaping @Sendable (OpaquePointer) -> Result<T, USBError>) async throws(USBError) -> T {
        let result: Result<T, USBError> = await withCheckedContinuation { continuation in
            queue.async {
                let handle = self.state.withLock { s -> OpaquePointer? in
                    guard !s.closing, let handle = s.handle else { return nil }
                    s.inFlight += 1
                    return handle
                }
                guard let handle else { continuation.resume(returning: .failure(.noDevice)); return }
                let result = body(handle)
                self.ended()
                continuation.resume(returning: result)
            }
        }
        return try result.get()
    }

    func claimInterface(_ number: UInt8) async throws(USBError) {
        try await run(on: host.queue) { [self] handle -> Result<Void, USBError> in
            if let error = LibUSBCalls.detachKernelDriver(handle, interface: number), error != .notSupported {
                return .failure(error.usbError(node: node, interface: number))
            }
            if let error = LibUSBCalls.claim(handle, interface: number) { return .failure(error.usbError(node: node, interface: number)) }
            state.withLock { $0.claimed.append(number) }
            return .success(())
        }
    }

    func bulkOut(endpoint: UInt8, _ data: [UInt8], timeout: Duration) async throws(USBError) -> Int {
        try await run(on: outQueue) { [node] handle -> Result<Int, USBError> in
            var buffer = data
            let (error, sent) = LibUSBCalls.bulk(handle, endpoint: endpoint, buffer: &buffer, timeoutMilliseconds: Self.milliseconds(timeout))
            if let error { return .failure(error.usbError(node: node, endpoint: endpoint, transferred: sent, timeout: timeout)) }
            return .success(sent)
        }
    }

    func bulkIn(endpoint: UInt8, maxLength: Int, timeout: Duration) async throws(USBError) -> [UInt8] {
        let id = state.withLock { s -> UInt64 in
            s.nextRequest += 1
            s.requests[s.nextRequest] = InRequest()
            return s.nextRequest
        }
        let result: Result<[UInt8], USBError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Submitting is an ioctl (under umockdev a round trip to the launcher): on the IN queue, not the pool.
                inQueue.async {
                    self.submitIn(id, endpoint: endpoint, maxLength: maxLength, timeout: timeout) { continuation.resume(returning: $0) }
                }
            }
        } onCancel: {
            // The awaiting task was cancelled (as the simulated bus does, the transfer ends and takes nothing): cancel the
            // transfer if it is in flight, or keep it from being submitted.
            state.withLock { s in
                guard var request = s.requests[id] else { return }   // already over
                request.taskCancelled = true
                s.requests[id] = request
                if let transfer = request.transfer { LibUSBCalls.cancel(transfer) }
            }
        }
        return try result.get()
    }

    /// Submits the asynchronous bulk IN transfer of request `id`; `finish` runs once, with its result: from the callback
    /// on a thread handling libusb's events, or here when the transfer was not submitted.
    private func submitIn(_ id: UInt64, endpoint: UInt8, maxLength: Int, timeout: Duration,
                          _ finish: @escaping @Sendable (Result<[UInt8], USBError>) -> Void) {
        let node = node
        let cancelledByTask = USBError.io("bulk IN on endpoint 0x\(String(endpoint, radix: 16)) on \(node) cancelled: its task was cancelled")
        host.startEventThread()   // the callback and the time limit need a thread handling events
        guard let handle = state.withLock({ s -> OpaquePointer? in s.closing ? nil : s.handle }) else {
            state.withLock { _ = $0.requests.removeValue(forKey: id) }
            finish(.failure(.noDevice))
            return
        }
        let transfer = LibUSBCalls.bulkInTransfer(handle, endpoint: endpoint, length: maxLength,
                                                  timeoutMilliseconds: Self.milliseconds(timeout)) { [self] completion in
            // On the event thread (or a thread in a synchronous transfer): forget the transfer before libusb frees it,
            // hand the result over, and return.
            let byTask = state.withLock { $0.requests.removeValue(forKey: id)?.taskCancelled ?? false }
            if byTask, completion.status == .cancelled {
                finish(.failure(cancelledByTask))
            } else {
                finish(Self.result(completion, node: node, endpoint: endpoint, timeout: timeout))
            }
            ended()
        }
        guard let transfer else {
            state.withLock { _ = $0.requests.removeValue(forKey: id) }
            finish(.failure(.io("libusb_alloc_transfer failed for endpoint 0x\(String(endpoint, radix: 16)) on \(node)")))
            return
        }
        // Checking `closing` and the task's cancellation and submitting under one lock: `close()` and the cancellation
        // handler (which set their flag, then cancel the submitted transfer under the same lock) either see this
        // transfer or it is never submitted. libusb runs no callback inside `libusb_submit_transfer` or
        // `libusb_cancel_transfer`, and this lock is never held across a call that waits for the event thread (open,
        // close, claim, release, event handling).
        let submitted = state.withLock { s -> USBError? in
            let taskCancelled = s.requests[id]?.taskCancelled ?? true
            guard !s.closing, s.handle != nil, !taskCancelled else {
                s.requests[id] = nil
                return taskCancelled ? cancelledByTask : .noDevice
            }
            if let error = LibUSBCalls.submit(transfer) {
                s.requests[id] = nil
                return error.usbError(node: node, endpoint: endpoint, timeout: timeout)
            }
            s.requests[id]?.transfer = transfer
            s.inFlight += 1
            return nil
        }
        if let submitted {
            LibUSBCalls.discard(transfer)
            finish(.failure(submitted))
        }
    }

    /// A completed bulk IN transfer as what `bulkIn` returns.
    static func result(_ completion: TransferCompletion, node: String, endpoint: UInt8, timeout: Duration) -> Result<[UInt8], USBError> {
        let ep = "endpoint 0x\(String(endpoint, radix: 16)) on \(node)"
        switch completion.status {
        case .completed: return .success(completion.data)
        case .timedOut:
            // What arrived before the limit is data, as libusb's synchronous call returns it.
            if !completion.data.isEmpty { return .success(completion.data) }
            return .failure(.timeout(endpoint: endpoint, after: timeout, transferred: 0))
        case .noDevice: return .failure(.noDevice)
        case .stall: return .failure(.stall(endpoint: endpoint))
        case .overflow: return .failure(.overflow(endpoint: endpoint))
        case .cancelled: return .failure(.io("bulk IN on \(ep) cancelled: the handle was closed"))
        case .error: return .failure(.io("bulk IN on \(ep) failed (LIBUSB_TRANSFER_ERROR: the host controller reported an error, e.g. the device left mid-transfer)"))
        case .other: return .failure(.io("bulk IN on \(ep) ended with \(completion.status)"))
        }
    }

    func control(requestType: UInt8, request: UInt8, value: UInt16, index: UInt16, data: [UInt8], timeout: Duration) async throws(USBError) -> [UInt8] {
        try await run(on: outQueue) { [node] handle -> Result<[UInt8], USBError> in
            var buffer = requestType & 0x80 != 0 ? [UInt8](repeating: 0, count: max(data.count, 64)) : data
            switch LibUSBCalls.control(handle, requestType: requestType, request: request, value: value, index: index,
                                       buffer: &buffer, timeoutMilliseconds: Self.milliseconds(timeout)) {
            case .success(let n): return .success(requestType & 0x80 != 0 ? Array(buffer.prefix(n)) : [])
            case .failure(let error): return .failure(error.usbError(node: node, timeout: timeout))
            }
        }
    }

    func close() async {
        // No new transfers from here on; the bulk IN transfers in flight are cancelled (each then completes, with
        // CANCELLED or with what it was ending with anyway), and closing waits for their callbacks and for the
        // synchronous transfers (each has its time limit) before releasing the interfaces and closing the handle.
        state.withLock { s in
            s.closing = true
            for request in s.requests.values { if let transfer = request.transfer { LibUSBCalls.cancel(transfer) } }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let drained = state.withLock { s -> Bool in
                if s.inFlight == 0 { return true }
                s.drained.append(continuation)
                return false
            }
            if drained { continuation.resume() }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            host.queue.async { [self] in
                let (handle, claimed) = state.withLock { s -> (OpaquePointer?, [UInt8]) in
                    defer { s.handle = nil; s.claimed = [] }
                    return (s.handle, s.claimed)
                }
                if let handle {
                    for number in claimed { LibUSBCalls.release(handle, interface: number) }
                    LibUSBCalls.close(handle)
                }
                continuation.resume()
            }
        }
    }

    static func milliseconds(_ d: Duration) -> UInt32 { UInt32(clamping: max(1, d.nanoseconds / 1_000_000)) }
}

/// The host's thread that handles libusb's events: hotplug callbacks and asynchronous transfers' callbacks run from
/// `libusb_handle_events_timeout_completed` here, and libusb's transfer time limits fire here; `stop()` wakes it with `libusb_interrupt_event_handler` and waits for it to end.
final class LibUSBEventThread: @unchecked Sendable {
    // `context` outlives the thread: the host stops the thread before `libusb_exit`.
    private let context: OpaquePointer
    private let stopping = Mutex(false)
    private let ended = DispatchSemaphore(value: 0)

    init(context: OpaquePointer) { self.context = context }

    func start() {
        let thread = Thread { [self] in
            while !stopping.withLock({ $0 }) {
                if let error = LibUSBCalls.handleEvents(context, milliseconds: 500), error != .interrupted, error != .timeout {
                    Thread.sleep(forTimeInterval: 0.05)   // a failing event loop must not spin
                }
            }
            ended.signal()
        }
        thread.name = "rigkit.libusb.events"
        thread.start()
    }

    func stop() {
        stopping.withLock { $0 = true }
        LibUSBCalls.interruptEventHandler(context)
        ended.wait()
    }
}
