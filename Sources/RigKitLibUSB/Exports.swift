// `import RigKitLibUSB` gives the libusb backend next to its plug-in.
@_exported import USBLibUSB
