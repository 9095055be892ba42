import GATT
import Synchronization

/// The central the app's SDKs use on a rig: the simulated radio, plus a real central (BlueZ) on each adapter
/// the rig file names for real links. Scans listen on all of them at once; a connection goes to the central the
/// rig file binds the address to, else to the one that last saw it, else to the simulated radio.
final class RigCentral: BLECentral {
    private let radio: any BLECentral
    private let real: [String: any BLECentral]
    /// Adapters by address: the rig file's bindings, and what scans saw.
    private let routes = Mutex<(bound: [String: String], seen: [String: String])>(([:], [:]))

    /// `real` maps adapters to their centrals; `bound` maps addresses the rig file knows to their adapter.
    init(radio: any BLECentral, real: [String: any BLECentral], bound: [String: String]) {
        self.radio = radio
        self.real = real
        for (address, adapter) in bound { self.bind(address, to: adapter) }
    }

    /// Sends connections to `address` through the central on `adapter`, whichever adapters hear it.
    func bind(_ address: String, to adapter: String) {
        routes.withLock { $0.bound[address.uppercased()] = adapter }
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
                    routes.seen[result.address.uppercased()] = adapter
                    results.append(result)
                }
            }
        }
        return results.sorted { $0.address < $1.address }
    }

    func openBearer(to address: String, name: String) async throws(LinkError) -> any ATTBearer {
        let adapter = routes.withLock { $0.bound[address.uppercased()] ?? $0.seen[address.uppercased()] }
        if let adapter, let central = real[adapter] { return try await central.openBearer(to: address, name: name) }
        return try await radio.openBearer(to: address, name: name)
    }
}
