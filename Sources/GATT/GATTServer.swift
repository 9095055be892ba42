import ATT
import RigCore
import Synchronization

/// Serves an attribute table over one ATT bearer: answers requests, tracks subscriptions, sends notifications.
///
/// Simulators give it their services and react to writes through `onWrite`;
/// dynamic reads go through `onRead`. Malformed or unsupported requests get ATT
/// error responses; commands it cannot use are dropped, as the spec says.
public actor GATTServer {
    /// Answers a write to a characteristic: nil accepts it, an error code refuses it.
    public typealias WriteHandler = @Sendable (_ characteristic: BluetoothUUID, _ value: [UInt8]) async -> ATTErrorCode?
    /// Supplies a characteristic's value when read; nil serves the stored value.
    public typealias ReadHandler = @Sendable (_ characteristic: BluetoothUUID) async -> [UInt8]?

    public private(set) var database: GATTDatabase
    /// The ATT MTU agreed with the client (23 until it asks for more).
    public private(set) var mtu: UInt16 = 23
    private let preferredMTU: UInt16
    private let bearer: any ATTBearer
    private let clock: any RigClock
    private let onWrite: WriteHandler?
    private let onRead: ReadHandler?
    private var prepared: [(handle: UInt16, offset: UInt16, value: [UInt8])] = []
    private var receiver: Task<Void, Never>?
    /// Value handles by characteristic, fixed at creation.
    private nonisolated let valueHandles: [BluetoothUUID: UInt16]
    /// The CCCD bits by value handle and the MTU, readable without entering the actor so notifications need no hop.
    private nonisolated let live = Mutex<(subscriptions: [UInt16: UInt8], mtu: UInt16)>(([:], 23))
    private var confirmation: CheckedContinuation<Bool, Never>?

    public init(database: GATTDatabase, bearer: any ATTBearer, clock: any RigClock, preferredMTU: UInt16 = 247,
                onRead: ReadHandler? = nil, onWrite: WriteHandler? = nil) {
        self.database = database
        self.bearer = bearer
        self.clock = clock
        self.preferredMTU = preferredMTU
        self.onRead = onRead
        self.onWrite = onWrite
        var handles: [BluetoothUUID: UInt16] = [:]
        for attribute in database.attributes {
            if case .characteristicValue = attribute.role { handles[attribute.type] = attribute.handle }
        }
        valueHandles = handles
    }

    /// Starts answering the client; the server stops when the link goes down.
    public func start() {
        guard receiver == nil else { return }
        let incoming = bearer.incoming
        receiver = clock.spawn { [weak self] in
            for await pdu in incoming {
                guard let self else { return }
                await self.receive(pdu)
            }
            await self?.linkDown()
        }
    }

    /// Whether the client enabled notifications (or indications) of `characteristic`.
    public nonisolated func isSubscribed(_ characteristic: BluetoothUUID) -> Bool {
        guard let handle = valueHandles[characteristic] else { return false }
        return live.withLock { ($0.subscriptions[handle] ?? 0) & 0x03 != 0 }
    }

    /// Sets the stored value of `characteristic` (what a read returns).
    public func setValue(_ value: [UInt8], of characteristic: BluetoothUUID) {
        guard let handle = database.valueHandle(of: characteristic) else { return }
        database.setValue(value, at: handle)
    }

    /// Sends a notification of `value` if the client subscribed; returns whether it was sent.
    @discardableResult
    public nonisolated func notify(_ characteristic: BluetoothUUID, _ value: [UInt8]) -> Bool {
        guard let handle = valueHandles[characteristic], isSubscribed(characteristic) else { return false }
        let mtu = live.withLock { $0.mtu }
        let payload = Array(value.prefix(Int(mtu) - 3))
        do { try bearer.send(ATTPDU.handleValueNotification(handle: handle, value: payload).encode()) } catch { return false }
        return true
    }

    /// Sends an indication and waits for the client's confirmation (up to 30 s); returns whether it was confirmed.
    public func indicate(_ characteristic: BluetoothUUID, _ value: [UInt8]) async -> Bool {
        guard let handle = database.valueHandle(of: characteristic), isSubscribed(characteristic), confirmation == nil else { return false }
        let payload = Array(value.prefix(Int(mtu) - 3))
        do { try bearer.send(ATTPDU.handleValueIndication(handle: handle, value: payload).encode()) } catch { return false }
        let timer = clock.spawn { [weak self, clock] in
            do { try await clock.sleep(for: .seconds(30)) } catch { return }
            await self?.confirm(false)
        }
        let confirmed = await withCheckedContinuation { confirmation = $0 }
        timer.cancel()
        return confirmed
    }

    private func confirm(_ value: Bool) {
        confirmation?.resume(returning: value)
        confirmation = nil
    }

    private func linkDown() {
        confirm(false)
        receiver = nil
    }

    private func receive(_ bytes: [UInt8]) async {
        let pdu: ATTPDU
        do {
            pdu = try ATTPDU.decode(bytes)
        } catch {
            guard let opcode = error.opcode else { return }
            let isCommand = opcode & 0x40 != 0
            let known = ATTOpcode(rawValue: opcode)
            if isCommand || (known != nil && !known!.isRequest) { return }
            let code: ATTErrorCode = known == nil ? .requestNotSupported : .invalidPDU
            await reply(.errorResponse(request: opcode, handle: 0, code: code))
            return
        }
        if let response = await answer(pdu) { await reply(response) }
    }

    private func reply(_ pdu: ATTPDU) async {
        try? bearer.send(pdu.encode())
    }

    private func error(_ request: ATTOpcode, _ handle: UInt16, _ code: ATTErrorCode) -> ATTPDU {
        .errorResponse(request: request.rawValue, handle: handle, code: code)
    }

    /// The response to one request, or nil for PDUs that get none.
    private func answer(_ pdu: ATTPDU) async -> ATTPDU? {
        switch pdu {
        case .exchangeMTURequest(let clientMTU):
            mtu = max(23, min(clientMTU, preferredMTU, bearer.maximumMTU))
            live.withLock { $0.mtu = mtu }
            return .exchangeMTUResponse(serverMTU: min(preferredMTU, bearer.maximumMTU))
        case .findInformationRequest(let start, let end):
            guard start != 0, start <= end else { return error(.findInformationRequest, start, .invalidHandle) }
            var entries: [(handle: UInt16, type: BluetoothUUID)] = []
            for attribute in database.range(start, end) {
                let short = attribute.type.short != nil
                if let first = entries.first, (first.type.short != nil) != short { break }
                if 2 + (entries.count + 1) * (2 + (short ? 2 : 16)) > Int(mtu) { break }
                entries.append((attribute.handle, attribute.type))
            }
            return entries.isEmpty ? error(.findInformationRequest, start, .attributeNotFound) : .findInformationResponse(entries)
        case .findByTypeValueRequest(let start, let end, let type, let value):
            guard start != 0, start <= end else { return error(.findByTypeValueRequest, start, .invalidHandle) }
            var entries: [(found: UInt16, groupEnd: UInt16)] = []
            for attribute in database.range(start, end) where attribute.type == BluetoothUUID(type) && attribute.value == value {
                if case .serviceDeclaration(let groupEnd) = attribute.role { entries.append((attribute.handle, groupEnd)) }
                else { entries.append((attribute.handle, attribute.handle)) }
                if 1 + (entries.count + 1) * 4 > Int(mtu) { break }
            }
            return entries.isEmpty ? error(.findByTypeValueRequest, start, .attributeNotFound) : .findByTypeValueResponse(entries)
        case .readByGroupTypeRequest(let start, let end, let type):
            guard start != 0, start <= end else { return error(.readByGroupTypeRequest, start, .invalidHandle) }
            guard type == .primaryService || type == .secondaryService else { return error(.readByGroupTypeRequest, start, .unsupportedGroupType) }
            var entries: [(handle: UInt16, groupEnd: UInt16, value: [UInt8])] = []
            for attribute in database.range(start, end) where attribute.type == type {
                guard case .serviceDeclaration(let groupEnd) = attribute.role else { continue }
                if let first = entries.first, first.value.count != attribute.value.count { break }
                if 2 + (entries.count + 1) * (4 + attribute.value.count) > Int(mtu) { break }
                entries.append((attribute.handle, groupEnd, attribute.value))
            }
            return entries.isEmpty ? error(.readByGroupTypeRequest, start, .attributeNotFound) : .readByGroupTypeResponse(entries)
        case .readByTypeRequest(let start, let end, let type):
            guard start != 0, start <= end else { return error(.readByTypeRequest, start, .invalidHandle) }
            var entries: [(handle: UInt16, value: [UInt8])] = []
            for attribute in database.range(start, end) where attribute.type == type {
                if case .characteristicValue(let properties) = attribute.role, !properties.contains(.read) {
                    if entries.isEmpty { return error(.readByTypeRequest, attribute.handle, .readNotPermitted) }
                    break
                }
                let value = Array(await currentValue(attribute).prefix(min(253, Int(mtu) - 4)))
                if let first = entries.first, first.value.count != value.count { break }
                if 2 + (entries.count + 1) * (2 + value.count) > Int(mtu) { break }
                entries.append((attribute.handle, value))
            }
            return entries.isEmpty ? error(.readByTypeRequest, start, .attributeNotFound) : .readByTypeResponse(entries)
        case .readRequest(let handle):
            switch readable(handle, .readRequest) {
            case .failure(let refusal): return refusal.pdu
            case .success(let attribute): return .readResponse(value: Array(await currentValue(attribute).prefix(Int(mtu) - 1)))
            }
        case .readBlobRequest(let handle, let offset):
            switch readable(handle, .readBlobRequest) {
            case .failure(let refusal): return refusal.pdu
            case .success(let attribute):
                let value = await currentValue(attribute)
                guard Int(offset) <= value.count else { return error(.readBlobRequest, handle, .invalidOffset) }
                return .readBlobResponse(value: Array(value[Int(offset)...].prefix(Int(mtu) - 1)))
            }
        case .readMultipleRequest(let handles):
            var values: [UInt8] = []
            for handle in handles {
                switch readable(handle, .readMultipleRequest) {
                case .failure(let refusal): return refusal.pdu
                case .success(let attribute): values += await currentValue(attribute)
                }
            }
            return .readMultipleResponse(values: Array(values.prefix(Int(mtu) - 1)))
        case .writeRequest(let handle, let value):
            return await write(handle, value, .writeRequest, command: false) ?? .writeResponse
        case .writeCommand(let handle, let value):
            _ = await write(handle, value, .writeCommand, command: true)
            return nil
        case .prepareWriteRequest(let handle, let offset, let value):
            guard let attribute = database.attribute(handle) else { return error(.prepareWriteRequest, handle, .invalidHandle) }
            guard case .characteristicValue(let properties) = attribute.role, properties.contains(.write) else {
                return error(.prepareWriteRequest, handle, .writeNotPermitted)
            }
            guard prepared.count < 64 else { return error(.prepareWriteRequest, handle, .prepareQueueFull) }
            prepared.append((handle, offset, value))
            return .prepareWriteResponse(handle: handle, offset: offset, value: value)
        case .executeWriteRequest(let execute):
            let queue = prepared
            prepared = []
            guard execute else { return .executeWriteResponse }
            var assembled: [UInt16: [UInt8]] = [:]
            for part in queue {
                var value = assembled[part.handle] ?? Array((database.attribute(part.handle)?.value ?? []).prefix(Int(part.offset)))
                guard Int(part.offset) <= value.count else { return error(.executeWriteRequest, part.handle, .invalidOffset) }
                value.replaceSubrange(Int(part.offset)..<min(value.count, Int(part.offset) + part.value.count), with: part.value)
                assembled[part.handle] = value
            }
            for (handle, value) in assembled.sorted(by: { $0.key < $1.key }) {
                if let refusal = await write(handle, value, .executeWriteRequest, command: false) { return refusal }
            }
            return .executeWriteResponse
        case .handleValueConfirmation:
            confirm(true)
            return nil
        case .errorResponse, .exchangeMTUResponse, .findInformationResponse, .findByTypeValueResponse, .readByTypeResponse,
             .readResponse, .readBlobResponse, .readMultipleResponse, .readByGroupTypeResponse, .writeResponse,
             .prepareWriteResponse, .executeWriteResponse, .handleValueNotification, .handleValueIndication:
            return nil
        }
    }

    private func readable(_ handle: UInt16, _ request: ATTOpcode) -> Result<Attribute, ATTPDUError> {
        guard let attribute = database.attribute(handle) else { return .failure(ATTPDUError(error(request, handle, .invalidHandle))) }
        if case .characteristicValue(let properties) = attribute.role, !properties.contains(.read) {
            return .failure(ATTPDUError(error(request, handle, .readNotPermitted)))
        }
        return .success(attribute)
    }

    private func currentValue(_ attribute: Attribute) async -> [UInt8] {
        if case .characteristicValue = attribute.role, let onRead, let dynamic = await onRead(attribute.type) { return dynamic }
        return attribute.value
    }

    /// Writes `value` at `handle`; returns an error response, or nil on success.
    private func write(_ handle: UInt16, _ value: [UInt8], _ request: ATTOpcode, command: Bool) async -> ATTPDU? {
        guard let attribute = database.attribute(handle) else { return error(request, handle, .invalidHandle) }
        switch attribute.role {
        case .clientConfiguration(let valueHandle):
            guard value.count == 2 else { return error(request, handle, .invalidAttributeValueLength) }
            database.setValue(value, at: handle)
            live.withLock { $0.subscriptions[valueHandle] = value[0] }
            return nil
        case .characteristicValue(let properties):
            guard properties.contains(command ? .writeWithoutResponse : .write) else { return error(request, handle, .writeNotPermitted) }
            if let onWrite, let refusal = await onWrite(attribute.type, value) { return error(request, handle, refusal) }
            database.setValue(value, at: handle)
            return nil
        case .serviceDeclaration, .characteristicDeclaration:
            return error(request, handle, .writeNotPermitted)
        }
    }
}

/// An error response carried through a `Result`.
struct ATTPDUError: Error {
    let pdu: ATTPDU
    init(_ pdu: ATTPDU) { self.pdu = pdu }
}
