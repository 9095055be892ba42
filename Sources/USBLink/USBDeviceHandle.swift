/// An open USB device: claim interfaces, then control and bulk transfers with time limits.
///
/// This is the interface the in-memory bus and the libusb backend both implement;
/// families (DMCC readers, SCiO over CDC) speak through it unchanged.
public protocol USBDeviceHandle: AnyObject, Sendable {
    var descriptor: USBDeviceDescriptor { get }
    /// Claims an interface for this process (detaching a kernel driver where one is bound).
    func claimInterface(_ number: UInt8) async throws(USBError)
    /// Sends `data` on bulk OUT `endpoint`; returns the bytes sent.
    func bulkOut(endpoint: UInt8, _ data: [UInt8], timeout: Duration) async throws(USBError) -> Int
    /// Receives up to `maxLength` bytes from bulk IN `endpoint`.
    func bulkIn(endpoint: UInt8, maxLength: Int, timeout: Duration) async throws(USBError) -> [UInt8]
    /// A control transfer on endpoint 0 (e.g. CDC SET_LINE_CODING); returns the data stage of an IN request.
    func control(requestType: UInt8, request: UInt8, value: UInt16, index: UInt16, data: [UInt8], timeout: Duration) async throws(USBError) -> [UInt8]
    /// Releases the interfaces and closes the device.
    func close() async
}

/// A USB bus: what is plugged in, plug and unplug events, and opening devices.
public protocol USBHost: Sendable {
    /// The devices plugged in now.
    func devices() async -> [USBDeviceDescriptor]
    /// Plug and unplug events from now on.
    func hotplugEvents() async -> AsyncStream<USBHotplugEvent>
    /// Opens the device that matches.
    func open(_ match: USBDeviceMatch) async throws(USBError) -> any USBDeviceHandle
}

/// A device arriving on or leaving the bus.
public enum USBHotplugEvent: Sendable, Equatable {
    case arrived(USBDeviceDescriptor)
    case left(USBDeviceDescriptor)
}

/// CDC-ACM class requests (USB CDC PSTN subclass 1.2).
public enum CDCRequest {
    public static let setLineCoding: UInt8 = 0x20
    public static let getLineCoding: UInt8 = 0x21
    public static let setControlLineState: UInt8 = 0x22
    /// bmRequestType for a class request to an interface, host to device.
    public static let classInterfaceOut: UInt8 = 0x21
    /// bmRequestType for a class request to an interface, device to host.
    public static let classInterfaceIn: UInt8 = 0xA1

    /// The 7 bytes of a line coding: baud rate LE, 1 stop bit, no parity, 8 data bits.
    public static func lineCoding(baud: UInt32) -> [UInt8] {
        [UInt8(baud & 0xFF), UInt8((baud >> 8) & 0xFF), UInt8((baud >> 16) & 0xFF), UInt8(baud >> 24), 0, 0, 8]
    }
}
