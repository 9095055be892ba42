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

    @Test func extendedAdvertisingReportsParse() {
        // Subevent 0x0D, one report: connectable legacy PDU (0x0013), random address, 1M PHY, no SID,
        // TX power 0x7F, RSSI -50, no periodic interval, no direct address, 3 data bytes.
        let report: [UInt8] = [0x13, 0x00, 0x01, 0xF5, 0xF4, 0xF3, 0xF2, 0xF1, 0xF0, 0x01, 0x00, 0xFF, 0x7F, 0xCE,
                               0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x02, 0x01, 0x06]
        let packet: [UInt8] = [0x04, 0x3E, UInt8(2 + report.count), 0x0D, 0x01] + report
        #expect(AdvertisingReport.parse(packet) == [AdvertisingReport(address: "F0:F1:F2:F3:F4:F5", randomAddress: true, data: [0x02, 0x01, 0x06], rssi: -50)])
        #expect(AdvertisingReport.parse(Array(packet.dropLast())).isEmpty)
    }
}
