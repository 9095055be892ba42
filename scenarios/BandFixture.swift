import RigKitBLE
import RigCore
import RigKitWristband
import RigScenario
import Wristband
import WristbandSimulator

/// A wristband ready for a scenario: the app authenticated, its lifecycle wired, the band found by its serial number.
struct BandFixture: Sendable {
    let api: EmpaticaAPI
    let simulator: E4Simulator
    let band: EmpaticaDeviceManager
    let samples: EventLog<WristbandSample>
    let statuses: EventLog<DeviceStatus>

    /// Authenticates, follows the lifecycle, discovers and picks the band playing `role`.
    init(_ rig: LiveRig, role: String = "wristband") async throws {
        api = try await rig.empatica()
        simulator = try rig.wristbandSimulator(role)
        let outcome = await api.authenticate(apiKey: WristbandSimulation.defaultTestKey)
        try require(outcome.success, "authentication with the rig's test key")
        await api.followAppLifecycle()
        let serial = simulator.serialNumber
        band = try require(try await api.discoverDevices().first { $0.serialNumber == serial }, "band \(serial) in the scan")
        samples = rig.record(band.samples(), "\(role) samples")
        statuses = rig.record(band.statusUpdates, "\(role) status")
    }

    /// Connects and requires it to work.
    func connect(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) async throws {
        try require(await band.connect(), "connection to \(band.serialNumber)", fileID: fileID, filePath: filePath, line: line)
    }

    /// The rig times at which samples of `kind` arrived from `from` on.
    func arrivals(_ kind: WristbandSample.Kind, from: RigInstant) -> [RigInstant] {
        samples.entries.filter { $0.element.kind == kind && $0.time >= from }.map(\.time)
    }

    /// Samples of `kind` received so far, with their timestamps.
    func timestamps(_ kind: WristbandSample.Kind) -> [Double] {
        samples.entries.filter { $0.element.kind == kind }.map(\.element.timestamp)
    }
}

extension WristbandSample {
    /// The value of a scalar sample (BVP, GSR, temperature, IBI, battery).
    var value: Double? {
        switch self {
        case .bvp(let v, _), .gsr(let v, _), .temperature(let v, _), .ibi(let v, _), .battery(let v, _): v
        case .acceleration, .tag: nil
        }
    }
}
