import GATT
import Synchronization

/// The central the app's SDKs use on a rig: the simulated radio, plus a real central (BlueZ) on each adapter
/// the rig file names for real links. Scans listen on all of them at once; a connection goes to the central
/// that last saw the address (or that the rig file binds it to), else to the simulated radio.
final class RigCentral: BLECentral {
    private let radio: any BLECentral
    private let real: [String: any BLECentral]
    private let routes: Mutex<[String: String]>

    /// `real` maps adapters to their centrals; `bound` maps addresses the rig file knows to their adapter.
    init(radio: any BLECentral, real: [String: any BLECentral], bound: [String: String]) {
        self.radio = radio
        self.real = real
        routes = Mutex(Dictionary(uniqueKeysWithValues: bound.map { ($0.key.uppercased(), $0.value) }))
    }

    /// Sends connections to `address` through the central on `adapter` (a simulator broadcast after this central was made).
    func bind(_ address: String, to adapter: String) {
        routes.withLock { $0[address.uppercased()] = adapter }
    }

    func scan(for duration: Duration) async throws -> [ScanResult] {
        if real.isEmpty { return try await radio.scan(for: duration) }
        let found = try await withThrowingTaskGroup(of: (String?, [ScanResult]).self) { group in
            group.addTask { [radio] in (nil, try await radio.scan(for: duration)) }
            for (adapter, central) in real { group.addTask { (adapter, try await central.scan(for: duration)) } }
            var all: [(String?, [ScanResult])] = []
            for try await part in group { all.append(part) }
            return all
        }
        var results: [ScanResult] = []
        routes.withLock { routes in
            for (adapter, part) in found {
                for result in part {
                    if let adapter { routes[result.address.uppercased()] = adapter } else { routes[result.address.uppercased()] = nil }
                    results.append(result)
                }
            }
        }
        return results.sorted { $0.address < $1.address }
    }

    func openBearer(to address: String, name: String) async throws(LinkError) -> any ATTBearer {
        let adapter = routes.withLock { $0[address.uppercased()] }
        if let adapter, let central = real[adapter] { return try await central.openBearer(to: address, name: name) }
        return try await radio.openBearer(to: address, name: name)
    }
}
