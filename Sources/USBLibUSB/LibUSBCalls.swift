import CLibUSB
#if canImport(Glibc)
import Glibc
#endif

/// Every libusb call RigKit makes, one function each, returning Swift results.
///
/// Nothing else in the package calls libusb directly, so the C surface is in one place.
enum LibUSBCalls {
    /// `libusb_init`.
    static func makeContext() -> Result<OpaquePointer, LibUSBError> {
        var context: OpaquePointer?
        let code = libusb_init(&context)
        guard code == 0, let context else { return .failure(LibUSBError(rawValue: code)) }
        return .success(context)
    }

    /// `libusb_exit`.
    static func destroy(_ context: OpaquePointer) { libusb_exit(context) }

    /// `libusb_get_device_list` and `libusb_free_device_list`, handing each device (referenced) to `body`.
    static func devices(_ context: OpaquePointer) -> Result<[OpaquePointer], LibUSBError> {
        var list: UnsafeMutablePointer<OpaquePointer?>?
        let count = libusb_get_device_list(context, &list)
        guard count >= 0, let list else { return .failure(LibUSBError(rawValue: Int32(count))) }
        defer { libusb_free_device_list(list, 0) }
        var out: [OpaquePointer] = []
        for i in 0..<Int(count) {
            if let device = list[i] {
                libusb_ref_device(device)
                out.append(device)
            }
        }
        return .success(out)
    }

    /// `libusb_unref_device`.
    static func release(_ device: OpaquePointer) { libusb_unref_device(device) }

    /// `libusb_get_device_descriptor`.
    static func deviceDescriptor(_ device: OpaquePointer) -> Result<libusb_device_descriptor, LibUSBError> {
        var descriptor = libusb_device_descriptor()
        let code = libusb_get_device_descriptor(device, &descriptor)
        return code == 0 ? .success(descriptor) : .failure(LibUSBError(rawValue: code))
    }

    /// `libusb_get_active_config_descriptor` (or the first configuration), read into interfaces and endpoints, then freed.
    static func interfaces(_ device: OpaquePointer) -> [(number: UInt8, cls: UInt8, subclass: UInt8, proto: UInt8, endpoints: [(UInt8, UInt8, UInt16)])] {
        var config: UnsafeMutablePointer<libusb_config_descriptor>?
        if libusb_get_active_config_descriptor(device, &config) != 0 { _ = libusb_get_config_descriptor(device, 0, &config) }
        guard let config else { return [] }
        defer { libusb_free_config_descriptor(config) }
        var out: [(UInt8, UInt8, UInt8, UInt8, [(UInt8, UInt8, UInt16)])] = []
        for i in 0..<Int(config.pointee.bNumInterfaces) {
            let interface = config.pointee.interface[i]
            guard interface.num_altsetting > 0 else { continue }
            let alt = interface.altsetting[0]
            var endpoints: [(UInt8, UInt8, UInt16)] = []
            for e in 0..<Int(alt.bNumEndpoints) {
                let ep = alt.endpoint[e]
                endpoints.append((ep.bEndpointAddress, ep.bmAttributes & 0x03, ep.wMaxPacketSize))
            }
            out.append((alt.bInterfaceNumber, alt.bInterfaceClass, alt.bInterfaceSubClass, alt.bInterfaceProtocol, endpoints))
        }
        return out
    }

    /// `libusb_get_bus_number` and `libusb_get_device_address`: where the device node is.
    static func node(_ device: OpaquePointer) -> String {
        let bus = libusb_get_bus_number(device), address = libusb_get_device_address(device)
        func three(_ v: UInt8) -> String { let s = String(v); return String(repeating: "0", count: 3 - s.count) + s }
        return "/dev/bus/usb/\(three(bus))/\(three(address))"
    }

    /// `libusb_open`.
    static func open(_ device: OpaquePointer) -> Result<OpaquePointer, LibUSBError> {
        var handle: OpaquePointer?
        let code = libusb_open(device, &handle)
        guard code == 0, let handle else { return .failure(LibUSBError(rawValue: code)) }
        return .success(handle)
    }

    /// `libusb_close`.
    static func close(_ handle: OpaquePointer) { libusb_close(handle) }

    /// `libusb_get_string_descriptor_ascii`; nil for index 0 or on error.
    static func string(_ handle: OpaquePointer, index: UInt8) -> String? {
        guard index != 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = libusb_get_string_descriptor_ascii(handle, index, &buffer, Int32(buffer.count))
        guard length > 0 else { return nil }
        return String(decoding: buffer.prefix(Int(length)), as: UTF8.self)
    }

    /// `libusb_kernel_driver_active` then `libusb_detach_kernel_driver` when one is bound.
    static func detachKernelDriver(_ handle: OpaquePointer, interface: UInt8) -> LibUSBError? {
        let active = libusb_kernel_driver_active(handle, Int32(interface))
        guard active == 1 else { return nil }
        let code = libusb_detach_kernel_driver(handle, Int32(interface))
        return code == 0 ? nil : LibUSBError(rawValue: code)
    }

    /// `libusb_claim_interface`.
    static func claim(_ handle: OpaquePointer, interface: UInt8) -> LibUSBError? {
        let code = libusb_claim_interface(handle, Int32(interface))
        return code == 0 ? nil : LibUSBError(rawValue: code)
    }

    /// `libusb_release_interface`.
    static func release(_ handle: OpaquePointer, interface: UInt8) { _ = libusb_release_interface(handle, Int32(interface)) }

    /// `libusb_bulk_transfer` (blocking; called on the context's worker thread, never on the cooperative pool).
    static func bulk(_ handle: OpaquePointer, endpoint: UInt8, buffer: inout [UInt8], timeoutMilliseconds: UInt32) -> (LibUSBError?, Int) {
        var transferred: Int32 = 0
        let code = buffer.withUnsafeMutableBufferPointer { pointer in
            libusb_bulk_transfer(handle, endpoint, pointer.baseAddress, Int32(pointer.count), &transferred, timeoutMilliseconds)
        }
        return (code == 0 ? nil : LibUSBError(rawValue: code), Int(transferred))
    }

    /// `libusb_control_transfer` (blocking; called on the worker thread).
    static func control(_ handle: OpaquePointer, requestType: UInt8, request: UInt8, value: UInt16, index: UInt16,
                        buffer: inout [UInt8], timeoutMilliseconds: UInt32) -> Result<Int, LibUSBError> {
        let code = buffer.withUnsafeMutableBufferPointer { pointer in
            libusb_control_transfer(handle, requestType, request, value, index, pointer.baseAddress, UInt16(pointer.count), timeoutMilliseconds)
        }
        return code >= 0 ? .success(Int(code)) : .failure(LibUSBError(rawValue: code))
    }

    /// `libusb_get_bus_number` and `libusb_get_device_address`.
    static func busAddress(_ device: OpaquePointer) -> USBBusAddress {
        USBBusAddress(bus: libusb_get_bus_number(device), address: libusb_get_device_address(device))
    }

    /// `libusb_ref_device`: keeps a device a hotplug callback hands over past the callback.
    static func retain(_ device: OpaquePointer) { _ = libusb_ref_device(device) }

    /// `libusb_hotplug_register_callback` for arrivals and departures of any device, without enumerating the devices
    /// present. `deliver` runs on whichever thread handles libusb's events (the host's event thread, or a thread in a
    /// synchronous transfer), with the device referenced for it: it must return at once and release the device later.
    static func registerHotplug(_ context: OpaquePointer,
                                _ deliver: @escaping @Sendable (_ device: OpaquePointer, _ arrived: Bool) -> Void) -> Result<HotplugRegistration, LibUSBError> {
        let sink = Unmanaged.passRetained(HotplugSink(deliver))
        var handle: libusb_hotplug_callback_handle = 0
        let events = Int32(LIBUSB_HOTPLUG_EVENT_DEVICE_ARRIVED.rawValue | LIBUSB_HOTPLUG_EVENT_DEVICE_LEFT.rawValue)
        let code = libusb_hotplug_register_callback(context, events, 0, -1, -1, -1, { _, device, event, userData in
            guard let device, let userData else { return 0 }
            libusb_ref_device(device)
            Unmanaged<HotplugSink>.fromOpaque(userData).takeUnretainedValue()
                .deliver(device, event == LIBUSB_HOTPLUG_EVENT_DEVICE_ARRIVED)
            return 0   // stay registered
        }, sink.toOpaque(), &handle)
        guard code == 0 else {
            sink.release()
            return .failure(LibUSBError(rawValue: code))
        }
        return .success(HotplugRegistration(handle: handle, sink: sink))
    }

    /// `libusb_hotplug_deregister_callback`. The sink stays alive: release it (`registration.sink.release()`) only after
    /// `libusb_exit`, when no thread can be inside the callback any more.
    static func deregisterHotplug(_ context: OpaquePointer, _ registration: HotplugRegistration) {
        libusb_hotplug_deregister_callback(context, registration.handle)
    }

    /// `libusb_handle_events_timeout_completed`: handles pending events (hotplug callbacks, transfers) or waits up to
    /// `milliseconds` for one.
    static func handleEvents(_ context: OpaquePointer, milliseconds: Int) -> LibUSBError? {
        var limit = timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
        let code = libusb_handle_events_timeout_completed(context, &limit, nil)
        return code == 0 ? nil : LibUSBError(rawValue: code)
    }

    /// `libusb_interrupt_event_handler`: wakes a thread waiting in `handleEvents` at once.
    static func interruptEventHandler(_ context: OpaquePointer) { libusb_interrupt_event_handler(context) }

    /// `libusb_has_capability(LIBUSB_CAP_HAS_HOTPLUG)`.
    static var hasHotplug: Bool { libusb_has_capability(UInt32(LIBUSB_CAP_HAS_HOTPLUG.rawValue)) != 0 }

    /// `libusb_get_version`: "1.0.26".
    static var version: String {
        let v = libusb_get_version().pointee
        return "\(v.major).\(v.minor).\(v.micro)"
    }
}

/// The Swift side of a hotplug callback: what the C callback calls with each event.
final class HotplugSink: Sendable {
    let deliver: @Sendable (OpaquePointer, Bool) -> Void
    init(_ deliver: @escaping @Sendable (OpaquePointer, Bool) -> Void) { self.deliver = deliver }
}

/// A registered hotplug callback: libusb's handle and the sink its `user_data` points to (retained until released).
struct HotplugRegistration: @unchecked Sendable {
    let handle: libusb_hotplug_callback_handle
    let sink: Unmanaged<HotplugSink>
}
