import ATT
import E4Protocol
import GATT
import RigCore
import RigHost

/// EmpaLink's `EmpaticaAPI` in Swift: authentication, BLE status, lifecycle, discovery.
///
/// Authenticate first; hand the app's background and foreground transitions
/// to the API, either by calling `prepareForBackground()`/`prepareForResume()`
/// from the app's own lifecycle handlers (as EmpaLink's app delegate does) or with
/// `followAppLifecycle()`; then `discoverDevices()` returns a device manager per
/// wristband found. In the background the API optimises transmission: each band's
/// samples are delivered in batches every `backgroundBatchInterval` instead of per
/// notification, with their timestamps unchanged.
public actor EmpaticaAPI {
    public private(set) var bleStatus: BLEStatus
    /// Every BLE status change; keeps the newest 64 unread.
    public nonisolated let bleStatusUpdates: AsyncStream<BLEStatus>
    /// Whether the app is in background mode as the API sees it.
    public private(set) var isInBackground = false
    /// Why the last authentication failed; nil after a success or before any.
    public private(set) var authenticationFailure: EmpaticaAuthenticationFailure?
    /// How often samples are delivered while in the background.
    public let backgroundBatchInterval: Duration = .seconds(5)

    private let statusSink: AsyncStream<BLEStatus>.Continuation
    private let central: any BLECentral
    private let host: PhoneHost
    private let clock: any RigClock
    private let trace: TraceLog
    private let accounts: EmpaticaAccounts
    private var authenticated = false
    /// Whether the app hands its lifecycle to the API (it called a prepare method, or `followAppLifecycle()`).
    private var lifecycleImplemented = false
    /// Whether the API follows the host's app state by itself.
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
    /// The failure says why: missing or invalid key, offline, server error (`authenticationFailure`).
    public func authenticate(apiKey: String) -> (success: Bool, description: String) {
        let failure = accounts.check(apiKey)
        authenticated = failure == nil
        authenticationFailure = failure
        trace.record("empatica", "authenticate", [("success", String(failure == nil)), ("failure", failure.map(String.init(describing:)) ?? "none"),
                                                  ("key", apiKey.isEmpty ? "none" : "<redacted>")])
        return (failure == nil, failure?.description ?? "authenticated")
    }

    /// Wires the app's lifecycle: background calls `prepareForBackground()`, foreground `prepareForResume()`.
    public func followAppLifecycle() {
        lifecycleFollowed = true
        lifecycleImplemented = true
        trace.record("empatica", "lifecycleFollowed")
    }

    /// Optimises transmission for background activity: bands keep streaming, samples arrive in batches.
    /// Calling it (or `prepareForResume()`) shows the app implements its lifecycle, as EmpaLink requires.
    public func prepareForBackground() async {
        isInBackground = true
        lifecycleImplemented = true
        trace.record("empatica", "prepareForBackground")
        for (_, manager) in managers { await manager.deliverInBatches(every: backgroundBatchInterval) }
    }

    /// Resumes normal transmission for foreground activity: held samples are delivered at once, then each as it arrives.
    public func prepareForResume() async {
        isInBackground = false
        lifecycleImplemented = true
        trace.record("empatica", "prepareForResume")
        for (_, manager) in managers { await manager.deliverInBatches(every: nil) }
    }

    /// Scans for Empatica wristbands for `duration` and returns a manager for each (possibly none).
    ///
    /// The BLE status is `scanning` during the scan and `ready` after it.
    public func discoverDevices(scanFor duration: Duration = .seconds(3)) async throws(EmpaticaError) -> [EmpaticaDeviceManager] {
        guard authenticated else { throw .notAuthenticated }
        guard lifecycleImplemented else { throw .lifecycleNotPrepared }
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
                if isInBackground { await manager.deliverInBatches(every: backgroundBatchInterval) }
            }
            found.append(manager)
        }
        trace.record("empatica", "discovered", [("count", String(found.count)), ("serials", found.map(\.serialNumber).joined(separator: ","))])
        return found
    }

    private func hostChanged(_ change: HostChange) async {
        switch change {
        case .bluetooth(let on): setStatus(on ? .ready : .notAvailable)
        case .appState(.background): if lifecycleFollowed { await prepareForBackground() }
        case .appState(.foreground): if lifecycleFollowed { await prepareForResume() }
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
