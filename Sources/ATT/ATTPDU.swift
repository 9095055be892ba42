/// One ATT protocol data unit, decoded.
///
/// `encode()` and `decode(_:)` are exact inverses for every valid PDU; decoding
/// checks every length and field and never traps on malformed input.
public enum ATTPDU: Sendable, Equatable {
    case errorResponse(request: UInt8, handle: UInt16, code: ATTErrorCode)
    case exchangeMTURequest(clientMTU: UInt16)
    case exchangeMTUResponse(serverMTU: UInt16)
    case findInformationRequest(start: UInt16, end: UInt16)
    case findInformationResponse([(handle: UInt16, type: BluetoothUUID)])
    case findByTypeValueRequest(start: UInt16, end: UInt16, type: UInt16, value: [UInt8])
    case findByTypeValueResponse([(found: UInt16, groupEnd: UInt16)])
    case readByTypeRequest(start: UInt16, end: UInt16, type: BluetoothUUID)
    case readByTypeResponse([(handle: UInt16, value: [UInt8])])
    case readRequest(handle: UInt16)
    case readResponse(value: [UInt8])
    case readBlobRequest(handle: UInt16, offset: UInt16)
    case readBlobResponse(value: [UInt8])
    case readMultipleRequest(handles: [UInt16])
    case readMultipleResponse(values: [UInt8])
    case readByGroupTypeRequest(start: UInt16, end: UInt16, type: BluetoothUUID)
    case readByGroupTypeResponse([(handle: UInt16, groupEnd: UInt16, value: [UInt8])])
    case writeRequest(handle: UInt16, value: [UInt8])
    case writeResponse
    case prepareWriteRequest(handle: UInt16, offset: UInt16, value: [UInt8])
    case prepareWriteResponse(handle: UInt16, offset: UInt16, value: [UInt8])
    /// `execute` true writes the queued values, false cancels them.
    case executeWriteRequest(execute: Bool)
    case executeWriteResponse
    case handleValueNotification(handle: UInt16, value: [UInt8])
    case handleValueIndication(handle: UInt16, value: [UInt8])
    case handleValueConfirmation
    case writeCommand(handle: UInt16, value: [UInt8])

    public static func == (a: ATTPDU, b: ATTPDU) -> Bool { a.encode() == b.encode() }

    /// The PDU's opcode.
    public var opcode: ATTOpcode {
        switch self {
        case .errorResponse: .errorResponse
        case .exchangeMTURequest: .exchangeMTURequest
        case .exchangeMTUResponse: .exchangeMTUResponse
        case .findInformationRequest: .findInformationRequest
        case .findInformationResponse: .findInformationResponse
        case .findByTypeValueRequest: .findByTypeValueRequest
        case .findByTypeValueResponse: .findByTypeValueResponse
        case .readByTypeRequest: .readByTypeRequest
        case .readByTypeResponse: .readByTypeResponse
        case .readRequest: .readRequest
        case .readResponse: .readResponse
        case .readBlobRequest: .readBlobRequest
        case .readBlobResponse: .readBlobResponse
        case .readMultipleRequest: .readMultipleRequest
        case .readMultipleResponse: .readMultipleResponse
        case .readByGroupTypeRequest: .readByGroupTypeRequest
        case .readByGroupTypeResponse: .readByGroupTypeResponse
        case .writeRequest: .writeRequest
        case .writeResponse: .writeResponse
        case .prepareWriteRequest: .prepareWriteRequest
        case .prepareWriteResponse: .prepareWriteResponse
        case .executeWriteRequest: .executeWriteRequest
        case .executeWriteResponse: .executeWriteResponse
        case .handleValueNotification: .handleValueNotification
        case .handleValueIndication: .handleValueIndication
        case .handleValueConfirmation: .handleValueConfirmation
        case .writeCommand: .writeCommand
        }
    }

    /// The PDU's bytes.
    public func encode() -> [UInt8] {
        var w = ByteWriter()
        w.u8(opcode.rawValue)
        switch self {
        case .errorResponse(let request, let handle, let code): w.u8(request); w.u16(handle); w.u8(code.rawValue)
        case .exchangeMTURequest(let mtu), .exchangeMTUResponse(let mtu): w.u16(mtu)
        case .findInformationRequest(let s, let e): w.u16(s); w.u16(e)
        case .readRequest(let handle): w.u16(handle)
        case .findInformationResponse(let entries):
            let short = entries.first?.type.short != nil
            w.u8(short ? 1 : 2)
            for entry in entries { w.u16(entry.handle); w.bytes(entry.type.littleEndian) }
        case .findByTypeValueRequest(let s, let e, let type, let value): w.u16(s); w.u16(e); w.u16(type); w.bytes(value)
        case .findByTypeValueResponse(let entries): for entry in entries { w.u16(entry.found); w.u16(entry.groupEnd) }
        case .readByTypeRequest(let s, let e, let type), .readByGroupTypeRequest(let s, let e, let type):
            w.u16(s); w.u16(e); w.bytes(type.littleEndian)
        case .readByTypeResponse(let entries):
            w.u8(UInt8(truncatingIfNeeded: 2 + (entries.first?.value.count ?? 0)))
            for entry in entries { w.u16(entry.handle); w.bytes(entry.value) }
        case .readResponse(let value), .readBlobResponse(let value), .readMultipleResponse(let value): w.bytes(value)
        case .readBlobRequest(let handle, let offset): w.u16(handle); w.u16(offset)
        case .readMultipleRequest(let handles): for handle in handles { w.u16(handle) }
        case .readByGroupTypeResponse(let entries):
            w.u8(UInt8(truncatingIfNeeded: 4 + (entries.first?.value.count ?? 0)))
            for entry in entries { w.u16(entry.handle); w.u16(entry.groupEnd); w.bytes(entry.value) }
        case .writeRequest(let handle, let value), .writeCommand(let handle, let value),
             .handleValueNotification(let handle, let value), .handleValueIndication(let handle, let value):
            w.u16(handle); w.bytes(value)
        case .prepareWriteRequest(let handle, let offset, let value), .prepareWriteResponse(let handle, let offset, let value):
            w.u16(handle); w.u16(offset); w.bytes(value)
        case .executeWriteRequest(let execute): w.u8(execute ? 1 : 0)
        case .writeResponse, .executeWriteResponse, .handleValueConfirmation: break
        }
        return w.bytes
    }

    /// Decodes one PDU, checking lengths and fields.
    public static func decode(_ bytes: [UInt8]) throws(ATTDecodingError) -> ATTPDU {
        guard let first = bytes.first else { throw .empty }
        guard let opcode = ATTOpcode(rawValue: first) else { throw .unknownOpcode(first) }
        var r = ByteReader(bytes, opcode: first)
        let pdu: ATTPDU
        switch opcode {
        case .errorResponse:
            try r.exactly(5)
            pdu = .errorResponse(request: r.u8(), handle: r.u16(), code: ATTErrorCode(rawValue: r.u8()))
        case .exchangeMTURequest:
            try r.exactly(3)
            pdu = .exchangeMTURequest(clientMTU: r.u16())
        case .exchangeMTUResponse:
            try r.exactly(3)
            pdu = .exchangeMTUResponse(serverMTU: r.u16())
        case .findInformationRequest:
            try r.exactly(5)
            pdu = .findInformationRequest(start: r.u16(), end: r.u16())
        case .findInformationResponse:
            try r.atLeast(2)
            let format = r.u8()
            let uuidLength: Int
            switch format {
            case 1: uuidLength = 2
            case 2: uuidLength = 16
            default: throw .badField(opcode: first, field: "format", reason: "is \(format), expected 1 (16-bit UUIDs) or 2 (128-bit UUIDs)")
            }
            try r.records(of: 2 + uuidLength)
            var entries: [(UInt16, BluetoothUUID)] = []
            while !r.isAtEnd {
                let handle = r.u16()
                entries.append((handle, BluetoothUUID(littleEndian: r.take(uuidLength))!))
            }
            pdu = .findInformationResponse(entries.map { (handle: $0.0, type: $0.1) })
        case .findByTypeValueRequest:
            try r.atLeast(7)
            pdu = .findByTypeValueRequest(start: r.u16(), end: r.u16(), type: r.u16(), value: r.rest())
        case .findByTypeValueResponse:
            try r.atLeast(5)
            try r.records(of: 4)
            var entries: [(found: UInt16, groupEnd: UInt16)] = []
            while !r.isAtEnd { entries.append((r.u16(), r.u16())) }
            pdu = .findByTypeValueResponse(entries)
        case .readByTypeRequest, .readByGroupTypeRequest:
            guard bytes.count == 7 || bytes.count == 21 else {
                throw .badLength(opcode: first, length: bytes.count, expected: "7 or 21 (a 16- or 128-bit UUID)")
            }
            let start = r.u16(), end = r.u16()
            let type = BluetoothUUID(littleEndian: r.rest())!
            pdu = opcode == .readByTypeRequest ? .readByTypeRequest(start: start, end: end, type: type)
                                               : .readByGroupTypeRequest(start: start, end: end, type: type)
        case .readByTypeResponse:
            try r.atLeast(4)
            let length = Int(r.u8())
            guard length >= 2 else { throw .badField(opcode: first, field: "length", reason: "is \(length), must be at least 2") }
            try r.records(of: length)
            var entries: [(handle: UInt16, value: [UInt8])] = []
            while !r.isAtEnd { entries.append((r.u16(), r.take(length - 2))) }
            pdu = .readByTypeResponse(entries)
        case .readRequest:
            try r.exactly(3)
            pdu = .readRequest(handle: r.u16())
        case .readResponse: pdu = .readResponse(value: r.rest())
        case .readBlobRequest:
            try r.exactly(5)
            pdu = .readBlobRequest(handle: r.u16(), offset: r.u16())
        case .readBlobResponse: pdu = .readBlobResponse(value: r.rest())
        case .readMultipleRequest:
            try r.atLeast(5)
            try r.records(of: 2)
            var handles: [UInt16] = []
            while !r.isAtEnd { handles.append(r.u16()) }
            pdu = .readMultipleRequest(handles: handles)
        case .readMultipleResponse: pdu = .readMultipleResponse(values: r.rest())
        case .readByGroupTypeResponse:
            try r.atLeast(6)
            let length = Int(r.u8())
            guard length >= 4 else { throw .badField(opcode: first, field: "length", reason: "is \(length), must be at least 4") }
            try r.records(of: length)
            var entries: [(handle: UInt16, groupEnd: UInt16, value: [UInt8])] = []
            while !r.isAtEnd { entries.append((r.u16(), r.u16(), r.take(length - 4))) }
            pdu = .readByGroupTypeResponse(entries)
        case .writeRequest, .writeCommand, .handleValueNotification, .handleValueIndication:
            try r.atLeast(3)
            let handle = r.u16()
            let value = r.rest()
            switch opcode {
            case .writeRequest: pdu = .writeRequest(handle: handle, value: value)
            case .writeCommand: pdu = .writeCommand(handle: handle, value: value)
            case .handleValueNotification: pdu = .handleValueNotification(handle: handle, value: value)
            default: pdu = .handleValueIndication(handle: handle, value: value)
            }
        case .writeResponse:
            try r.exactly(1)
            pdu = .writeResponse
        case .prepareWriteRequest, .prepareWriteResponse:
            try r.atLeast(5)
            let handle = r.u16(), offset = r.u16(), value = r.rest()
            pdu = opcode == .prepareWriteRequest ? .prepareWriteRequest(handle: handle, offset: offset, value: value)
                                                 : .prepareWriteResponse(handle: handle, offset: offset, value: value)
        case .executeWriteRequest:
            try r.exactly(2)
            let flags = r.u8()
            guard flags <= 1 else { throw .badField(opcode: first, field: "flags", reason: "is 0x\(String(flags, radix: 16)), expected 0 or 1") }
            pdu = .executeWriteRequest(execute: flags == 1)
        case .executeWriteResponse:
            try r.exactly(1)
            pdu = .executeWriteResponse
        case .handleValueConfirmation:
            try r.exactly(1)
            pdu = .handleValueConfirmation
        }
        return pdu
    }
}

/// Appends little-endian fields.
struct ByteWriter {
    var bytes: [UInt8] = []
    mutating func u8(_ v: UInt8) { bytes.append(v) }
    mutating func u16(_ v: UInt16) { bytes.append(UInt8(v & 0xFF)); bytes.append(UInt8(v >> 8)) }
    mutating func bytes(_ v: [UInt8]) { bytes.append(contentsOf: v) }
}

/// Reads little-endian fields after the opcode; callers check lengths first, so reads never run past the end.
struct ByteReader {
    private let data: [UInt8]
    private var index = 1
    private let opcode: UInt8

    init(_ data: [UInt8], opcode: UInt8) {
        self.data = data
        self.opcode = opcode
    }

    var isAtEnd: Bool { index >= data.count }

    func exactly(_ n: Int) throws(ATTDecodingError) {
        guard data.count == n else { throw .badLength(opcode: opcode, length: data.count, expected: "\(n)") }
    }

    func atLeast(_ n: Int) throws(ATTDecodingError) {
        guard data.count >= n else { throw .badLength(opcode: opcode, length: data.count, expected: "at least \(n)") }
    }

    /// Checks that what is left is a whole number of `size`-byte records.
    func records(of size: Int) throws(ATTDecodingError) {
        let left = data.count - index
        guard left > 0, left % size == 0 else {
            throw .badLength(opcode: opcode, length: data.count, expected: "\(index) + a multiple of \(size)")
        }
    }

    mutating func u8() -> UInt8 {
        defer { index += 1 }
        return data[index]
    }

    mutating func u16() -> UInt16 {
        defer { index += 2 }
        return UInt16(data[index]) | UInt16(data[index + 1]) << 8
    }

    mutating func take(_ n: Int) -> [UInt8] {
        defer { index += n }
        return Array(data[index..<index + n])
    }

    mutating func rest() -> [UInt8] {
        defer { index = data.count }
        return Array(data[index...])
    }
}
