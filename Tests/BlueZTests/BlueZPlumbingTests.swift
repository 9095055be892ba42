@testable import BlueZ
import ATT
import Foundation
import GATT
import Testing

/// The bytes RigKit hands the kernel (socket addresses, options, HCI commands) and how it reads the answers,
/// through `BlueZCalls` with the kernel played by `MockKernel`.
@Suite struct BlueZPlumbingTests {
    @Test func socketAddressesHaveTheKernelsLayout() {
        let address = BluetoothAddress("00:07:80:12:34:56")!
        // sockaddr_l2: family 31, PSM 0, address least significant byte first, CID 4, LE public, padding.
        #expect(BluetoothSocket.l2capAddress(address, type: .lePublic)
                == [31, 0, 0, 0, 0x56, 0x34, 0x12, 0x80, 0x07, 0x00, 4, 0, 1, 0])
        #expect(BluetoothSocket.l2capAddress(address, type: .leRandom)[12] == 2)
        #expect(BluetoothSocket.address(fromL2CAP: BluetoothSocket.l2capAddress(address, type: .lePublic)) == address)
        #expect(BluetoothSocket.address(fromL2CAP: [2, 0, 1]) == nil)
        // sockaddr_hci: family, device 3, raw channel.
        #expect(BluetoothSocket.hciAddress(device: 3) == [31, 0, 3, 0, 0, 0])
        #expect(BluetoothAddress("00:07:80:12:34") == nil)
        #expect(BluetoothAddress("00:07:80:12:34:ZZ") == nil)
        #expect(BluetoothAddress("aa:bb:cc:dd:ee:ff")?.description == "AA:BB:CC:DD:EE:FF")
    }

    @Test func optionsHaveTheKernelsLayout() {
        // hci_filter: event packets (type 4); Command Complete 0x0E and Status 0x0F in word 0, LE Meta 0x3E in word 1.
        #expect(BluetoothSocket.hciFilter(packetTypes: [0x04], events: [0x0E, 0x0F, 0x3E])
                == [0x10, 0, 0, 0, 0x00, 0xC0, 0, 0, 0, 0, 0, 0x40, 0, 0, 0, 0])
        #expect(BluetoothSocket.security(level: 3) == [3, 0])
    }

    @Test func hciCommandsAndAnswers() throws {
        #expect(HCICommand.setAdvertiseEnable(true).packet == [0x01, 0x0A, 0x20, 0x01, 0x01])
        #expect(HCICommand.setScanEnable(true).packet == [0x01, 0x0C, 0x20, 0x02, 0x01, 0x00])
        #expect(HCICommand.setScanParameters(active: true).packet == [0x01, 0x0B, 0x20, 0x07, 0x01, 0x10, 0x00, 0x10, 0x00, 0x00, 0x00])
        let parameters = HCICommand.setAdvertisingParameters().parameters
        #expect(parameters.count == 15)
        #expect(Array(parameters.prefix(5)) == [0xA0, 0x00, 0xA0, 0x00, 0x00])   // 100 ms, ADV_IND
        #expect(parameters[13] == 0x07)                                          // all three channels
        let data = try HCICommand.setAdvertisingData([0x02, 0x01, 0x06])
        #expect(data.parameters.count == 32 && Array(data.parameters.prefix(4)) == [3, 0x02, 0x01, 0x06])
        #expect(throws: BlueZError.self) { try HCICommand.setScanResponseData([UInt8](repeating: 1, count: 32)) }
        #expect(HCICommandAnswer.parse([0x04, 0x0E, 0x04, 0x01, 0x0A, 0x20, 0x0C]) == HCICommandAnswer(opcode: 0x200A, status: 0x0C))
        #expect(HCICommandAnswer.parse([0x04, 0x0F, 0x04, 0x00, 0x01, 0x0D, 0x20]) == HCICommandAnswer(opcode: 0x200D, status: 0))
        #expect(HCICommandAnswer.parse([0x04, 0x0E, 0x09, 0x01]) == nil)
        #expect(HCICommandAnswer.parse([0x04, 0x3E, 0x01, 0x02]) == nil)
    }

    @Test func theCentralChecksTheHostAndAdapterFirst() {
        #expect(throws: BlueZError.noBluetooth) { try BlueZCentral(adapter: "hci0", calls: MockKernel(failures: ["socket": -EAFNOSUPPORT]).syscalls) }
        #expect(throws: BlueZError.noAdapter("hci7")) { try BlueZCentral(adapter: "hci7", calls: MockKernel(failures: ["adapterID": -ENODEV]).syscalls) }
        let down = MockKernel(adapter: .init(name: "hci1", address: BluetoothAddress("AA:BB:CC:00:00:02")!, isUp: false))
        #expect(throws: BlueZError.adapterDown("hci1")) { try BlueZCentral(adapter: "hci1", calls: down.syscalls) }
        #expect("\(BlueZError.adapterDown("hci1"))".contains("btmgmt -i hci1 power on"))
    }

    @Test func connectingBindsTheAdapterSetsSecurityAndConnectsToCID4() throws {
        let kernel = MockKernel()
        let central = try BlueZCentral(adapter: "hci0", security: 2, randomAddresses: ["C0:5C:10:00:00:01"], calls: kernel.syscalls)
        let fd = try central.connectNow(to: "00:07:80:12:34:56")
        #expect(fd >= 10)
        let calls = kernel.calls.filter { !$0.hasPrefix("close") && !$0.hasPrefix("adapterID") }
        #expect(calls == [
            "socket(31, 3, 1)",                                         // the availability check
            "socket(31, 5, 0)",                                         // SOCK_SEQPACKET, BTPROTO_L2CAP
            "bind(\(fd), 1F 00 00 00 01 00 00 CC BB AA 04 00 01 00)",  // the adapter, LE public, CID 4
            "setsockopt(\(fd), 274, 4, 02 00)",                        // SOL_BLUETOOTH, BT_SECURITY, medium
            "nonblocking(\(fd), true)",
            "connect(\(fd), 1F 00 00 00 56 34 12 80 07 00 04 00 01 00)",
            "poll(\(fd), out)",
            "SO_ERROR(\(fd))",
            "nonblocking(\(fd), false)",
        ])
        _ = try central.connectNow(to: "c0:5c:10:00:00:01")
        #expect(kernel.calls.contains { $0.hasPrefix("connect(") && $0.hasSuffix("01 00 00 10 5C C0 04 00 02 00)") })   // random, as the rig said
        #expect(throws: BlueZError.self) { try central.connectNow(to: "not an address") }
    }

    /// The time limit only ends a hang (a regression that never closes the socket); nothing here depends on how fast the
    /// read thread gets to it.
    @Test(.timeLimit(.minutes(1))) func closingABearerEndsTheLinkWithHCIDisconnect() async throws {
        let kernel = MockKernel()
        let central = try BlueZCentral(adapter: "hci0", calls: kernel.syscalls)
        let bearer = try await central.openBearer(to: "00:07:80:12:34:56", name: "band")
        #expect(kernel.calls.contains("getsockopt(11, 6, 2, 6)"))   // SOL_L2CAP, L2CAP_CONNINFO: the link's handle
        await bearer.disconnect()
        // Disconnect (OGF 1, OCF 6) for handle 0x0040, reason 0x13, rather than the kernel's 2 s timer.
        #expect(kernel.commands.contains([0x01, 0x06, 0x04, 0x03, 0x40, 0x00, 0x13]))
        #expect(bearer.disconnectReason != nil)
        #expect(kernel.calls.contains("shutdown(11)"))
        // The read thread closes the socket once it has stopped polling it: waited for until it does, with no clock.
        await kernel.called("close(11)")
        #expect(kernel.calls.contains("close(11)"))
    }

    @Test func aSupervisionTimeOutFallsBackWhereTheControllerRefusesItsReason() async throws {
        let kernel = MockKernel(statuses: [0x0406: 0x12])
        let central = try BlueZCentral(adapter: "hci0", calls: kernel.syscalls)
        let fd = try central.connectNow(to: "00:07:80:12:34:56")
        let termination = try #require(LinkTermination(socket: fd, adapterID: 0, adapter: "hci0", calls: kernel.syscalls))
        kernel.statuses.withLock { $0 = [:] }
        #expect(termination.disconnect(reason: 0x08) == nil)
        #expect(kernel.commands.last == [0x01, 0x06, 0x04, 0x03, 0x40, 0x00, 0x08])
        kernel.statuses.withLock { $0 = [0x0406: 0x12] }
        _ = termination.disconnect(reason: 0x08)   // refused as 0x08, sent again as 0x13
        #expect(Array(kernel.commands.suffix(2)) == [[0x01, 0x06, 0x04, 0x03, 0x40, 0x00, 0x08], [0x01, 0x06, 0x04, 0x03, 0x40, 0x00, 0x13]])
    }

    @Test func connectionFailuresSayWhatHappened() throws {
        let silent = try BlueZCentral(adapter: "hci0", connectTimeout: .seconds(3), calls: MockKernel(failures: ["poll-out": 0]).syscalls)
        #expect(throws: BlueZError.notFound(address: "00:07:80:12:34:56", within: .seconds(3))) { try silent.connectNow(to: "00:07:80:12:34:56") }
        let refusing = try BlueZCentral(adapter: "hci0", calls: MockKernel(connectError: ECONNREFUSED).syscalls)
        #expect(throws: BlueZError.refused(address: "00:07:80:12:34:56")) { try refusing.connectNow(to: "00:07:80:12:34:56") }
        let kernel = MockKernel(failures: ["connect": -EHOSTDOWN])
        let down = try BlueZCentral(adapter: "hci0", calls: kernel.syscalls)
        #expect(throws: BlueZError.adapterDown("hci0")) { try down.connectNow(to: "00:07:80:12:34:56") }
        #expect(kernel.calls.filter { $0.hasPrefix("close(") }.count == 2)   // the availability probe and the failed socket
    }

    @Test func aScanMergesAdvertisingAndScanResponsePerDevice() throws {
        // ADV_IND with flags, then SCAN_RSP with the name "E4", from 00:07:80:12:34:56 (public).
        let advertising: [UInt8] = [0x04, 0x3E, 0x0F, 0x02, 0x01, 0x00, 0x00, 0x56, 0x34, 0x12, 0x80, 0x07, 0x00, 0x03, 0x02, 0x01, 0x06, 0xC4]
        let response: [UInt8] = [0x04, 0x3E, 0x0F, 0x02, 0x01, 0x04, 0x00, 0x56, 0x34, 0x12, 0x80, 0x07, 0x00, 0x03, 0x02, 0x09, 0x45, 0xC0]
        let kernel = MockKernel(reports: [advertising, response, advertising])
        let central = try BlueZCentral(adapter: "hci0", calls: kernel.syscalls)
        let (results, random) = try central.scanNow(for: .milliseconds(60))
        #expect(random.isEmpty)
        #expect(results.count == 1)
        #expect(results.first?.address == "00:07:80:12:34:56")
        #expect(results.first?.data.localName == "E")
        #expect(results.first?.data.flags == 0x06)
        #expect(results.first?.rssi == -60)
        // Scan parameters, enable, disable: each command answered before the next.
        #expect(kernel.commands.map { $0[1] } == [0x0B, 0x0C, 0x0C])
        #expect(kernel.calls.contains("setsockopt(11, 0, 2, 10 00 00 00 00 C0 00 00 00 00 00 40 00 00 00 00)"))
    }

    @Test func aScanWithoutCapabilityNamesCAP_NET_RAW() throws {
        let kernel = MockKernel()
        let central = try BlueZCentral(adapter: "hci0", calls: kernel.syscalls)
        kernel.failures.withLock { $0["socket"] = -EPERM }
        #expect(throws: BlueZError.missingCapability("CAP_NET_RAW", doing: "an LE scan on hci0")) { try central.scanNow(for: .milliseconds(10)) }
    }

    @Test func thePeripheralListensOnTheATTChannelAndAdvertisesInOrder() throws {
        let kernel = MockKernel()
        let peripheral = try BlueZPeripheral(adapter: "hci0", calls: kernel.syscalls)
        #expect(peripheral.address.description == "AA:BB:CC:00:00:01")
        #expect(kernel.calls.contains("bind(11, 1F 00 00 00 01 00 00 CC BB AA 04 00 01 00)"))
        #expect(kernel.calls.contains("listen(11, 1)"))
        try peripheral.advertiseNow([0x02, 0x01, 0x06], scanResponse: [0x03, 0x09, 0x45, 0x34])
        // Advertising off, parameters, data, scan response, on.
        #expect(kernel.commands.map { $0[1] } == [0x0A, 0x06, 0x08, 0x09, 0x0A])
        #expect(kernel.commands.last == [0x01, 0x0A, 0x20, 0x01, 0x01])
        #expect(Array(kernel.commands[3].prefix(8)) == [0x01, 0x09, 0x20, 32, 4, 0x03, 0x09, 0x45])
        let (fd, central) = try peripheral.acceptNow()
        #expect(fd == 99 && central == "11:22:33:44:55:66")
        peripheral.close()
        #expect(throws: BlueZError.self) { try peripheral.acceptNow() }
    }

    @Test func aControllerThatRefusesAdvertisingIsNamed() throws {
        let kernel = MockKernel(statuses: [0x2006: 0x12])
        let peripheral = try BlueZPeripheral(adapter: "hci0", calls: kernel.syscalls)
        #expect(throws: BlueZError.controller(command: "LE Set Advertising Parameters (0x2006)", status: 0x12, adapter: "hci0")) {
            try peripheral.advertiseNow([0x02, 0x01, 0x06], scanResponse: [])
        }
        #expect("\(BlueZError.controller(command: "LE Set Advertising Parameters (0x2006)", status: 0x12, adapter: "hci0"))"
                == "adapter hci0 refused LE Set Advertising Parameters (0x2006): invalid HCI command parameters (is bluetoothd or another program using it? `btmgmt -i hci0 info`)")
    }

    @Test func aBusyATTChannelIsNamed() {
        let kernel = MockKernel(failures: ["bind": -EADDRINUSE])
        #expect {
            try BlueZPeripheral(adapter: "hci0", calls: kernel.syscalls)
        } throws: { error in
            "\(error)".contains("another ATT server listens on hci0")
        }
    }
}
