import RigCore
import RigScenario
import RoomScan

/// The room-scan family: a Roomio-style session simulated on the phone host (`roomio`, simulated only).
public struct RoomScanFamily: RigPlugin {
    public init() {}
    public var name: String { "room-scan" }
    public var deviceKinds: [DeviceKindSupport] {
        [DeviceKindSupport(.roomio, links: ["simulated"], summary: "Roomio-style room-scan session on the phone host")]
    }

    public func validate(_ device: DeviceSpec, in rig: RigFile) throws(RigFileError) {
        _ = try RoomScanner.simulation(from: device)
    }
}

extension LiveRig {
    /// The room-scan SDK playing `role` (kind `roomio`).
    public func roomScanner(_ role: String) throws -> RoomScanner {
        let spec = try device(role, kinds: [.roomio])
        return try part(.roomScanner, of: role, orMake: {
            RoomScanner(role: role, simulation: try RoomScanner.simulation(from: spec), host: host, clock: clock,
                        trace: trace, directory: directory.appendingPathComponent(role, isDirectory: true), seed: seed)
        })
    }
}

extension RigKey where Value == RoomScanner {
    static var roomScanner: RigKey<RoomScanner> { RigKey("room-scanner") }
}
