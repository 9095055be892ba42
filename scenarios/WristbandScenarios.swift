import E4Protocol
import RigCore
import RigScenario
import Wristband
import WristbandSimulator

/// The Empatica wristbands: authentication, discovery, connection, streams, faults.
enum WristbandScenarios {
    static var all: [Scenario] { [smoke] }

    static let smoke = Scenario("Wristband: smoke", .tags(.wristband)) { rig in
        let api = try await rig.empatica()
        Step("stream a minute") {
            _ = await api.authenticate(apiKey: WristbandSimulation.defaultTestKey)
            await api.followAppLifecycle()
            let devices = try await api.discoverDevices()
            try require(devices.count, equals: 3, "devices")
            let band = try require(devices.first { $0.serialNumber == "A01F2C" }, "band")
            let samples = rig.record(band.samples, "samples")
            try require(await band.connect(), "connected")
            try await wait(.seconds(60))
            let counts = Dictionary(grouping: samples.entries, by: { $0.element.kind }).mapValues(\.count)
            rig.trace.record("test", "counts", counts.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key.rawValue, String($0.value)) })
            for (kind, count) in counts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) { measure("\(kind.rawValue) samples", Double(count), unit: "") }
        }
    }
}

extension Tag {
    /// Scenarios of the Empatica wristbands.
    public static let wristband: Tag = "wristband"
}
