import USBLink

/// Where a device sits on this machine: libusb's bus number and device address. The kernel gives a replugged
/// device the next free address, so the same address with the same IDs is the same plugging of the same device.
struct USBBusAddress: Hashable, Sendable, CustomStringConvertible {
    var bus: UInt8
    var address: UInt8
    var description: String { "bus \(bus) address \(address)" }
}

/// What the host knows about the devices on its bus, each device read once.
///
/// A device's strings (serial, manufacturer, product) need the device opened; the cache keeps them per
/// bus address, so listing the bus again opens only devices it has not seen (or could not read last time).
/// Every change is reported once, by whichever mechanism notices it first: a listing of the bus
/// (`reconcile`, the poll and every `devices()`/`open()`), or a hotplug callback (`arrived`/`left`).
struct USBDeviceCache: Sendable {
    /// A device as the bus lists it before anything is opened: where it is and its IDs.
    struct Listed: Sendable, Equatable {
        var address: USBBusAddress
        var vendorID: UInt16
        var productID: UInt16
    }

    /// What reading a device gave: its descriptor, and whether it was read in full (the open succeeded and every
    /// string the device declares was read).
    struct Read: Sendable {
        var descriptor: USBDeviceDescriptor
        var complete: Bool
    }

    private var entries: [USBBusAddress: Read] = [:]
    /// How many times a device was read (opened for its strings) over the cache's life.
    private(set) var reads = 0

    /// The descriptor of the device at `address`, if known.
    func descriptor(at address: USBBusAddress) -> USBDeviceDescriptor? { entries[address]?.descriptor }

    /// The addresses known now.
    var addresses: Set<USBBusAddress> { Set(entries.keys) }

    /// Brings the cache up to `listed`, what the bus lists now, and returns the changes: devices that left, then
    /// devices that arrived. `read` is called only for a device not known yet, known at that address with other IDs
    /// (another device took the address), or whose strings could not be read last time; a device that becomes
    /// readable with other strings is reported as leaving and arriving, as a listing would show it.
    mutating func reconcile(_ listed: [Listed], read: (Listed) -> Read) -> [USBHotplugEvent] {
        var left: [USBHotplugEvent] = [], arrived: [USBHotplugEvent] = []
        let present = Set(listed.map(\.address))
        for (address, entry) in entries where !present.contains(address) {
            entries[address] = nil
            left.append(.left(entry.descriptor))
        }
        for device in listed {
            if let known = entries[device.address], known.descriptor.vendorID == device.vendorID,
               known.descriptor.productID == device.productID, known.complete {
                continue
            }
            let old = entries[device.address]
            let new = read(device)
            reads += 1
            entries[device.address] = new
            if let old {
                guard old.descriptor != new.descriptor else { continue }
                left.append(.left(old.descriptor))
            }
            arrived.append(.arrived(new.descriptor))
        }
        // Dictionary order is arbitrary: report in bus order, so the same bus gives the same events.
        return left.sorted { Self.order($0) < Self.order($1) } + arrived
    }

    /// What a hotplug callback's arrival came to.
    enum CallbackArrival: Equatable {
        /// Read in full and reported.
        case reported(USBHotplugEvent)
        /// A listing reported it already.
        case known
        /// Its strings could not be read yet (a device just enumerated may not answer, or its node's permissions may
        /// not be set yet): not cached and not reported, so that a listing reads it again and reports it.
        case unreadable
    }

    /// A hotplug callback said `device` arrived.
    mutating func arrived(_ device: Listed, read: (Listed) -> Read) -> CallbackArrival {
        if let known = entries[device.address], known.descriptor.vendorID == device.vendorID,
           known.descriptor.productID == device.productID {
            return .known
        }
        let new = read(device)
        reads += 1
        guard new.complete else { return .unreadable }
        entries[device.address] = new
        return .reported(.arrived(new.descriptor))
    }

    /// Whether the device at `address` was read in full; nil when none is known there.
    func isComplete(at address: USBBusAddress) -> Bool? { entries[address]?.complete }

    /// A hotplug callback said the device at `address` left: nil when a listing already reported it.
    mutating func left(_ address: USBBusAddress) -> USBHotplugEvent? {
        guard let known = entries.removeValue(forKey: address) else { return nil }
        return .left(known.descriptor)
    }

    private static func order(_ event: USBHotplugEvent) -> String {
        switch event {
        case .left(let d), .arrived(let d): return "\(d.vendorID):\(d.productID):\(d.serialNumber ?? "")"
        }
    }
}
