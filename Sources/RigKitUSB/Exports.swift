// `import RigKitUSB` gives the USB link layer: the link abstraction, the in-memory bus, the device side of real paths.
@_exported import USBDeviceSide
@_exported import USBLink
@_exported import USBSimulation
