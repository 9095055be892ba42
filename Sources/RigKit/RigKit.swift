// `import RigKit`: the scenario DSL, the runner and its reports, the rig file and clock types, and the phone host.
// Device families and links are products of their own (RigKitWristband, RigKitScio, RigKitCognex, RigKitRoomScan,
// RigKitBLESimulation, RigKitUSBSimulation, RigKitBlueZ, RigKitLibUSB).
@_exported import RigCore
@_exported import RigHost
@_exported import RigScenario
