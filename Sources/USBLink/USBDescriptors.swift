/// What a USB device says about itself: IDs, strings, interfaces and endpoints.
public struct USBDeviceDescriptor: Sendable, Equatable {
    public var vendorID: UInt16
    public var productID: UInt16
    public var serialNumber: String?
    public var manufacturer: String?
    public var product: String?
    public var interfaces: [USBInterfaceDescriptor]

    public init(vendorID: UInt16, productID: UInt16, serialNumber: String?, manufacturer: String?, product: String?,
                interfaces: [USBInterfaceDescriptor]) {
        self.vendorID = vendorID
        self.productID = productID
        self.serialNumber = serialNumber
        self.manufacturer = manufacturer
        self.product = product
        self.interfaces = interfaces
    }

    /// `vvvv:pppp` in lowercase hex, as lsusb prints it.
    public var ids: String {
        func hex(_ v: UInt16) -> String { let s = String(v, radix: 16); return String(repeating: "0", count: 4 - s.count) + s }
        return "\(hex(vendorID)):\(hex(productID))"
    }

    /// The first interface of `interfaceClass` (0x0A: CDC data).
    public func interface(ofClass interfaceClass: UInt8) -> USBInterfaceDescriptor? {
        interfaces.first { $0.interfaceClass == interfaceClass }
    }
}

/// One interface of a device.
public struct USBInterfaceDescriptor: Sendable, Equatable {
    public var number: UInt8
    /// 0x02 CDC communications, 0x0A CDC data, 0xFF vendor specific.
    public var interfaceClass: UInt8
    public var interfaceSubclass: UInt8
    public var interfaceProtocol: UInt8
    public var endpoints: [USBEndpointDescriptor]

    public init(number: UInt8, interfaceClass: UInt8, interfaceSubclass: UInt8 = 0, interfaceProtocol: UInt8 = 0,
                endpoints: [USBEndpointDescriptor]) {
        self.number = number
        self.interfaceClass = interfaceClass
        self.interfaceSubclass = interfaceSubclass
        self.interfaceProtocol = interfaceProtocol
        self.endpoints = endpoints
    }

    /// The first bulk endpoint going in (`true`) or out (`false`).
    public func bulkEndpoint(in direction: Bool) -> USBEndpointDescriptor? {
        endpoints.first { $0.transferType == .bulk && $0.isIn == direction }
    }
}

/// One endpoint of an interface.
public struct USBEndpointDescriptor: Sendable, Equatable {
    public enum TransferType: String, Sendable { case control, isochronous, bulk, interrupt }
    /// The address; bit 7 set for IN (device to host).
    public var address: UInt8
    public var transferType: TransferType
    public var maxPacketSize: UInt16

    public init(address: UInt8, transferType: TransferType, maxPacketSize: UInt16) {
        self.address = address
        self.transferType = transferType
        self.maxPacketSize = maxPacketSize
    }

    public var isIn: Bool { address & 0x80 != 0 }
}

/// Which device a rig role means: vendor and product, and the serial number when several are plugged in.
public struct USBDeviceMatch: Sendable, Equatable, CustomStringConvertible {
    public var vendorID: UInt16
    public var productID: UInt16
    public var serialNumber: String?

    public init(vendorID: UInt16, productID: UInt16, serialNumber: String? = nil) {
        self.vendorID = vendorID
        self.productID = productID
        self.serialNumber = serialNumber
    }

    public func matches(_ descriptor: USBDeviceDescriptor) -> Bool {
        descriptor.vendorID == vendorID && descriptor.productID == productID
            && (serialNumber == nil || descriptor.serialNumber == serialNumber)
    }

    public var description: String {
        let ids = USBDeviceDescriptor(vendorID: vendorID, productID: productID, serialNumber: nil, manufacturer: nil, product: nil, interfaces: []).ids
        return serialNumber.map { "\(ids) serial \($0)" } ?? ids
    }
}
