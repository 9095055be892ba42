import RigKitBLE
import RigKitScio
import RigKitUSB
import RigScenario
import ScioCloud
import ScioSimulator
import Spectrometer

/// A SCiO ready for a scenario: its facade connected, its simulator for knobs, the rig's cloud.
struct ScioFixture: Sendable {
    let spectrometer: Spectrometer
    let simulator: ScioSimulator
    let cloud: ScioCloud

    /// Connects to the SCiO playing `role`.
    init(_ rig: LiveRig, role: String = "scio") async throws {
        spectrometer = try await rig.spectrometer(role)
        simulator = try await rig.scioSimulator(role)
        cloud = try rig.scioCloud()
        try await spectrometer.connect()
    }

    /// Puts the device in its cover, calibrates, takes it out and puts `sample` in front of it.
    func calibrate(thenSample sample: String) async throws {
        await simulator.setInCover(true)
        try await spectrometer.calibrate()
        await simulator.setInCover(false)
        await simulator.setSample(sample)
    }

    /// Scans `sample` (already calibrated).
    func scan(_ sample: String) async throws -> ScioReading {
        await simulator.setSample(sample)
        return try await spectrometer.scan()
    }
}

extension ScioModelResult {
    /// The estimate, when the result is one.
    var number: Double? { if case .number(let x)? = attributeValue { x } else { nil } }
    /// The class label, when the result is one.
    var label: String? { if case .label(let l)? = attributeValue { l } else { nil } }
}

extension Tag {
    /// Scenarios of the SCiO spectrometer family.
    public static let scio: Tag = "scio"
}
