import ATT
import GATT
@testable import RigKitBLE
import Synchronization
import Testing

/// Where connections went.
private final class Opened: Sendable {
    let list = Mutex<[String]>([])
}

/// A central that hears fixed advertisers and records where connections go.
private final class FixedCentral: BLECentral {
    let name: String
    let heard: [(String, Int)]
    let opened: Opened
    init(_ name: String, heard: [(String, Int)], opened: Opened) {
        self.name = name
        self.heard = heard
        self.opened = opened
    }
    func scan(for duration: Duration) async throws -> [ScanResult] {
        heard.map { ScanResult(address: $0.0, rssi: $0.1, advertisingBytes: [], data: AdvertisingData(localName: "x")) }
    }
    func openBearer(to address: String, name: String) async throws(LinkError) -> any ATTBearer {
        opened.list.withLock { $0.append("\(self.name) \(address)") }
        throw .notFound(address: address)
    }
}

@Suite struct RigCentralTests {
    /// Two adapters hear the same bands: one result each, and a band the rig file binds goes through its adapter.
    @Test func severalAdaptersGiveOneResultPerDeviceAndBindingsWin() async throws {
        let opened = Opened()
        let radio = FixedCentral("radio", heard: [("00:07:80:00:00:09", -40)], opened: opened)
        let hci4 = FixedCentral("hci4", heard: [("AA:00:00:00:00:01", -50), ("AA:00:00:00:00:02", -40)], opened: opened)
        let hci5 = FixedCentral("hci5", heard: [("AA:00:00:00:00:01", -60), ("AA:00:00:00:00:02", -70)], opened: opened)
        let central = RigCentral(radio: radio, real: ["hci4": hci4, "hci5": hci5], bound: ["aa:00:00:00:00:02": "hci5"])
        let results: [ScanResult] = try await central.scan(for: Duration.seconds(1))
        #expect(results.map(\.address) == ["00:07:80:00:00:09", "AA:00:00:00:00:01", "AA:00:00:00:00:02"])
        #expect(results.map(\.rssi) == [-40, -50, -70])   // the strongest, except where the rig file binds the adapter
        for address in results.map(\.address) { _ = try? await central.openBearer(to: address, name: "t") }
        #expect(opened.list.withLock { $0 } == ["radio 00:07:80:00:00:09", "hci4 AA:00:00:00:00:01", "hci5 AA:00:00:00:00:02"])
    }
}
