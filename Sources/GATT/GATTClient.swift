import ATT
import RigCore
import Synchronization

/// The central's side of GATT over one ATT bearer: MTU, discovery, reads, writes, subscriptions.
///
/// One request is outstanding at a time (ATT is sequential); callers queue.
/// A request with no answer in 30 s of rig time fails with `timeout`.
/// Notifications reach the stream `subscribe(_:)` returned; indications are confirmed.
public actor GATTClient {
    /// The ATT MTU in use (23 until `exchangeMTU` raises it).
    public private(set) var mtu: UInt16 = 23
    /// Why the link went down, once it has.
    public private(set) var linkError: LinkError?

    private let bearer: any ATTBearer
    private let clock: any RigClock
    private let requestTimeout: Duration
    private var receiver: Task<Void, Never>?
    private var pending: (request: ATTOpcode, id: UInt64, continuation: CheckedContinuation<ATTPDU, any Error>, timer: Task<Void, Never>)?
    private var nextRequestID: UInt64 = 0
    private var queue: [CheckedContinuation<Void, Never>] = []
    private var busy = false
    /// Notification streams by value handle; read by the receive loop without entering the actor.
    private let subscribers = SubscriberTable()
    private var timedOut = false
    private var disconnectWaiters: [CheckedContinuation<LinkError, Never>] = []

    public init(bearer: any ATTBearer, clock: any RigClock, requestTimeout: Duration = .seconds(30)) {
        self.bearer = bearer
        self.clock = clock
        self.requestTimeout = requestTimeout
    }

    /// Starts reading the bearer; call once before any request.
    public func start() {
        guard receiver == nil else { return }
        let incoming = bearer.incoming
        let subscribers = subscribers
        let bearer = bearer
        receiver = clock.spawn { [weak self] in
            for await bytes in incoming {
                guard let pdu = try? ATTPDU.decode(bytes) else { continue }
                switch pdu {
                case .handleValueNotification(let handle, let value):
                    subscribers.table.withLock { $0[handle] }?.deliver(value)
                case .handleValueIndication(let handle, let value):
                    subscribers.table.withLock { $0[handle] }?.deliver(value)
                    try? bearer.send(ATTPDU.handleValueConfirmation.encode())
                default:
                    guard let self else { return }
                    await self.receive(pdu)
                }
            }
            await self?.linkWentDown()
        }
    }

    // MARK: Operations

    /// Asks for a larger MTU; returns the one in use afterwards.
    @discardableResult
    public func exchangeMTU(_ wanted: UInt16 = 247) async throws(GATTError) -> UInt16 {
        let request = ATTPDU.exchangeMTURequest(clientMTU: min(wanted, bearer.maximumMTU))
        guard case .exchangeMTUResponse(let server) = try await transact(request) else { throw unexpected(request) }
        mtu = max(23, min(wanted, server, bearer.maximumMTU))
        return mtu
    }

    /// Every primary service of the peer.
    public func discoverServices() async throws(GATTError) -> [GATTService] {
        var services: [GATTService] = []
        var start: UInt16 = 1
        while true {
            let request = ATTPDU.readByGroupTypeRequest(start: start, end: 0xFFFF, type: .primaryService)
            let response: ATTPDU
            do { response = try await transact(request) } catch .attError(_, _, .attributeNotFound) { break }
            guard case .readByGroupTypeResponse(let entries) = response, !entries.isEmpty else { throw unexpected(request) }
            for entry in entries {
                guard entry.groupEnd >= entry.handle, let uuid = BluetoothUUID(littleEndian: entry.value) else { throw unexpected(request) }
                services.append(GATTService(uuid: uuid, handles: entry.handle...entry.groupEnd))
            }
            guard let last = entries.last?.groupEnd, last < 0xFFFF, last >= start else { break }
            start = last + 1
        }
        return services
    }

    /// Every characteristic of `service`.
    public func discoverCharacteristics(of service: GATTService) async throws(GATTError) -> [GATTCharacteristic] {
        var found: [GATTCharacteristic] = []
        var start = service.handles.lowerBound
        while start <= service.handles.upperBound {
            let request = ATTPDU.readByTypeRequest(start: start, end: service.handles.upperBound, type: .characteristic)
            let response: ATTPDU
            do { response = try await transact(request) } catch .attError(_, _, .attributeNotFound) { break }
            guard case .readByTypeResponse(let entries) = response, !entries.isEmpty else { throw unexpected(request) }
            for entry in entries {
                guard entry.value.count == 5 || entry.value.count == 19,
                      let uuid = BluetoothUUID(littleEndian: entry.value[3...]) else { throw unexpected(request) }
                let valueHandle = UInt16(entry.value[1]) | UInt16(entry.value[2]) << 8
                let properties = CharacteristicProperties(rawValue: entry.value[0])
                let notifying = !properties.isDisjoint(with: [.notify, .indicate])
                found.append(GATTCharacteristic(uuid: uuid, properties: properties, declarationHandle: entry.handle,
                                                valueHandle: valueHandle, configurationHandle: notifying ? valueHandle + 1 : nil))
            }
            guard let last = entries.last?.handle, last < 0xFFFF, last >= start else { break }
            start = last + 1
        }
        return found
    }

    /// The descriptors (handle and type) between a characteristic's value and the next declaration.
    public func discoverDescriptors(of characteristic: GATTCharacteristic, in service: GATTService) async throws(GATTError) -> [(handle: UInt16, type: BluetoothUUID)] {
        var out: [(handle: UInt16, type: BluetoothUUID)] = []
        var start = characteristic.valueHandle + 1
        while start <= service.handles.upperBound {
            let request = ATTPDU.findInformationRequest(start: start, end: service.handles.upperBound)
            let response: ATTPDU
            do { response = try await transact(request) } catch .attError(_, _, .attributeNotFound) { break }
            guard case .findInformationResponse(let entries) = response, !entries.isEmpty else { throw unexpected(request) }
            for entry in entries {
                if entry.type == .characteristic { return out }
                out.append(entry)
            }
            guard let last = entries.last?.handle, last < 0xFFFF, last >= start else { break }
            start = last + 1
        }
        return out
    }

    /// The whole value at `handle`, using blob reads for values longer than one PDU.
    public func read(handle: UInt16) async throws(GATTError) -> [UInt8] {
        let request = ATTPDU.readRequest(handle: handle)
        guard case .readResponse(var value) = try await transact(request) else { throw unexpected(request) }
        var lastPart = value.count
        while lastPart == Int(mtu) - 1 && value.count < 512 {
            let blob = ATTPDU.readBlobRequest(handle: handle, offset: UInt16(truncatingIfNeeded: value.count))
            let response: ATTPDU
            do { response = try await transact(blob) } catch .attError(_, _, .attributeNotLong) { break }
            guard case .readBlobResponse(let more) = response else { throw unexpected(blob) }
            value += more
            lastPart = more.count
        }
        return value
    }

    /// Reads a characteristic's value.
    public func read(_ characteristic: GATTCharacteristic) async throws(GATTError) -> [UInt8] {
        guard characteristic.properties.contains(.read) else { throw .notPermitted(characteristic.uuid, "reading") }
        return try await read(handle: characteristic.valueHandle)
    }

    /// Writes a characteristic's value, with a response (a write request) or without (a write command).
    public func write(_ characteristic: GATTCharacteristic, _ value: [UInt8], withResponse: Bool = true) async throws(GATTError) {
        if withResponse {
            guard characteristic.properties.contains(.write) else { throw .notPermitted(characteristic.uuid, "writing with response") }
            try await write(handle: characteristic.valueHandle, value)
        } else {
            guard characteristic.properties.contains(.writeWithoutResponse) else { throw .notPermitted(characteristic.uuid, "writing without response") }
            try await command(.writeCommand(handle: characteristic.valueHandle, value: Array(value.prefix(Int(mtu) - 3))))
        }
    }

    /// Writes `value` at `handle` with a write request (or prepared writes when it is longer than one PDU).
    public func write(handle: UInt16, _ value: [UInt8]) async throws(GATTError) {
        if value.count <= Int(mtu) - 3 {
            let request = ATTPDU.writeRequest(handle: handle, value: value)
            guard case .writeResponse = try await transact(request) else { throw unexpected(request) }
            return
        }
        var offset = 0
        while offset < value.count {
            let part = Array(value[offset..<min(value.count, offset + Int(mtu) - 5)])
            let request = ATTPDU.prepareWriteRequest(handle: handle, offset: UInt16(offset), value: part)
            guard case .prepareWriteResponse(handle, UInt16(offset), part) = try await transact(request) else { throw unexpected(request) }
            offset += part.count
        }
        let execute = ATTPDU.executeWriteRequest(execute: true)
        guard case .executeWriteResponse = try await transact(execute) else { throw unexpected(execute) }
    }

    /// Turns on notifications (or indications) of `characteristic` and returns its values as they arrive.
    ///
    /// The stream keeps every value until read and ends when the link goes down.
    public func subscribe(_ characteristic: GATTCharacteristic) async throws(GATTError) -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self, bufferingPolicy: .unbounded)
        try await subscribe(characteristic, onEnd: { continuation.finish() }) { continuation.yield($0) }
        return stream
    }

    /// Turns on notifications (or indications) of `characteristic` and calls `handler` with each value, in order,
    /// on the client's receive loop; `onEnd` runs when the link goes down or the subscription ends.
    ///
    /// The handler must not block; it is the fast path for high-rate streams (no task switch per value).
    public func subscribe(_ characteristic: GATTCharacteristic, onEnd: @escaping @Sendable () -> Void = {},
                          handler: @escaping @Sendable ([UInt8]) -> Void) async throws(GATTError) {
        guard let cccd = characteristic.configurationHandle else { throw .notPermitted(characteristic.uuid, "notifications") }
        let subscriber = Subscriber(deliver: handler, finish: onEnd)
        subscribers.table.withLock { table in
            table[characteristic.valueHandle]?.finish()
            table[characteristic.valueHandle] = subscriber
        }
        let bits: UInt8 = characteristic.properties.contains(.notify) ? 0x01 : 0x02
        do { try await write(handle: cccd, [bits, 0x00]) } catch {
            _ = subscribers.table.withLock { $0.removeValue(forKey: characteristic.valueHandle) }
            onEnd()
            throw error
        }
        if let linkError { onEnd(); throw .link(linkError) }
    }

    /// Turns notifications of `characteristic` off and ends its stream.
    public func unsubscribe(_ characteristic: GATTCharacteristic) async throws(GATTError) {
        guard let cccd = characteristic.configurationHandle else { return }
        subscribers.table.withLock { $0.removeValue(forKey: characteristic.valueHandle) }?.finish()
        try await write(handle: cccd, [0x00, 0x00])
    }

    /// Waits until the link goes down and returns why.
    public func disconnected() async -> LinkError {
        if let linkError { return linkError }
        return await withCheckedContinuation { disconnectWaiters.append($0) }
    }

    /// Ends the link from the central's side.
    public func disconnect() async {
        await bearer.disconnect()
    }

    // MARK: Transactions

    private func unexpected(_ request: ATTPDU) -> GATTError {
        .unexpectedResponse(request: request.opcode, got: "a response that does not fit the request")
    }

    private func command(_ pdu: ATTPDU) async throws(GATTError) {
        if let linkError { throw .link(linkError) }
        do { try bearer.send(pdu.encode()) } catch { throw .link(error) }
    }

    /// Sends a request and waits for its response; an error response becomes `.attError`.
    private func transact(_ request: ATTPDU) async throws(GATTError) -> ATTPDU {
        await acquire()
        defer { release() }
        if let linkError { throw .link(linkError) }
        if timedOut { throw .timeout(request: request.opcode) }
        nextRequestID += 1
        let id = nextRequestID
        let response: ATTPDU
        do {
            response = try await withCheckedThrowingContinuation { continuation in
                let bytes = request.encode()
                let timer = clock.spawn { [weak self, bearer, clock, requestTimeout] in
                    do throws(LinkError) { try bearer.send(bytes) } catch {
                        await self?.fail(id, .link(error))
                        return
                    }
                    do { try await clock.sleep(for: requestTimeout) } catch { return }
                    await self?.fail(id, .timeout(request: request.opcode))
                }
                pending = (request.opcode, id, continuation, timer)
            }
        } catch let error as GATTError {
            throw error
        } catch {
            throw .link(.disconnected("\(error)"))
        }
        if case .errorResponse(let opcode, let handle, let code) = response {
            guard opcode == request.opcode.rawValue else { throw unexpected(request) }
            throw .attError(request: request.opcode, handle: handle, code: code)
        }
        return response
    }

    private func fail(_ id: UInt64, _ error: GATTError) {
        guard let current = pending, current.id == id else { return }
        pending = nil
        if case .timeout = error { timedOut = true }
        current.continuation.resume(throwing: error)
    }

    private func acquire() async {
        if !busy { busy = true; return }
        await withCheckedContinuation { queue.append($0) }
    }

    private func release() {
        if queue.isEmpty { busy = false } else { queue.removeFirst().resume() }
    }

    private func receive(_ pdu: ATTPDU) {
        guard let current = pending, Self.answers(pdu, current.request) else { return }
        pending = nil
        current.timer.cancel()
        current.continuation.resume(returning: pdu)
    }

    private static func answers(_ pdu: ATTPDU, _ request: ATTOpcode) -> Bool {
        if case .errorResponse = pdu { return true }
        return pdu.opcode.rawValue == request.rawValue + 1
    }

    private func linkWentDown() {
        let reason = bearer.disconnectReason ?? .disconnected("the bearer closed")
        linkError = reason
        if let current = pending {
            pending = nil
            current.timer.cancel()
            current.continuation.resume(throwing: GATTError.link(reason))
        }
        let all = subscribers.table.withLock { table in defer { table.removeAll() }; return table.keys.sorted().map { table[$0]! } }
        for subscriber in all { subscriber.finish() }
        for waiter in disconnectWaiters { waiter.resume(returning: reason) }
        disconnectWaiters = []
    }
}

/// Notification streams by value handle, shared by the client actor and its receive loop.
private final class SubscriberTable: Sendable {
    let table = Mutex<[UInt16: Subscriber]>([:])
}

/// Where a characteristic's values go: a handler called in the receive loop, and what to do when it ends.
private struct Subscriber: Sendable {
    let deliver: @Sendable ([UInt8]) -> Void
    let finish: @Sendable () -> Void
}
