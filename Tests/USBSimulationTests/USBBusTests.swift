import RigCore
import Synchronization
import Testing
import USBLink
import USBSimulation

/// A CDC-ACM-shaped loopback: what the host writes comes back upper-cased after 10 ms.
private final class Loopback: SimulatedUSBFunction {
    let descriptor = USBDeviceDescriptor(
        vendorID: 0x0451, productID: 0x16AA, serialNumber: "LOOP1", manufacturer: "RigKit", product: "Loopback",
        interfaces: [
            USBInterfaceDescriptor(number: 0, interfaceClass: 0x02, interfaceSubclass: 0x02, endpoints: [
                USBEndpointDescriptor(address: 0x83, transferType: .interrupt, maxPacketSize: 16)]),
            USBInterfaceDescriptor(number: 1, interfaceClass: 0x0A, endpoints: [
                USBEndpointDescriptor(address: 0x81, transferType: .bulk, maxPacketSize: 64),
                USBEndpointDescriptor(address: 0x02, transferType: .bulk, maxPacketSize: 64)]),
        ])
    let clock: any RigClock
    let port = Mutex<USBDevicePort?>(nil)
    let lineCoding = Mutex<[UInt8]>([])

    init(clock: any RigClock) { self.clock = clock }

    func received(_ data: [UInt8], endpoint: UInt8) async {
        try? await clock.sleep(for: .milliseconds(10))
        port.withLock { $0 }?.send(data.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 32 : $0 }, endpoint: 0x81)
    }

    func control(requestType: UInt8, request: UInt8, value: UInt16, index: UInt16, data: [UInt8]) async throws(USBError) -> [UInt8] {
        switch request {
        case CDCRequest.setLineCoding: lineCoding.withLock { $0 = data }; return []
        case CDCRequest.getLineCoding: return lineCoding.withLock { $0 }
        case CDCRequest.setControlLineState: return []
        default: throw .stall(endpoint: 0)
        }
    }

    func plugged(into port: USBDevicePort) async { self.port.withLock { $0 = port } }
    func unplugged() async { port.withLock { $0 = nil } }
}

private func onBus<T: Sendable>(_ body: @escaping @Sendable (VirtualClock, SimulatedUSBBus, Loopback, USBDevicePort) async throws -> T) async throws -> T {
    let clock = VirtualClock()
    let trace = TraceLog(clock: clock)
    return try await clock.run {
        let bus = SimulatedUSBBus(clock: clock, trace: trace)
        let device = Loopback(clock: clock)
        let port = await bus.plug(device, role: "loop")
        return try await body(clock, bus, device, port)
    }
}

@Suite struct USBBusTests {
    @Test func bulkOutThenInAndCDCControlRequests() async throws {
        let (echo, coding, at) = try await onBus { clock, bus, _, _ in
            let handle = try await bus.open(USBDeviceMatch(vendorID: 0x0451, productID: 0x16AA))
            try await handle.claimInterface(1)
            _ = try await handle.control(requestType: CDCRequest.classInterfaceOut, request: CDCRequest.setLineCoding, value: 0, index: 0,
                                         data: CDCRequest.lineCoding(baud: 115_200), timeout: .seconds(1))
            let coding = try await handle.control(requestType: CDCRequest.classInterfaceIn, request: CDCRequest.getLineCoding, value: 0, index: 0,
                                                  data: [], timeout: .seconds(1))
            _ = try await handle.bulkOut(endpoint: 0x02, Array("ping".utf8), timeout: .seconds(1))
            let echo = try await handle.bulkIn(endpoint: 0x81, maxLength: 64, timeout: .seconds(1))
            return (String(decoding: echo, as: UTF8.self), coding, clock.now)
        }
        #expect(echo == "PING")
        #expect(coding == [0x00, 0xC2, 0x01, 0x00, 0, 0, 8])
        #expect(at == RigInstant(offset: .milliseconds(10)))
    }

    @Test func anIdleInTimesOutAfterItsLimit() async throws {
        let (error, at) = try await onBus { clock, bus, _, _ -> (USBError?, RigInstant) in
            let handle = try await bus.open(USBDeviceMatch(vendorID: 0x0451, productID: 0x16AA, serialNumber: "LOOP1"))
            try await handle.claimInterface(1)
            do throws(USBError) { _ = try await handle.bulkIn(endpoint: 0x81, maxLength: 64, timeout: .milliseconds(250)) } catch {
                return (error, clock.now)
            }
            return (nil, clock.now)
        }
        #expect(error == .timeout(endpoint: 0x81, after: .milliseconds(250), transferred: 0))
        #expect(at == RigInstant(offset: .milliseconds(250)))
    }

    @Test func unplugMidTransferStallsBusyAndNotFound() async throws {
        let errors = try await onBus { clock, bus, _, port -> [USBError] in
            var errors: [USBError] = []
            do throws(USBError) { _ = try await bus.open(USBDeviceMatch(vendorID: 0x0451, productID: 0x16AA, serialNumber: "OTHER")) } catch { errors.append(error) }
            let handle = try await bus.open(USBDeviceMatch(vendorID: 0x0451, productID: 0x16AA))
            try await handle.claimInterface(1)
            let second = try await bus.open(USBDeviceMatch(vendorID: 0x0451, productID: 0x16AA))
            do throws(USBError) { try await second.claimInterface(1) } catch { errors.append(error) }
            port.stall(endpoint: 0x02)
            do throws(USBError) { _ = try await handle.bulkOut(endpoint: 0x02, [1], timeout: .seconds(1)) } catch { errors.append(error) }
            _ = clock.spawn { try? await clock.sleep(for: .milliseconds(100)); await bus.unplug(role: "loop") }
            do throws(USBError) { _ = try await handle.bulkIn(endpoint: 0x81, maxLength: 64, timeout: .seconds(5)) } catch { errors.append(error) }
            do throws(USBError) { _ = try await handle.bulkOut(endpoint: 0x02, [1], timeout: .seconds(1)) } catch { errors.append(error) }
            return errors
        }
        #expect(errors == [.notFound(USBDeviceMatch(vendorID: 0x0451, productID: 0x16AA, serialNumber: "OTHER")), .busy(interface: 1),
                           .stall(endpoint: 0x02), .noDevice, .noDevice])
    }

    @Test func hotplugEventsFollowPlugAndUnplug() async throws {
        let events = try await onBus { clock, bus, device, _ -> [USBHotplugEvent] in
            let stream = await bus.hotplugEvents()
            await bus.unplug(role: "loop")
            await bus.plug(device, role: "loop")
            var events: [USBHotplugEvent] = []
            for await event in stream {
                events.append(event)
                if events.count == 2 { break }
            }
            return events
        }
        #expect(events.map { if case .arrived = $0 { "arrived" } else { "left" } } == ["left", "arrived"])
    }

    @Test func errorsSayWhatToDo() {
        #expect("\(USBError.accessDenied(node: "/dev/bus/usb/001/004"))".contains("udev rule"))
        #expect("\(USBError.notFound(USBDeviceMatch(vendorID: 0x0451, productID: 0x16AA, serialNumber: "X")))" == "no USB device 0451:16aa serial X is plugged in")
    }
}

import Foundation

@Suite struct USBCaptureTests {
    @Test func transfersBecomeAUsbmonPcapThatTsharkDecodes() async throws {
        let clock = VirtualClock()
        let trace = TraceLog(clock: clock)
        try await clock.run {
            let bus = SimulatedUSBBus(clock: clock, trace: trace)
            await bus.plug(Loopback(clock: clock), role: "loop")
            let handle = try await bus.open(USBDeviceMatch(vendorID: 0x0451, productID: 0x16AA))
            try await handle.claimInterface(1)
            _ = try await handle.bulkOut(endpoint: 0x02, Array("ping".utf8), timeout: .seconds(1))
            _ = try await handle.bulkIn(endpoint: 0x81, maxLength: 64, timeout: .seconds(1))
        }
        #expect(USBCaptureExport.devices(in: trace.all) == ["loop"])
        let capture = USBCaptureExport.pcap(trace.all, device: "loop", unixStart: 1_767_225_600)
        #expect(capture.prefix(4) == [0xD4, 0xC3, 0xB2, 0xA1])
        let expectedSize: Int = 24 + 4 * (16 + 48) + 8
        #expect(capture.count == expectedSize)
        guard let tshark = ["/usr/bin/tshark", "/usr/local/bin/tshark"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            print("tshark is not installed; the decode check is skipped")
            return
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rigkit-\(UUID().uuidString).pcap").path
        try Data(capture).write(to: URL(fileURLWithPath: path))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tshark)
        process.arguments = ["-r", path, "-T", "fields", "-e", "usb.endpoint_address", "-e", "usb.capdata"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = Pipe()
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines: [String] = output.split(separator: "\n").map(String.init)
        let expected: [String] = ["0x02\t70696e67", "0x02\t", "0x81\t", "0x81\t50494e47"]
        #expect(lines == expected)
    }
}
