import USBLink

/// The SCiO's USB identity: a CDC-ACM device, VID:PID 0451:16AA, 115200 baud, frames contiguous on the bulk pipe.
public enum ScioUSB {
    public static let vendorID: UInt16 = 0x0451
    public static let productID: UInt16 = 0x16AA
    public static let baudRate: UInt32 = 115_200
    /// CDC communications interface (abstract control model) and its notification endpoint.
    public static let controlInterface: UInt8 = 0
    public static let notificationEndpoint: UInt8 = 0x83
    /// CDC data interface and its bulk endpoints.
    public static let dataInterface: UInt8 = 1
    public static let bulkOut: UInt8 = 0x01
    public static let bulkIn: UInt8 = 0x82
    public static let maxPacketSize: UInt16 = 64

    /// The descriptor a SCiO presents, with its device ID as the serial number.
    public static func descriptor(serialNumber: String) -> USBDeviceDescriptor {
        USBDeviceDescriptor(
            vendorID: vendorID, productID: productID, serialNumber: serialNumber, manufacturer: "Consumer Physics", product: "SCiO",
            interfaces: [
                USBInterfaceDescriptor(number: controlInterface, interfaceClass: 0x02, interfaceSubclass: 0x02, interfaceProtocol: 0x01,
                                       endpoints: [USBEndpointDescriptor(address: notificationEndpoint, transferType: .interrupt, maxPacketSize: 16)]),
                USBInterfaceDescriptor(number: dataInterface, interfaceClass: 0x0A, endpoints: [
                    USBEndpointDescriptor(address: bulkOut, transferType: .bulk, maxPacketSize: maxPacketSize),
                    USBEndpointDescriptor(address: bulkIn, transferType: .bulk, maxPacketSize: maxPacketSize),
                ]),
            ])
    }
}
