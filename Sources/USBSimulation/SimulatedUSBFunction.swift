import USBLink

/// The device side of a simulated USB device: what it answers on control and bulk OUT, and its IN data.
public protocol SimulatedUSBFunction: AnyObject, Sendable {
    var descriptor: USBDeviceDescriptor { get }
    /// The host wrote `data` to bulk OUT `endpoint`.
    func received(_ data: [UInt8], endpoint: UInt8) async
    /// A control request; return the IN data stage (empty for OUT requests), or throw `.stall` to refuse.
    func control(requestType: UInt8, request: UInt8, value: UInt16, index: UInt16, data: [UInt8]) async throws(USBError) -> [UInt8]
    /// The device was plugged in; it sends IN data through `port`.
    func plugged(into port: USBDevicePort) async
    /// The device was unplugged.
    func unplugged() async
}
