import CLibUSB
import Dispatch
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

    /// `libusb_bulk_transfer` (blocking; bulk OUT, on a handle's OUT queue, never on the cooperative pool; bulk IN is
    /// asynchronous: `bulkInTransfer`). While it waits it handles libusb's events too, so other transfers' callbacks
    /// and hotplug callbacks may run on its thread.
    static func bulk(_ handle: OpaquePointer, endpoint: UInt8, buffer: inout [UInt8], timeoutMilliseconds: UInt32) -> (LibUSBError?, Int) {
        var transferred: Int32 = 0
        let code = buffer.withUnsafeMutableBufferPointer { pointer in
            libusb_bulk_transfer(handle, endpoint, pointer.baseAddress, Int32(pointer.count), &transferred, timeoutMilliseconds)
        }
        return (code == 0 ? nil : LibUSBError(rawValue: code), Int(transferred))
    }

    /// `libusb_alloc_transfer` and `libusb_fill_bulk_transfer`: an asynchronous bulk IN transfer of up to `length` bytes
    /// on `endpoint`, not yet submitted. Its C callback runs on whichever thread handles libusb's events (the host's
    /// event thread, or a thread inside a synchronous transfer of the same context): it copies what arrived and calls
    /// `done` there, then frees the transfer and its buffer. `done` must return at once; once it has been called the
    /// `BulkTransfer` is gone, so whoever cancels must know (under the same lock `done` takes) that it has not run yet.
    /// nil when libusb cannot allocate a transfer. Submit it with `submit(_:)`; when that fails, `discard(_:)` it.
    static func bulkInTransfer(_ handle: OpaquePointer, endpoint: UInt8, length: Int, timeoutMilliseconds: UInt32,
                               _ done: @escaping @Sendable (TransferCompletion) -> Void) -> BulkTransfer? {
        guard let transfer = libusb_alloc_transfer(0) else { return nil }
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, length))
        let box = Unmanaged.passRetained(TransferBox(done))   // released after the callback, or by `discard`
        libusb_fill_bulk_transfer(transfer, handle, endpoint, buffer, Int32(length), { transfer in
            guard let transfer, let userData = transfer.pointee.user_data else { return }
            let box = Unmanaged<TransferBox>.fromOpaque(userData).takeRetainedValue()
            let received = Int(max(0, transfer.pointee.actual_length))
            let completion = TransferCompletion(status: TransferStatus(transfer.pointee.status),
                                                data: Array(UnsafeBufferPointer(start: transfer.pointee.buffer, count: received)))
            box.done(completion)
            let buffer = transfer.pointee.buffer
            libusb_free_transfer(transfer)   // only now, after libusb is done with it
            buffer?.deallocate()
            // The box's closure may hold the last reference to a device handle, and that one to the host, whose deinit
            // stops (and waits for) the event thread we may be on: let go of it elsewhere.
            DispatchQueue.global().async { withExtendedLifetime(box) {} }
        }, box.toOpaque(), timeoutMilliseconds)
        return BulkTransfer(pointer: transfer)
    }

    /// `libusb_submit_transfer`. On success the callback runs exactly once, later, on a thread handling events.
    static func submit(_ transfer: BulkTransfer) -> LibUSBError? {
        let code = libusb_submit_transfer(transfer.pointer)
        return code == 0 ? nil : LibUSBError(rawValue: code)
    }

    /// `libusb_cancel_transfer`: the transfer then completes (its callback runs) with `.cancelled`, or with what it
    /// ended with if it was ending anyway. Call only while the callback has not run.
    @discardableResult
    static func cancel(_ transfer: BulkTransfer) -> LibUSBError? {
        let code = libusb_cancel_transfer(transfer.pointer)
        return code == 0 ? nil : LibUSBError(rawValue: code)
    }

    /// `libusb_free_transfer` for a transfer whose submission failed (its callback will never run).
    static func discard(_ transfer: BulkTransfer) {
        let pointer = transfer.pointer
        if let userData = pointer.pointee.user_data { Unmanaged<TransferBox>.fromOpaque(userData).release() }
        let buffer = pointer.pointee.buffer
        libusb_free_transfer(pointer)
        buffer?.deallocate()
    }

    /// `libusb_control_transfer` (blocking; on a handle's OUT queue; handles events while it waits, like `bulk`).
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

/// An allocated libusb transfer (`libusb_transfer *`); valid until its callback ran, or until `discard`.
struct BulkTransfer: @unchecked Sendable {   // libusb transfers may be submitted and cancelled from any thread
    let pointer: UnsafeMutablePointer<libusb_transfer>
}

/// How an asynchronous transfer ended (`libusb_transfer_status`).
enum TransferStatus: Sendable, Equatable, CustomStringConvertible {
    case completed, error, timedOut, cancelled, stall, noDevice, overflow
    case other(UInt32)

    init(_ status: libusb_transfer_status) {
        switch status {
        case LIBUSB_TRANSFER_COMPLETED: self = .completed
        case LIBUSB_TRANSFER_ERROR: self = .error
        case LIBUSB_TRANSFER_TIMED_OUT: self = .timedOut
        case LIBUSB_TRANSFER_CANCELLED: self = .cancelled
        case LIBUSB_TRANSFER_STALL: self = .stall
        case LIBUSB_TRANSFER_NO_DEVICE: self = .noDevice
        case LIBUSB_TRANSFER_OVERFLOW: self = .overflow
        default: self = .other(status.rawValue)
        }
    }

    /// libusb's name for the status (`LIBUSB_TRANSFER_…`).
    var description: String {
        switch self {
        case .completed: "LIBUSB_TRANSFER_COMPLETED"
        case .error: "LIBUSB_TRANSFER_ERROR"
        case .timedOut: "LIBUSB_TRANSFER_TIMED_OUT"
        case .cancelled: "LIBUSB_TRANSFER_CANCELLED"
        case .stall: "LIBUSB_TRANSFER_STALL"
        case .noDevice: "LIBUSB_TRANSFER_NO_DEVICE"
        case .overflow: "LIBUSB_TRANSFER_OVERFLOW"
        case .other(let raw): "libusb transfer status \(raw)"
        }
    }
}

/// What an asynchronous transfer's callback saw: its status and the bytes that arrived (`actual_length`).
struct TransferCompletion: Sendable {
    let status: TransferStatus
    let data: [UInt8]
}

/// The Swift side of an asynchronous transfer: what its C callback calls, through `user_data`.
final class TransferBox: Sendable {
    let done: @Sendable (TransferCompletion) -> Void
    init(_ done: @escaping @Sendable (TransferCompletion) -> Void) { self.done = done }
}
