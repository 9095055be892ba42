import RigCore
import RoomScan
import ScioSimulator
import WristbandSimulator
import CognexSimulator

/// Checks what a rig file's generic reader cannot: each device family's own parameters.
public enum RigValidation {
    /// Throws the first family-specific problem in `rig`.
    public static func validate(_ rig: RigFile) throws(RigFileError) {
        for device in rig.devices {
            switch device.kind {
            case .roomio: _ = try RoomScanner.simulation(from: device)
            case .e4, .e3: _ = try WristbandSimulation.from(device)
            case .mx1000, .mx1502: _ = try MXSimulation.from(device)
            case .scio: _ = try ScioSimulation.from(device)
            default: break
            }
        }
    }
}
