import GATT
import ScioProtocol
import USBLink

/// A connection to one SCiO that carries whole frames, over BLE notifications or a USB CDC byte stream.
protocol ScioLink: Sendable {
    /// Frames, unreadable answers, button presses and the end of the link, in arrival order.
    var events: AsyncStream<ScioLinkEvent> { get }
    /// Sends one request frame.
    func send(_ frame: ScioFrame) async throws(SpectrometerError)
    /// Drops a partly received answer; returns why it was incomplete, if one was pending.
    func abandonPartialAnswer() -> ScioFrameError?
    /// Closes the link.
    func close() async
}

/// Something that arrived on a `ScioLink`.
enum ScioLinkEvent: Sendable {
    case frame(ScioFrame)
    case malformed(ScioFrameError)
    case button
    case closed(reason: String)
}

/// How a `Spectrometer` reaches its device.
public enum ScioConnection: Sendable {
    /// Over BLE: a central (the simulated radio, or BlueZ) and the device's address.
    case ble(central: any BLECentral, address: String)
    /// Over USB CDC: a USB host (the simulated bus, or libusb) and which device.
    case usb(host: any USBHost, match: USBDeviceMatch)
}
