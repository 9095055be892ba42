import ATT
import BlueZ
@testable import RigKitBlueZ
import Testing

@Suite struct SimulatorBroadcastTests {
    @Test func advertisementsSplitBetweenDataAndScanResponse() throws {
        let e4 = AdvertisingData(localName: "Empatica E4", serviceUUIDs: [BluetoothUUID("6E400001-B5A3-F393-E0A9-E50E24DCCA9E")!],
                                 manufacturerData: (0xFFFF, Array("A01F2C".utf8)), txPower: 0).encode()
        let (data, response) = try SimulatorBroadcast.split(e4)
        #expect(data.count <= 31 && response.count <= 31)
        #expect(Array(data.prefix(3)) == [0x02, 0x01, 0x06])   // flags stay in the advertising data
        #expect(try AdvertisingData.decode(data + response) == AdvertisingData.decode(e4))
        #expect(throws: BlueZError.self) { try SimulatorBroadcast.split([UInt8](repeating: 0, count: 0) + [30] + [UInt8](repeating: 9, count: 30) + [30] + [UInt8](repeating: 9, count: 30) + [3, 9, 1, 2]) }
    }
}
