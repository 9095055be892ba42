// `import RigKitWristband` gives the EmpaLink-shaped facade, the simulator's knobs and the packet types.
@_exported import E4Protocol
@_exported import Wristband
@_exported import WristbandSimulator
