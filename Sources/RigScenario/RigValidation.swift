import RigCore
import RoomScan

/// Checks what a rig file's generic reader cannot: each device family's own parameters.
public enum RigValidation {
    /// Throws the first family-specific problem in `rig`.
    public static func validate(_ rig: RigFile) throws(RigFileError) {
        for device in rig.devices {
            switch device.kind {
            case .roomio: _ = try RoomScanner.simulation(from: device)
            default: break
            }
        }
    }
}
