import HeartRateStrap
import RigKit
import RigKitBLE
import RigKitCognex
import RigKitRoomScan
import RigKitScio
import RigKitUSB
import RigKitWristband

/// The lab's scenarios and the plug-ins its rigs need: RigKit's simulated links and four families, and its own strap.
public enum LabRig {
    public static let plugins: RigPlugins = [
        BLESimulationPlugin(), USBSimulationPlugin(),
        RoomScanFamily(), WristbandFamily(), ScioFamily(), CognexFamily(), HeartRateStrapFamily(),
    ]

    public static var scenarios: [Scenario] { FamilyScenarios.all + HeartRateScenarios.all }
}
