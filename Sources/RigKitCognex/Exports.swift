// `import RigKitCognex` gives the cmbSDK-shaped readers, symbologies and scenes, the simulators' knobs and DMCC.
@_exported import CognexCore
@_exported import CognexReader
@_exported import CognexSimulator
@_exported import DMCC
@_exported import BarcodeDecoder
