import Dispatch
import Foundation
import RigCore
import Synchronization
import USBLink

/// The USB bus of this machine through libusb: enumeration, opening by vendor, product and serial, transfers.
///
/// Enumeration and claims run on the host's serial worker queue, transfers on
/// each handle's two (bulk IN; bulk OUT and control), with libusb's synchronous
/// calls and their time limits, so the cooperative pool never blocks; results
/// come back through continuations. Plug and unplug are found by polling the
/// device list every `pollInterval` on the rig's clock (libusb's hotplug
/// callbacks need an event thread; polling works everywhere, containers included).
public final class LibUSBHost: USBHost, @unchecked Sendable {
    // `context` is created in init and destroyed in deinit; libusb contexts are thread-safe.
    private let context: OpaquePointer
    let queue = DispatchQueue(label: "rigkit.libusb")
    private let clock: any RigClock
    private let pollInterval: Duration

    /// Opens a libusb context; fails when libusb cannot start (e.g. no USB support at all).
    public init(clock: any RigClock, pollInterval: Duration = .seconds(1)) throws(USBError) {
        switch LibUSBCalls.makeContext() {
        case .success(let context): self.context = context
        case .failure(let error): throw .io("libusb_init failed: \(error)")
        }
        self.clock = clock
        self.pollInterval = pollInterval
    }

    deinit { LibUSBCalls.destroy(context) }

    /// libusb's version, e.g. `1.0.26`.
    public static var libraryVersion: String { LibUSBCalls.version }

    public func devices() async -> [USBDeviceDescriptor] {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.enumerate().map(\.descriptor)) }
        }
    }

    public func hotplugEvents() async -> AsyncStream<USBHotplugEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: USBHotplugEvent.self, bufferingPolicy: .bufferingNewest(64))
        let initial = await devices()
        let task = clock.spawn { [weak self, clock, pollInterval] in
            var known = initial
            while !Task.isCancelled {
                do { try await clock.sleep(for: pollInterval) } catch { return }
                guard let self else { return }
                let now = await self.devices()
                for left in known where !now.contains(left) { continuation.yield(.left(left)) }
                for arrived in now where !known.contains(arrived) { continuation.yield(.arrived(arrived)) }
                known = now
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
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

    /// Lists the devices; call on `queue`. The caller releases each `device`.
    func enumerate() -> [Found] {
        guard case .success(let devices) = LibUSBCalls.devices(context) else { return [] }
        var out: [Found] = []
        for device in devices {
            guard case .success(let raw) = LibUSBCalls.deviceDescriptor(device) else { LibUSBCalls.release(device); continue }
            var serial: String?, manufacturer: String?, product: String?
            if case .success(let handle) = LibUSBCalls.open(device) {
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
            out.append(Found(device: device, descriptor: USBDeviceDescriptor(
                vendorID: raw.idVendor, productID: raw.idProduct, serialNumber: serial, manufacturer: manufacturer, product: product,
                interfaces: interfaces), node: LibUSBCalls.node(device)))
        }
        return out
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
/// Bulk IN transfers run on one serial queue and bulk OUT and control transfers on another
/// (libusb's synchronous calls are safe on several threads), so a read left pending, as a
/// reader's response loop does, never holds up a command. `close()` stops new transfers,
/// waits for the ones in flight to end (each has its time limit), then releases and closes
/// on the host's queue.
final class LibUSBDeviceHandle: USBDeviceHandle, Sendable {
    let descriptor: USBDeviceDescriptor
    private let node: String
    private let host: LibUSBHost
    private let inQueue = DispatchQueue(label: "rigkit.libusb.in")
    private let outQueue = DispatchQueue(label: "rigkit.libusb.out")
    private let state: Mutex<State>

    // Unchecked only for the `OpaquePointer`: the state lives in the Mutex, and libusb device handles may be used from any thread.
    private struct State: @unchecked Sendable {
        /// nil once closed.
        var handle: OpaquePointer?
        var claimed: [UInt8] = []
        var inFlight = 0
        var closing = false
        var drained: [CheckedContinuation<Void, Never>] = []
    }

    init(handle: OpaquePointer, descriptor: USBDeviceDescriptor, node: String, host: LibUSBHost) {
        self.descriptor = descriptor
        self.node = node
        self.host = host
        state = Mutex(State(handle: handle))
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
                let waiters = self.state.withLock { s -> [CheckedContinuation<Void, Never>] in
                    s.inFlight -= 1
                    guard s.inFlight == 0 else { return [] }
                    defer { s.drained = [] }
                    return s.drained
                }
                for waiter in waiters { waiter.resume() }
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
        try await run(on: inQueue) { [node] handle -> Result<[UInt8], USBError> in
            var buffer = [UInt8](repeating: 0, count: maxLength)
            let (error, received) = LibUSBCalls.bulk(handle, endpoint: endpoint, buffer: &buffer, timeoutMilliseconds: Self.milliseconds(timeout))
            if let error, !(error == .timeout && received > 0) {
                return .failure(error.usbError(node: node, endpoint: endpoint, transferred: received, timeout: timeout))
            }
            return .success(Array(buffer.prefix(received)))
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
        // Releasing the interfaces first ends a transfer in flight on them at once (usbfs discards an interface's URBs when
        // it is released), so closing does not wait out a pending bulk IN's time limit.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (handle, claimed) = state.withLock { s -> (OpaquePointer?, [UInt8]) in
                s.closing = true
                defer { s.claimed = [] }
                return s.inFlight > 0 ? (s.handle, s.claimed) : (nil, s.claimed)
            }
            guard let handle else {
                state.withLock { $0.claimed = claimed }
                continuation.resume()
                return
            }
            nonisolated(unsafe) let open = handle   // libusb handles may be used from any thread
            host.queue.async {
                for number in claimed { LibUSBCalls.release(open, interface: number) }
                continuation.resume()
            }
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
