import ATT
import GATT
import RigCore
import Synchronization

/// A simulated peripheral the radio can find and connect to.
public protocol SimulatedPeripheral: AnyObject, Sendable {
    /// The peripheral's address, e.g. `00:07:80:12:34:56`.
    var address: String { get }
    /// What it advertises now, or nil when it is not advertising (off, connected, out of range).
    func advertisement() async -> AdvertisingData?
    /// Signal strength at the central, in dBm.
    func rssi() async -> Int
    /// Accepts a connection on `bearer` (its end of a new link); throws to refuse.
    func accept(_ link: InMemoryLink) async throws(LinkError)
}

/// The air between a central and the simulated peripherals of a rig: scans and connections.
public final class SimulatedRadio: BLECentral {
    private let clock: any RigClock
    private let trace: TraceLog
    private let seed: UInt64
    private let peripherals = Mutex<[any SimulatedPeripheral]>([])
    private let linkCount = Mutex(0)
    /// The conditions new links get.
    public let defaultConditions: Mutex<LinkConditions>

    public init(clock: any RigClock, trace: TraceLog, seed: UInt64, conditions: LinkConditions = LinkConditions()) {
        self.clock = clock
        self.trace = trace
        self.seed = seed
        defaultConditions = Mutex(conditions)
    }

    /// Puts a peripheral on the air.
    public func add(_ peripheral: any SimulatedPeripheral) {
        peripherals.withLock { $0.append(peripheral) }
    }

    /// Listens for `duration` and returns what was advertising at the end, sorted by address.
    public func scan(for duration: Duration) async throws -> [ScanResult] {
        trace.record("radio", "scanStarted", [("seconds", duration.formattedSeconds)])
        try await clock.sleep(for: duration)
        var results: [ScanResult] = []
        for peripheral in peripherals.withLock({ $0 }) {
            guard let data = await peripheral.advertisement() else { continue }
            let bytes = data.encode()
            guard let decoded = try? AdvertisingData.decode(bytes) else { continue }
            results.append(ScanResult(address: peripheral.address, rssi: await peripheral.rssi(), advertisingBytes: bytes, data: decoded))
        }
        results.sort { $0.address < $1.address }
        trace.record("radio", "scanEnded", [("found", results.map(\.address).joined(separator: ","))])
        return results
    }

    /// Connects to the advertising peripheral at `address` and returns the link (the central uses `link.central`).
    public func connect(to address: String, name: String, conditions: LinkConditions? = nil) async throws(LinkError) -> InMemoryLink {
        guard let peripheral = peripherals.withLock({ $0.first { $0.address == address } }),
              await peripheral.advertisement() != nil else {
            trace.record("radio", "connectFailed", [("address", address), ("reason", "not found")])
            throw .notFound(address: address)
        }
        let index = linkCount.withLock { $0 += 1; return $0 }
        let link = InMemoryLink(name: name, conditions: conditions ?? defaultConditions.withLock { $0 }, clock: clock, trace: trace,
                                random: SeededGenerator(seed: seed, stream: "link/\(name)/\(index)"))
        try await peripheral.accept(link)
        return link
    }

    public func openBearer(to address: String, name: String) async throws(LinkError) -> any ATTBearer {
        try await connect(to: address, name: name).central
    }
}
