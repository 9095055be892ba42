// `import RigKitScio` gives the SCiO SDK's device API, its cloud and scan cache, the simulator's knobs and the wire types.
@_exported import ScioCloud
@_exported import ScioProtocol
@_exported import ScioSimulator
@_exported import Spectrometer
