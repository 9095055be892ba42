@testable import BlueZ
import Foundation
import Testing

@Suite struct BlueZTests {
    /// CI and this container have no Bluetooth: the central must say so, not crash.
    @Test func aHostWithoutBluetoothGetsAClearError() {
        guard let missing = BlueZCentral.availability() else {
            print("this host has Bluetooth; the no-Bluetooth path is not exercised here")
            return
        }
        #expect(missing == .noBluetooth)
        #expect(throws: BlueZError.noBluetooth) { try BlueZCentral(adapter: "hci0") }
        #expect("\(missing)".hasPrefix("no Bluetooth on this host"))
    }

    @Test func errnoBecomesErrorsThatSayWhatToDo() {
        #expect(BlueZError.from(-EAFNOSUPPORT, adapter: "hci0", doing: "x") == .noBluetooth)
        #expect(BlueZError.from(-ENODEV, adapter: "hci1", doing: "x") == .noAdapter("hci1"))
        #expect(BlueZError.from(-ENETDOWN, adapter: "hci0", doing: "x") == .adapterDown("hci0"))
        #expect(BlueZError.from(-EPERM, adapter: "hci0", doing: "an LE scan on hci0") == .missingCapability("CAP_NET_RAW", doing: "an LE scan on hci0"))
        #expect(BlueZError.from(-ETIMEDOUT, adapter: "hci0", address: "AA:BB:CC:DD:EE:FF", timeout: .seconds(10), doing: "connecting")
                == .notFound(address: "AA:BB:CC:DD:EE:FF", within: .seconds(10)))
        #expect("\(BlueZError.missingCapability("CAP_NET_RAW", doing: "an LE scan"))".contains("setcap"))
    }

    @Test func advertisingReportsParseAndMalformedOnesGiveNothing() {
        // HCI event 0x3E, LE advertising report, one report: ADV_IND, public, address, 3 data bytes, RSSI -60.
        let packet: [UInt8] = [0x04, 0x3E, 0x10, 0x02, 0x01, 0x00, 0x00, 0x56, 0x34, 0x12, 0x80, 0x07, 0x00, 0x03, 0x02, 0x01, 0x06, 0xC4]
        #expect(AdvertisingReport.parse(packet) == [AdvertisingReport(address: "00:07:80:12:34:56", randomAddress: false, data: [0x02, 0x01, 0x06], rssi: -60)])
        #expect(AdvertisingReport.parse(Array(packet.prefix(12))).isEmpty)
        #expect(AdvertisingReport.parse([0x04, 0x0E, 0x04, 0x01]).isEmpty)
    }
}
