import RigCore
import ScioProtocol

/// The settings of a simulated SCiO, from the rig file's `simulated` block (Docs/Scio.md lists them).
public struct ScioSimulation: Sendable {
    /// How the phone reaches the device.
    public enum Transport: String, Sendable, CaseIterable { case ble, usb }

    public var transport: Transport = .ble
    public var deviceID: ScioDeviceID
    public var name: String
    public var address: String
    /// The library material in front of the device (`ScioMaterial.library`).
    public var sample = "air"
    public var inCover = false
    public var batteryPercent = 85.0
    public var batteryHealthPercent = 95.0
    public var charging = false
    public var temperature = 25.0
    /// Scans the lamp has done before the rig starts.
    public var lampAge = 20_000.0
    /// Battery used per scan, in percent (the lamp dominates).
    public var scanDrainPercent = 0.4
    public var idleDrainPerHour = 0.5
    public var chargePerHour = 40.0
    /// At or below this charge the device refuses to scan.
    public var lowBatteryPercent = 5.0
    public var rssi = -55
    /// Share of answer notifications lost on BLE, 0…1.
    public var notificationLoss = 0.0
    /// The scan (counting from 1) during which the device drops its link, if set.
    public var disconnectDuringScan: Int?

    /// The hardware generation, from the device ID.
    public var version: ScioVersion { ScioVersion(deviceID: deviceID) ?? .v1_2 }

    public init(deviceID: ScioDeviceID, name: String, address: String) {
        self.deviceID = deviceID
        self.name = name
        self.address = address
    }

    /// The settings for `spec`, with a device ID, name and address derived from the role unless given.
    public static func from(_ spec: DeviceSpec) throws(RigFileError) -> ScioSimulation {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in spec.role.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let tail = (0..<7).map { UInt8(truncatingIfNeeded: hash >> (8 * $0)) }
        var simulation = ScioSimulation(deviceID: ScioDeviceID(bytes: [0x12] + tail)!, name: "SCiO",
                                        address: "C0:5C:10:" + tail.prefix(3).map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined(separator: ":"))
        guard let parameters = spec.link.simulatorParameters else { return simulation }
        let m = try parameters.object(allowed: [
            "transport", "deviceID", "version", "name", "address", "sample", "inCover", "batteryPercent", "batteryHealthPercent", "charging",
            "temperatureCelsius", "lampAgeScans", "scanDrainPercent", "idleDrainPerHour", "chargePerHour", "lowBatteryPercent", "rssi",
            "notificationLoss", "disconnectDuringScan",
        ])
        if let c = m["transport"] { simulation.transport = Transport(rawValue: try c.choice(Transport.allCases.map(\.rawValue)))! }
        if let c = m["deviceID"] {
            let text = try c.string()
            guard let id = ScioDeviceID(hex: text), ScioVersion(deviceID: id) != nil else {
                throw c.invalid("16 hex digits starting with a known generation code (11, 12 or 13)", found: JSONText.quote(text))
            }
            simulation.deviceID = id
        }
        if let c = m["version"] {
            let version = ScioVersion(rawValue: try c.choice(ScioVersion.known.map(\.rawValue)))
            if m["deviceID"] != nil, version != simulation.version {
                throw c.invalid("the version the deviceID encodes (\(simulation.version))", found: JSONText.quote(version.rawValue))
            }
            simulation.deviceID.bytes[0] = version.generationCode!
        }
        if let c = m["name"] {
            let name = try c.string()
            guard ScioDeviceName.validate(Array(name.utf8)) != nil else { throw c.invalid("a name of 1 to 16 bytes", found: JSONText.quote(name)) }
            simulation.name = name
        }
        if let c = m["address"] { simulation.address = try c.bluetoothAddress(example: "C0:5C:10:AA:BB:CC") }
        if let c = m["sample"] { simulation.sample = try c.choice(ScioMaterial.library.map(\.name)) }
        if let c = m["inCover"] { simulation.inCover = try c.bool() }
        if let c = m["batteryPercent"] { simulation.batteryPercent = try c.number(in: 0...100, unit: "percent") }
        if let c = m["batteryHealthPercent"] { simulation.batteryHealthPercent = try c.number(in: 0...100, unit: "percent") }
        if let c = m["charging"] { simulation.charging = try c.bool() }
        if let c = m["temperatureCelsius"] { simulation.temperature = try c.number(in: -10...50, unit: "°C") }
        if let c = m["lampAgeScans"] { simulation.lampAge = try c.number(in: 0...1_000_000, unit: "scans") }
        if let c = m["scanDrainPercent"] { simulation.scanDrainPercent = try c.number(in: 0...100, unit: "percent") }
        if let c = m["idleDrainPerHour"] { simulation.idleDrainPerHour = try c.number(in: 0...100, unit: "percent per hour") }
        if let c = m["chargePerHour"] { simulation.chargePerHour = try c.number(in: 0...1000, unit: "percent per hour") }
        if let c = m["lowBatteryPercent"] { simulation.lowBatteryPercent = try c.number(in: 0...50, unit: "percent") }
        if let c = m["rssi"] { simulation.rssi = Int(try c.integer(Int.self, in: -120...0)) }
        if let c = m["notificationLoss"] { simulation.notificationLoss = try c.number(in: 0...1) }
        if let c = m["disconnectDuringScan"] { simulation.disconnectDuringScan = Int(try c.integer(Int.self, in: 1...1_000_000)) }
        return simulation
    }
}

extension DeviceKind {
    /// ConsumerPhysics SCiO spectrometer (BLE or USB CDC).
    public static let scio = DeviceKind(rawValue: "scio")
}
