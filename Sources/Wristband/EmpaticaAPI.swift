import ATT
import E4Protocol
import GATT
import RigCore
import RigHost

/// EmpaLink's `EmpaticaAPI` in Swift: authentication, BLE status, lifecycle, discovery.
///
/// Authenticate first; hand the app's background and foreground transitions
/// to the API (`followAppLifecycle(of:)`, the equivalent of implementing
/// `prepareForBackground`/`prepareForResume` in the app delegate); then
/// `discoverDevices()` returns a device manager per wristband found.
public actor EmpaticaAPI {
    public private(set) var bleStatus: BLEStatus
    /// Every BLE status change; keeps the newest 64 unread.
    public nonisolated let bleStatusUpdates: AsyncStream<BLEStatus>
    /// Whether the app is in background mode as the API sees it.
    public private(set) var isInBackground = false

    private let statusSink: AsyncStream<BLEStatus>.Continuation
    private let central: any BLECentral
    private let host: PhoneHost
    private let clock: any RigClock
    private let trace: TraceLog
    private let accounts: EmpaticaAccounts
    private var authenticated = false
    private var lifecycleFollowed = false
    /// The bands found so far, in discovery order (an array, so releasing them follows that order in every process).
    private var managers: [(address: String, manager: EmpaticaDeviceManager)] = []
    private var hostWatcher: Task<Void, Never>?

    public init(central: any BLECentral, host: PhoneHost, clock: any RigClock, trace: TraceLog,
                accounts: EmpaticaAccounts, bluetoothOn: Bool) {
        self.central = central
        self.host = host
        self.clock = clock
        self.trace = trace
        self.accounts = accounts
        bleStatus = bluetoothOn ? .ready : .notAvailable
        (bleStatusUpdates, statusSink) = AsyncStream.makeStream(of: BLEStatus.self, bufferingPolicy: .bufferingNewest(64))
    }

    /// Follows the phone's Bluetooth switch (the rig calls this once).
    public func watchBluetooth() async {
        guard hostWatcher == nil else { return }
        let changes = await host.changes()
        hostWatcher = clock.spawn { [weak self] in
            for await change in changes {
                guard let self else { return }
                await self.hostChanged(change)
            }
        }
    }

    /// Authenticates with `apiKey`; discovery fails until this succeeds. The key never reaches the trace.
    public func authenticate(apiKey: String) -> (success: Bool, description: String) {
        let result = accounts.check(apiKey)
        authenticated = result.success
        trace.record("empatica", "authenticate", [("success", String(result.success)), ("key", apiKey.isEmpty ? "none" : "<redacted>")])
        return result
    }

    /// Wires the app's lifecycle: background calls `prepareForBackground()`, foreground `prepareForResume()`.
    public func followAppLifecycle() {
        lifecycleFollowed = true
        trace.record("empatica", "lifecycleFollowed")
    }

    /// Optimises transmission for background activity (connected bands keep streaming).
    public func prepareForBackground() {
        isInBackground = true
        trace.record("empatica", "prepareForBackground")
    }

    /// Resumes normal transmission for foreground activity.
    public func prepareForResume() {
        isInBackground = false
        trace.record("empatica", "prepareForResume")
    }

    /// Scans for Empatica wristbands for `duration` and returns a manager for each (possibly none).
    ///
    /// The BLE status is `scanning` during the scan and `ready` after it.
    public func discoverDevices(scanFor duration: Duration = .seconds(3)) async throws(EmpaticaError) -> [EmpaticaDeviceManager] {
        guard authenticated else { throw .notAuthenticated }
        guard lifecycleFollowed else { throw .lifecycleNotPrepared }
        guard bleStatus != .notAvailable else { throw .bluetoothNotAvailable }
        setStatus(.scanning)
        let results: [ScanResult]
        do { results = try await central.scan(for: duration) } catch {
            setStatus(.ready)
            throw .scanFailed("\(error)")
        }
        if bleStatus == .scanning { setStatus(.ready) }
        var found: [EmpaticaDeviceManager] = []
        for result in results {
            guard result.data.serviceUUIDs.contains(E4GATT.sensorService), let name = result.data.localName, name.hasPrefix("Empatica") else { continue }
            let serial = result.data.manufacturerData.map { String(decoding: $0.data, as: UTF8.self) } ?? result.address
            let manager: EmpaticaDeviceManager
            if let known = managers.first(where: { $0.address == result.address })?.manager {
                manager = known
            } else {
                manager = EmpaticaDeviceManager(address: result.address, serialNumber: serial, name: name, central: central, clock: clock, trace: trace)
                managers.append((result.address, manager))
            }
            found.append(manager)
        }
        trace.record("empatica", "discovered", [("count", String(found.count)), ("serials", found.map(\.serialNumber).joined(separator: ","))])
        return found
    }

    private func hostChanged(_ change: HostChange) {
        switch change {
        case .bluetooth(let on): setStatus(on ? .ready : .notAvailable)
        case .appState(.background): if lifecycleFollowed { prepareForBackground() }
        case .appState(.foreground): if lifecycleFollowed { prepareForResume() }
        default: break
        }
    }

    private func setStatus(_ status: BLEStatus) {
        guard status != bleStatus else { return }
        bleStatus = status
        trace.record("empatica", "bleStatus", [("status", status.rawValue)])
        statusSink.yield(status)
    }
}
