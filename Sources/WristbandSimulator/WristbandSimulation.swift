import Foundation
import RigCore

/// The settings of a simulated wristband, from the rig file's `simulated` block.
public struct WristbandSimulation: Sendable, Equatable {
    /// `E4` or `E3`.
    public var model: String = "E4"
    /// The serial number it advertises, e.g. `A01F2C`.
    public var serialNumber: String
    /// Its Bluetooth address.
    public var address: String
    public var heartRate: Double = 70
    /// Activity, 0…1.
    public var motion: Double = 0
    /// How the band is held at rest (the axis gravity shows on).
    public var posture: WristPosture = .dialUp
    /// The E4's firmware (tags from 2.0 on).
    public var firmware: E4Firmware = .current
    public var batteryPercent: Double = 90
    /// Battery use per hour while streaming, in percent.
    public var streamingDrainPerHour: Double = 10
    /// Battery use per hour while not streaming, in percent.
    public var idleDrainPerHour: Double = 0.5
    /// Signal strength at the phone, dBm.
    public var rssi: Int = -60
    /// Seconds after streaming starts before IBIs are sent.
    public var ibiWarmUp: Double = 20
    /// Whether it is switched on at rig start.
    public var poweredOn = true
    /// Share of notifications lost on every link to this band, 0…1.
    public var notificationLoss: Double = 0
    /// Rig time at which the band drops its connection once, if set.
    public var dropConnectionAt: Double?
    /// API keys the simulated Empatica account accepts (the union over the rig's wristbands is used).
    public var acceptedApiKeys: [String] = []

    /// The key the simulated account accepts when no wristband lists any.
    public static let defaultTestKey = "rigkit-empatica-test-key"

    public init(serialNumber: String, address: String) {
        self.serialNumber = serialNumber
        self.address = address
    }

    /// The settings for `role`, with a serial and address derived from the role unless given.
    public static func from(_ spec: DeviceSpec) throws(RigFileError) -> WristbandSimulation {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in spec.role.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(format: "%016llX", hash)
        let pairs = stride(from: 0, to: 8, by: 2).map { String(Array(hex)[$0..<$0 + 2]) }
        var simulation = WristbandSimulation(serialNumber: "A0" + String(hex.suffix(4)),
                                             address: "00:07:80:" + pairs.prefix(3).joined(separator: ":"))
        simulation.model = spec.kind == .e3 ? "E3" : "E4"
        guard let parameters = spec.link.simulatorParameters else { return simulation }
        let m = try parameters.object(allowed: ["serialNumber", "address", "heartRate", "motion", "batteryPercent",
                                                "streamingDrainPerHour", "idleDrainPerHour", "rssi", "ibiWarmUpSeconds", "poweredOn", "acceptedApiKeys",
                                                "notificationLoss", "dropConnectionAtSeconds", "posture", "firmware"])
        if let c = m["serialNumber"] { simulation.serialNumber = try c.name() }
        if let c = m["address"] { simulation.address = try c.bluetoothAddress(example: "00:07:80:AA:BB:CC") }
        if let c = m["heartRate"] { simulation.heartRate = try c.number(in: 30...220, unit: "beats per minute") }
        if let c = m["motion"] { simulation.motion = try c.number(in: 0...1) }
        if let c = m["batteryPercent"] { simulation.batteryPercent = try c.number(in: 0...100, unit: "percent") }
        if let c = m["streamingDrainPerHour"] { simulation.streamingDrainPerHour = try c.number(in: 0...1000, unit: "percent per hour") }
        if let c = m["idleDrainPerHour"] { simulation.idleDrainPerHour = try c.number(in: 0...1000, unit: "percent per hour") }
        if let c = m["rssi"] { simulation.rssi = Int(try c.integer(Int.self, in: -120...0)) }
        if let c = m["ibiWarmUpSeconds"] { simulation.ibiWarmUp = try c.number(in: 0...600, unit: "seconds") }
        if let c = m["poweredOn"] { simulation.poweredOn = try c.bool() }
        if let c = m["notificationLoss"] { simulation.notificationLoss = try c.number(in: 0...1) }
        if let c = m["dropConnectionAtSeconds"] { simulation.dropConnectionAt = try c.number(in: 0...1_000_000, unit: "seconds") }
        if let c = m["posture"] { simulation.posture = WristPosture(rawValue: try c.choice(WristPosture.allCases.map(\.rawValue)))! }
        if let c = m["firmware"] {
            guard let firmware = E4Firmware(try c.string()) else { throw c.invalid("a firmware version major.minor such as \"2.1\"") }
            simulation.firmware = firmware
        }
        if let c = m["acceptedApiKeys"] {
            for item in try c.array() { simulation.acceptedApiKeys.append(try item.name()) }
        }
        return simulation
    }
}

extension DeviceKind {
    /// Empatica E4 wristband (BLE).
    public static let e4 = DeviceKind(rawValue: "e4")
    /// Empatica E3 wristband (BLE).
    public static let e3 = DeviceKind(rawValue: "e3")
}
