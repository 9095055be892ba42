import ATT
import Testing

@Suite struct ATTPDUTests {
    static let samples: [ATTPDU] = [
        .errorResponse(request: 0x0A, handle: 0x0012, code: .readNotPermitted),
        .exchangeMTURequest(clientMTU: 247), .exchangeMTUResponse(serverMTU: 185),
        .findInformationRequest(start: 1, end: 0xFFFF),
        .findInformationResponse([(handle: 3, type: BluetoothUUID(0x2902)), (handle: 4, type: BluetoothUUID(0x2901))]),
        .findInformationResponse([(handle: 9, type: BluetoothUUID("6e400001-b5a3-f393-e0a9-e50e24dcca9e")!)]),
        .findByTypeValueRequest(start: 1, end: 0xFFFF, type: 0x2800, value: [0xA0, 0x3E]),
        .findByTypeValueResponse([(found: 1, groupEnd: 9), (found: 10, groupEnd: 14)]),
        .readByTypeRequest(start: 1, end: 20, type: .characteristic),
        .readByTypeRequest(start: 1, end: 20, type: BluetoothUUID("6e400002-b5a3-f393-e0a9-e50e24dcca9e")!),
        .readByTypeResponse([(handle: 2, value: [0x12, 3, 0, 0xA1, 0x3E]), (handle: 5, value: [0x10, 6, 0, 0xA3, 0x3E])]),
        .readRequest(handle: 3), .readResponse(value: [1, 2, 3]), .readResponse(value: []),
        .readBlobRequest(handle: 3, offset: 22), .readBlobResponse(value: [9]),
        .readMultipleRequest(handles: [3, 6]), .readMultipleResponse(values: [1, 2]),
        .readByGroupTypeRequest(start: 1, end: 0xFFFF, type: .primaryService),
        .readByGroupTypeResponse([(handle: 1, groupEnd: 9, value: [0xA0, 0x3E]), (handle: 10, groupEnd: 12, value: [0x70, 0x3E])]),
        .writeRequest(handle: 7, value: [1, 0]), .writeResponse,
        .prepareWriteRequest(handle: 7, offset: 18, value: [1, 2]), .prepareWriteResponse(handle: 7, offset: 18, value: [1, 2]),
        .executeWriteRequest(execute: true), .executeWriteRequest(execute: false), .executeWriteResponse,
        .handleValueNotification(handle: 3, value: Array(0..<20)), .handleValueIndication(handle: 3, value: [7]),
        .handleValueConfirmation, .writeCommand(handle: 14, value: [1, 0x80, 0x51, 0x01, 0x69]),
    ]

    @Test(arguments: samples.indices)
    func everyPDURoundTrips(_ index: Int) throws {
        let pdu = Self.samples[index]
        let bytes = pdu.encode()
        #expect(bytes.first == pdu.opcode.rawValue)
        #expect(try ATTPDU.decode(bytes) == pdu)
    }

    @Test func wireBytesMatchTheSpec() {
        #expect(ATTPDU.exchangeMTURequest(clientMTU: 247).encode() == [0x02, 0xF7, 0x00])
        #expect(ATTPDU.errorResponse(request: 0x0A, handle: 0x0102, code: .invalidHandle).encode() == [0x01, 0x0A, 0x02, 0x01, 0x01])
        #expect(ATTPDU.readByGroupTypeRequest(start: 1, end: 0xFFFF, type: .primaryService).encode() == [0x10, 0x01, 0x00, 0xFF, 0xFF, 0x00, 0x28])
        #expect(ATTPDU.handleValueNotification(handle: 0x000E, value: [0xAB]).encode() == [0x1B, 0x0E, 0x00, 0xAB])
    }

    @Test(arguments: [
        ([UInt8](), ATTDecodingError.empty),
        ([0x7F], .unknownOpcode(0x7F)),
        ([0x0A, 0x01], .badLength(opcode: 0x0A, length: 2, expected: "3")),
        ([0x02, 0x17, 0x00, 0x00], .badLength(opcode: 0x02, length: 4, expected: "3")),
        ([0x01, 0x0A, 0x00], .badLength(opcode: 0x01, length: 3, expected: "5")),
        ([0x05, 0x03, 0x01, 0x00, 0x02, 0x29], .badField(opcode: 0x05, field: "format", reason: "is 3, expected 1 (16-bit UUIDs) or 2 (128-bit UUIDs)")),
        ([0x05, 0x01, 0x01, 0x00, 0x02], .badLength(opcode: 0x05, length: 5, expected: "2 + a multiple of 4")),
        ([0x09, 0x01, 0x03, 0x00], .badField(opcode: 0x09, field: "length", reason: "is 1, must be at least 2")),
        ([0x09, 0x07, 0x03, 0x00, 0x12, 0x03, 0x00, 0xA1, 0x3E, 0x05], .badLength(opcode: 0x09, length: 10, expected: "2 + a multiple of 7")),
        ([0x10, 0x01, 0x00, 0xFF, 0xFF, 0x00], .badLength(opcode: 0x10, length: 6, expected: "7 or 21 (a 16- or 128-bit UUID)")),
        ([0x18, 0x02], .badField(opcode: 0x18, field: "flags", reason: "is 0x2, expected 0 or 1")),
        ([0x12, 0x07], .badLength(opcode: 0x12, length: 2, expected: "at least 3")),
        ([0x13, 0x00], .badLength(opcode: 0x13, length: 2, expected: "1")),
    ])
    func malformedPDUsAreNamedErrors(_ bytes: [UInt8], _ expected: ATTDecodingError) {
        #expect(throws: expected) { try ATTPDU.decode(bytes) }
    }

    @Test func randomBytesNeverTrap() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(state >> 59)
            var bytes: [UInt8] = []
            for i in 0..<length { bytes.append(UInt8(truncatingIfNeeded: state >> UInt64((i % 7) * 8) &+ UInt64(i))) }
            if let pdu = try? ATTPDU.decode(bytes) { #expect(pdu.encode() == bytes || pdu.opcode == .findInformationResponse) }
        }
    }

    @Test func errorMessagesNameTheOpcode() {
        #expect("\(ATTDecodingError.badLength(opcode: 0x0A, length: 2, expected: "3"))" == "ATT PDU 0x0a (ATT_READ_REQ) has 2 bytes, expected 3")
        #expect("\(ATTErrorCode.insufficientAuthentication)" == "insufficient authentication")
    }
}

@Suite struct UUIDAndAdvertisingTests {
    @Test func uuidsConvertBetweenForms() {
        let short = BluetoothUUID(0x3EA0)
        #expect(short.description == "0x3EA0")
        #expect(short.littleEndian == [0xA0, 0x3E])
        #expect(BluetoothUUID("00003ea0-0000-1000-8000-00805f9b34fb") == short)
        let long = BluetoothUUID("6E400001-B5A3-F393-E0A9-E50E24DCCA9E")!
        #expect(long.short == nil)
        #expect(long.description == "6e400001-b5a3-f393-e0a9-e50e24dcca9e")
        #expect(BluetoothUUID(littleEndian: long.littleEndian) == long)
        #expect(BluetoothUUID("not-a-uuid") == nil)
    }

    @Test func advertisingDataRoundTripsAndRejectsTruncation() throws {
        let data = AdvertisingData(localName: "Empatica E4", serviceUUIDs: [BluetoothUUID(0x3EA0), BluetoothUUID("6e400001-b5a3-f393-e0a9-e50e24dcca9e")!],
                                   manufacturerData: (0xFFFF, Array("A01234".utf8)), txPower: -4)
        let bytes = data.encode()
        #expect(try AdvertisingData.decode(bytes) == data)
        #expect(bytes.prefix(3) == [0x02, 0x01, 0x06])
        #expect(throws: AdvertisingDataError.truncated(offset: 0, length: 9, available: 3)) { try AdvertisingData.decode([0x09, 0x09, 0x45, 0x34]) }
        #expect(throws: AdvertisingDataError.self) { try AdvertisingData.decode([0x02, 0x03, 0xA0]) }
    }

    @Test func btsnoopRecordsWrapATTInACLAndL2CAP() {
        var capture = BTSnoopWriter()
        capture.append(att: [0x0A, 0x03, 0x00], direction: .sent, unixMicroseconds: 1_767_225_600_000_000)
        let bytes = capture.bytes
        #expect(Array(bytes[0..<8]) == Array("btsnoop\0".utf8))
        #expect(Array(bytes[8..<16]) == [0, 0, 0, 1, 0, 0, 0x03, 0xEA])
        let record = Array(bytes[16...])
        #expect(Array(record[0..<8]) == [0, 0, 0, 12, 0, 0, 0, 12])
        #expect(Array(record[8..<12]) == [0, 0, 0, 0], "sent by the host")
        #expect(Array(record[24...]) == [0x02, 0x40, 0x20, 0x07, 0x00, 0x03, 0x00, 0x04, 0x00, 0x0A, 0x03, 0x00])
    }
}
