// `import RigKitBLE` gives the BLE link layer: ATT, GATT client and server, the in-memory radio and links.
@_exported import ATT
@_exported import BLESimulation
@_exported import GATT
