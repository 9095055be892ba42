import Testing
@testable import USBLibUSB
import USBLink

/// The poll's diffing and caching, without libusb: `read` stands for opening a device to read its strings.
@Suite struct USBDeviceCacheTests {
    static func at(_ address: UInt8, _ vendor: UInt16 = 0x1209, _ product: UInt16 = 0x0d02) -> USBDeviceCache.Listed {
        USBDeviceCache.Listed(address: USBBusAddress(bus: 1, address: address), vendorID: vendor, productID: product)
    }

    static func descriptor(_ l: USBDeviceCache.Listed, serial: String?) -> USBDeviceDescriptor {
        USBDeviceDescriptor(vendorID: l.vendorID, productID: l.productID, serialNumber: serial, manufacturer: nil, product: nil, interfaces: [])
    }

    /// Reads that answer with the serial "S<address>" and count what was opened.
    final class Reader {
        var opened: [UInt8] = []
        var unreadable: Set<UInt8> = []
        func read(_ l: USBDeviceCache.Listed) -> USBDeviceCache.Read {
            opened.append(l.address.address)
            if unreadable.contains(l.address.address) { return .init(descriptor: descriptor(l, serial: nil), complete: false) }
            return .init(descriptor: descriptor(l, serial: "S\(l.address.address)"), complete: true)
        }
    }

    @Test func aKnownDeviceIsNotOpenedAgain() {
        var cache = USBDeviceCache()
        let reader = Reader()
        let first = cache.reconcile([Self.at(2), Self.at(3, 0x0451, 0x16aa)], read: reader.read)
        #expect(first == [.arrived(Self.descriptor(Self.at(2), serial: "S2")), .arrived(Self.descriptor(Self.at(3, 0x0451, 0x16aa), serial: "S3"))])
        for _ in 0..<5 {
            #expect(cache.reconcile([Self.at(2), Self.at(3, 0x0451, 0x16aa)], read: reader.read).isEmpty)
        }
        #expect(reader.opened == [2, 3], "each device opened once, not on every poll")
        #expect(cache.reads == 2)
    }

    @Test func unplugAndReplugUnderANewAddressAreReportedWithTheCachedStrings() {
        var cache = USBDeviceCache()
        let reader = Reader()
        _ = cache.reconcile([Self.at(2), Self.at(3)], read: reader.read)
        // Gone: reported with the serial read when it arrived (it cannot be opened any more).
        #expect(cache.reconcile([Self.at(3)], read: reader.read) == [.left(Self.descriptor(Self.at(2), serial: "S2"))])
        // Back under the next address: read again.
        #expect(cache.reconcile([Self.at(3), Self.at(4)], read: reader.read) == [.arrived(Self.descriptor(Self.at(4), serial: "S4"))])
        #expect(reader.opened == [2, 3, 4])
    }

    @Test func anotherDeviceAtAKnownAddressIsReadAndReported() {
        var cache = USBDeviceCache()
        let reader = Reader()
        _ = cache.reconcile([Self.at(5)], read: reader.read)
        let other = Self.at(5, 0x0451, 0x16aa)
        #expect(cache.reconcile([other], read: reader.read)
                == [.left(Self.descriptor(Self.at(5), serial: "S5")), .arrived(Self.descriptor(other, serial: "S5"))])
        #expect(reader.opened == [5, 5])
    }

    @Test func anUnreadableDeviceIsTriedAgainAndReportedOnceReadable() {
        var cache = USBDeviceCache()
        let reader = Reader()
        reader.unreadable = [7]
        #expect(cache.reconcile([Self.at(7)], read: reader.read) == [.arrived(Self.descriptor(Self.at(7), serial: nil))])
        #expect(cache.reconcile([Self.at(7)], read: reader.read).isEmpty, "still unreadable: nothing changed")
        reader.unreadable = []
        #expect(cache.reconcile([Self.at(7)], read: reader.read)
                == [.left(Self.descriptor(Self.at(7), serial: nil)), .arrived(Self.descriptor(Self.at(7), serial: "S7"))])
        #expect(cache.reconcile([Self.at(7)], read: reader.read).isEmpty)
        #expect(reader.opened == [7, 7, 7])
    }

    /// A callback and a listing may both see a change; it is reported once, by whichever comes first.
    @Test func callbacksAndListingsReportEachChangeOnce() {
        var cache = USBDeviceCache()
        let reader = Reader()
        #expect(cache.arrived(Self.at(2), read: reader.read) == .reported(.arrived(Self.descriptor(Self.at(2), serial: "S2"))))
        #expect(cache.reconcile([Self.at(2)], read: reader.read).isEmpty, "the listing after the callback adds nothing")
        #expect(cache.reconcile([Self.at(2), Self.at(3)], read: reader.read) == [.arrived(Self.descriptor(Self.at(3), serial: "S3"))])
        #expect(cache.arrived(Self.at(3), read: reader.read) == .known, "the callback after the listing adds nothing")
        #expect(cache.left(USBBusAddress(bus: 1, address: 2)) == .left(Self.descriptor(Self.at(2), serial: "S2")))
        #expect(cache.reconcile([Self.at(3)], read: reader.read).isEmpty)
        #expect(cache.reconcile([], read: reader.read) == [.left(Self.descriptor(Self.at(3), serial: "S3"))])
        #expect(cache.left(USBBusAddress(bus: 1, address: 3)) == nil, "a departure the listing reported is not reported again")
        #expect(reader.opened == [2, 3])
    }

    /// A device the callback cannot read yet (a replugged reader that does not answer at once) is left to the
    /// listings that follow: the first reports it, read or not; one that reads it reports it again with its strings.
    @Test func aDeviceTheCallbackCannotReadIsLeftToTheListings() {
        var cache = USBDeviceCache()
        let reader = Reader()
        reader.unreadable = [4]
        #expect(cache.arrived(Self.at(4), read: reader.read) == .unreadable)
        #expect(cache.isComplete(at: USBBusAddress(bus: 1, address: 4)) == nil, "not cached")
        #expect(cache.reconcile([Self.at(4)], read: reader.read) == [.arrived(Self.descriptor(Self.at(4), serial: nil))])
        #expect(cache.isComplete(at: USBBusAddress(bus: 1, address: 4)) == false)
        reader.unreadable = []
        #expect(cache.reconcile([Self.at(4)], read: reader.read)
                == [.left(Self.descriptor(Self.at(4), serial: nil)), .arrived(Self.descriptor(Self.at(4), serial: "S4"))])
        #expect(cache.isComplete(at: USBBusAddress(bus: 1, address: 4)) == true)
        #expect(cache.arrived(Self.at(4), read: reader.read) == .known, "a late callback adds nothing")
        #expect(reader.opened == [4, 4, 4])
    }

    @Test func busAddressesNameTheirPlace() {
        #expect("\(USBBusAddress(bus: 1, address: 12))" == "bus 1 address 12")
    }
}
