import RigKit
import RigKitBLE
import RigKitBlueZ
import RigKitCognex
import RigKitLibUSB
import RigKitRoomScan
import RigKitScio
import RigKitUSB
import RigKitWristband

/// Every scenario that ships with RigKit, in a stable order, and the plug-ins they run with.
public enum BundledScenarios {
    /// The links (simulated radio and bus, BlueZ, libusb) and the four device families.
    public static let plugins: RigPlugins = [
        BLESimulationPlugin(), USBSimulationPlugin(), BlueZPlugin(), LibUSBPlugin(),
        RoomScanFamily(), WristbandFamily(), ScioFamily(), CognexFamily(),
    ]

    public static var all: [Scenario] {
        RoomioLifecycleScenarios.all + RoomioPowerGuardScenarios.all + RoomioOutcomeScenarios.all + HostScenarios.all + WristbandScenarios.all + ReaderScenarios.all
            + ScioScenarios.all
    }
}

extension Tag {
    /// Scenarios of the Roomio room-scan session.
    public static let roomio: Tag = "roomio"
    /// Scenarios of the power-guard rules.
    public static let powerGuard: Tag = "power-guard"
    /// Scenarios at a threshold's boundary.
    public static let boundary: Tag = "boundary"
    /// Scenarios of the phone host itself.
    public static let host: Tag = "host"
    /// Scenarios that cover hours of rig time.
    public static let long: Tag = "long"
}
