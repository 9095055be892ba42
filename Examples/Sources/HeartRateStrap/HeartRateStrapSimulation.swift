import RigKit

/// The knobs of a simulated chest strap, as a rig file's `simulated` block gives them.
///
/// `{ "address": "C0:FF:EE:00:00:01", "heartRate": 72, "sensorContact": true, "bodyLocation": "chest",
///    "batteryPercent": 90, "kilojoulesPerHour": 1200 }` — every member optional.
public struct HeartRateStrapSimulation: Sendable, Equatable {
    public var address = "C0:FF:EE:00:00:01"
    public var heartRate = 72.0
    /// Nil: the strap does not detect skin contact at all.
    public var sensorContact: Bool? = true
    public var bodyLocation = BodySensorLocation.chest
    public var batteryPercent = 90.0
    /// The energy the wearer expends, for Energy Expended.
    public var kilojoulesPerHour = 1200.0

    public init() {}

    /// Reads the simulator's parameters of a `hr-strap` device; errors name the file, line, column and member.
    public static func from(_ spec: DeviceSpec) throws(RigFileError) -> HeartRateStrapSimulation {
        var settings = HeartRateStrapSimulation()
        guard let parameters = spec.link.simulatorParameters else { return settings }
        let m = try parameters.object(allowed: ["address", "heartRate", "sensorContact", "bodyLocation", "batteryPercent", "kilojoulesPerHour"])
        if let c = m["address"] { settings.address = try c.bluetoothAddress(example: "C0:FF:EE:00:00:01") }
        if let c = m["heartRate"] { settings.heartRate = try c.number(in: 25...250, unit: "beats per minute") }
        if let c = m["sensorContact"] {
            if case .null = c.value.content { settings.sensorContact = nil } else { settings.sensorContact = try c.bool() }
        }
        if let c = m["bodyLocation"] {
            let name = try c.choice(BodySensorLocation.allCases.map(\.name))
            settings.bodyLocation = BodySensorLocation.allCases.first { $0.name == name }!
        }
        if let c = m["batteryPercent"] { settings.batteryPercent = try c.number(in: 0...100, unit: "%") }
        if let c = m["kilojoulesPerHour"] { settings.kilojoulesPerHour = try c.number(in: 0...10_000, unit: "kJ per hour") }
        return settings
    }
}

extension DeviceKind {
    /// A chest strap speaking the standard Bluetooth Heart Rate Service.
    public static let heartRateStrap = DeviceKind(rawValue: "hr-strap")
}
