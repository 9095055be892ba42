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
        // Several adapters hear the same device: one result per address, from the adapter the rig file binds it to,
        // else the strongest.
        var best: [String: (adapter: String?, result: ScanResult)] = [:]
        routes.withLock { routes in
            for (adapter, part) in found {
                for result in part {
                    let key = result.address.uppercased()
                    routes.seen[key] = adapter
                    let bound = routes.bound[key]
                    if let kept = best[key] {
                        let keptIsBound = bound != nil && kept.adapter == bound
                        let thisIsBound = bound != nil && adapter == bound
                        if keptIsBound || (!thisIsBound && kept.result.rssi >= result.rssi) { continue }
                    }
                    best[key] = (adapter, result)
                }
            }
            for (key, kept) in best { routes.seen[key] = kept.adapter }
        }
        return best.values.map(\.result).sorted { $0.address < $1.address }
    }

    func openBearer(to address: String, name: String) async throws(LinkError) -> any ATTBearer {
        let adapter = routes.withLock { $0.bound[address.uppercased()] ?? $0.seen[address.uppercased()] }
        if let adapter, let central = real[adapter] { return try await central.openBearer(to: address, name: name) }
        return try await radio.openBearer(to: address, name: name)
    }
}
