/// The device side of a real USB path: where a simulator in this process receives what the host sends and
/// answers, and where its cable is.
///
/// Two kinds exist: a gadget tty on a real kernel USB stack (`GadgetTTYChannel`) and the socket of a USB device
/// emulator (`EmulatorSocketChannel`, Tools/umockdev-mx). `USBFunctionServer` pumps bytes between a channel and
/// a simulator on an in-memory bus.
public protocol DeviceSideChannel: Sendable {
    /// What the host sends, from now until `close()`; the stream lives across unplugs and reconnections.
    var incoming: AsyncStream<DeviceSideInput> { get }
    /// Puts the device on the host's bus (the cable goes in).
    func plug() async throws(DeviceSideError)
    /// Takes the device off the host's bus (the cable comes out).
    func unplug() async throws(DeviceSideError)
    /// Sends device-to-host bulk data; false when the path is down (unplugged, hung up), which drops the bytes.
    func send(_ bytes: [UInt8]) -> Bool
    /// Stops serving.
    func close() async
}

/// One thing the host did on the device side.
public enum DeviceSideInput: Sendable, Equatable {
    /// Bytes of bulk OUT, in order.
    case bulkOut([UInt8])
    /// A class or vendor control request the path forwards (`setup` is the 8-byte setup packet, `data` its OUT stage).
    case control(setup: [UInt8], data: [UInt8])
}

/// Why the device side could not do what was asked; each names the path.
public enum DeviceSideError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file of the path (tty, configfs, socket) could not be used.
    case file(call: String, path: String, reason: String)
    /// Nothing serves the emulator socket.
    case noEmulator(path: String, reason: String)

    public var description: String {
        switch self {
        case .file(let call, let path, let reason): "\(call) \(path): \(reason)"
        case .noEmulator(let path, let reason):
            "no USB device emulator listens on \(path) (\(reason)); run the rig under Tools/umockdev-mx (scripts/usb-lane-umockdev)"
        }
    }
}
