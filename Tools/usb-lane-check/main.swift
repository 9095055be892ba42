// usb-lane-check: drives RigKit's libusb backend (LibUSBHost) against the MX-1502 that
// Tools/umockdev-mx emulates, and checks each outcome and its message. It serves the device side
// itself: an MX simulator behind the emulator's socket (USBDeviceSide), as a rig's usb-gadget link does.
//
//   umockdev-mx --device mx:1209:0d02:SERIAL:MX-1502:SOCKET -- usb-lane-check --socket SOCKET [--serial SERIAL]
//   ... -- setpriv --reuid=nobody ... usb-lane-check --access-denied   (the node is 0600 root)
//
// Prints one PASS or FAIL line per check; exits 1 when any check fails.
import CognexSimulator
import Foundation
import RigCore
import USBDeviceSide
import USBLibUSB
import USBLink
import USBSimulation

/// The checks' verdicts, in order.
final class Verdicts: @unchecked Sendable {
    // Only touched from the main task, one check after another.
    private(set) var failures = 0

    func check(_ name: String, _ passed: Bool, _ detail: String) {
        FileHandle.standardOutput.write(Data("\(passed ? "PASS" : "FAIL") \(name): \(detail)\n".utf8))
        if !passed { failures += 1 }
    }
}

/// Reads bulk IN until the text received contains `expected` or `attempts` reads came back empty-handed.
func read(until expected: String, from handle: any USBDeviceHandle, attempts: Int = 5) async -> (String, USBError?) {
    var received = ""
    var lastError: USBError?
    for _ in 0..<attempts where !received.contains(expected) {
        do {
            let data = try await handle.bulkIn(endpoint: 0x81, maxLength: 512, timeout: .seconds(2))
            received += String(decoding: data, as: UTF8.self)
        } catch {
            lastError = error
        }
    }
    return (received, lastError)
}

/// The first device that leaves the bus, or nil when none leaves within `limit` on `clock`.
func firstLeft(of events: AsyncStream<USBHotplugEvent>, within limit: Duration, clock: any RigClock) async -> USBDeviceDescriptor? {
    await withTaskGroup(of: USBDeviceDescriptor?.self) { group in
        group.addTask {
            for await event in events { if case .left(let device) = event { return device } }
            return nil
        }
        group.addTask {
            try? await clock.sleep(until: clock.now + limit)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}

func printable(_ s: String) -> String { s.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n") }

func option(_ name: String) -> String? {
    guard let i = CommandLine.arguments.firstIndex(of: name), i + 1 < CommandLine.arguments.count else { return nil }
    return CommandLine.arguments[i + 1]
}
let serial = option("--serial") ?? "UMOCK1502"
let verdicts = Verdicts()
let clock = WallClock()
let match = USBDeviceMatch(vendorID: 0x1209, productID: 0x0D02, serialNumber: serial)

if CommandLine.arguments.contains("--access-denied") {
    // Run as a user without access to the node: opening must say which node and that a udev rule fixes it.
    do {
        let host = try LibUSBHost(clock: clock)
        do {
            let handle = try await host.open(match)
            await handle.close()
            verdicts.check("access denied", false, "opened the device as uid \(getuid())")
        } catch {
            let named = if case .accessDenied(let node) = error { node.hasPrefix("/dev/bus/usb/") } else { false }
            verdicts.check("access denied", named && error.description.contains("udev rule"), "uid \(getuid()): \(error.description)")
        }
    } catch {
        verdicts.check("access denied", false, "libusb did not start: \(error)")
    }
    exit(verdicts.failures == 0 ? 0 : 1)
}

// The device side: RigKit's MX-1502 simulator behind the emulator's socket.
let deviceSide: EmulatorSocketChannel
let server: USBFunctionServer
do {
    guard let socket = option("--socket") else { throw DeviceSideError.file(call: "serve", path: "-", reason: "--socket SOCKET is required") }
    let trace = TraceLog(clock: clock)
    let bus = SimulatedUSBBus(clock: clock, trace: trace)
    let simulator = MXReaderSimulator(role: "reader", model: "MX-1502", serialNumber: serial, vendorID: 0x1209, productID: 0x0D02,
                                      batteryPercent: 90, clock: clock, trace: trace, seed: 1)
    await bus.plug(simulator, role: "reader")
    deviceSide = try await EmulatorSocketChannel(socket: socket, inEndpoint: MXReaderSimulator.bulkIn)
    server = USBFunctionServer(bus: bus, match: match, channel: deviceSide, trace: trace, name: "reader")
    try await server.start()
} catch {
    FileHandle.standardError.write(Data("usb-lane-check: cannot serve the device side: \(error)\n".utf8))
    exit(2)
}

do {
    let host = try LibUSBHost(clock: clock, pollInterval: .milliseconds(50))
    let devices = await host.devices()
    let found = devices.first { match.matches($0) }
    verdicts.check("enumerate", found != nil,
                   "devices: " + devices.map { "\($0.ids) serial \($0.serialNumber ?? "-") product \($0.product ?? "-")" }.joined(separator: ", "))
    if let found {
        let endpoints = found.interfaces.first?.endpoints.map { String($0.address, radix: 16) } ?? []
        verdicts.check("descriptors", found.interfaces.count == 1 && found.interfaces[0].interfaceClass == 0xFF && endpoints == ["81", "2"],
                       "\(found.interfaces.count) interface(s), class 0x\(String(found.interfaces.first?.interfaceClass ?? 0, radix: 16)), endpoints \(endpoints)")
    }

    var handle = try await host.open(match)
    verdicts.check("open", true, "opened \(handle.descriptor.ids) serial \(handle.descriptor.serialNumber ?? "-")")

    do {
        try await handle.claimInterface(3)
        verdicts.check("claim missing interface", false, "claiming interface 3 succeeded")
    } catch {
        verdicts.check("claim missing interface", error == .invalidEndpoint(3) && error.description.contains("interface 0x3"),
                       error.description)
    }

    // Another process holds the interface: the emulator answers the claim with EBUSY.
    try deviceSide.command("fault busy")
    do {
        try await handle.claimInterface(0)
        verdicts.check("claim busy interface", false, "the claim succeeded")
    } catch {
        verdicts.check("claim busy interface", error == .busy(interface: 0) && error.description.contains("claimed by another process"),
                       error.description)
    }

    try await handle.claimInterface(0)
    verdicts.check("claim", true, "claimed interface 0")

    let setResponse = Array("||>SET COM.DMCC-RESPONSE 1\r\n".utf8)
    let sent = try await handle.bulkOut(endpoint: 0x02, setResponse, timeout: .seconds(2))
    verdicts.check("bulk OUT", sent == setResponse.count, "sent \(sent) of \(setResponse.count) bytes")
    _ = try await handle.bulkOut(endpoint: 0x02, Array("||0:1>GET DEVICE.TYPE\r\n".utf8), timeout: .seconds(2))
    let (reply, readError) = await read(until: "||0:1[0]MX-1502", from: handle)
    verdicts.check("GET DEVICE.TYPE", reply.contains("||0:1[0]MX-1502"),
                   "received \"\(printable(reply))\"" + (readError.map { ", last error \($0)" } ?? ""))

    // A read left pending (as MXReader's response loop does) must not hold up a command: the pending IN gets the reply.
    let pendingRead = Task { [handle] () throws(USBError) -> [UInt8] in
        try await handle.bulkIn(endpoint: 0x81, maxLength: 512, timeout: .seconds(5))
    }
    try? await clock.sleep(until: clock.now + .milliseconds(100))   // lets the IN reach the device first
    _ = try await handle.bulkOut(endpoint: 0x02, Array("||0:2>GET DEVICE.TYPE\r\n".utf8), timeout: .seconds(2))
    switch await pendingRead.result {
    case .success(let data):
        let text = String(decoding: data, as: UTF8.self)
        verdicts.check("OUT while an IN is pending", text.contains("||0:2[0]MX-1502"), "the pending IN received \"\(printable(text))\"")
    case .failure(let error):
        verdicts.check("OUT while an IN is pending", false, "the pending IN failed: \(error)")
    }

    do {
        let stray = try await handle.bulkIn(endpoint: 0x81, maxLength: 512, timeout: .milliseconds(300))
        verdicts.check("idle bulk IN times out", false, "received \"\(printable(String(decoding: stray, as: UTF8.self)))\"")
    } catch {
        let isTimeout = if case .timeout(0x81, _, 0) = error { true } else { false }
        verdicts.check("idle bulk IN times out", isTimeout && error.description.contains("endpoint 0x81: no completion"),
                       "\(error.description)")
    }

    // The endpoint halts: the emulator ends the next IN URB with -EPIPE.
    try deviceSide.command("fault stall")
    do {
        let data = try await handle.bulkIn(endpoint: 0x81, maxLength: 512, timeout: .seconds(2))
        verdicts.check("stalled bulk IN", false, "received \(data.count) bytes")
    } catch {
        verdicts.check("stalled bulk IN", error == .stall(endpoint: 0x81) && error.description.contains("0x81 stalled"), error.description)
    }

    // Bulk IN is an asynchronous libusb transfer that completes on the host's event thread: on a host that polls the
    // bus (no hotplug callback) only the transfer starts that thread. Closing with an IN pending cancels it: the IN
    // ends at once with the cancelled error, and close() returns without waiting out its 5 s limit.
    await handle.close()
    do {
        let poller = try LibUSBHost(clock: clock, pollInterval: .milliseconds(50), hotplug: .polling)
        let polled = try await poller.open(match)
        try await polled.claimInterface(0)
        _ = try await polled.bulkOut(endpoint: 0x02, Array("||0:3>GET DEVICE.TYPE\r\n".utf8), timeout: .seconds(2))
        let (answer, answerError) = await read(until: "||0:3[0]MX-1502", from: polled)
        verdicts.check("bulk IN on a polling host", answer.contains("||0:3[0]MX-1502"),
                       "received \"\(printable(answer))\"" + (answerError.map { ", last error \($0)" } ?? ""))
        let pending = Task { () throws(USBError) -> [UInt8] in
            try await polled.bulkIn(endpoint: 0x81, maxLength: 512, timeout: .seconds(5))
        }
        try? await clock.sleep(until: clock.now + .milliseconds(100))   // lets the IN reach the device first
        let closing = clock.now
        await polled.close()
        let closedAfter = clock.now - closing
        switch await pending.result {
        case .success(let data):
            verdicts.check("close with IN pending", false, "the pending IN received \(data.count) bytes")
        case .failure(let error):
            verdicts.check("close with IN pending", "\(error)".contains("the handle was closed") && closedAfter < .seconds(1),
                           "closed after \(closedAfter); the pending IN: \(error)")
        }
    }
    handle = try await host.open(match)
    try await handle.claimInterface(0)

    // Cancelling the task that awaits a bulk IN cancels its transfer (as the simulated bus ends such a transfer): it
    // ends at once instead of after its 5 s limit, and the handle goes on working (the unplug check below uses it).
    let cancelledRead = Task { [handle] () throws(USBError) -> [UInt8] in
        try await handle.bulkIn(endpoint: 0x81, maxLength: 512, timeout: .seconds(5))
    }
    try? await clock.sleep(until: clock.now + .milliseconds(100))
    let cancelling = clock.now
    cancelledRead.cancel()
    let cancelledOutcome = await cancelledRead.result
    let cancelledAfter = clock.now - cancelling
    switch cancelledOutcome {
    case .success(let data):
        verdicts.check("cancelled task's IN", false, "the IN received \(data.count) bytes")
    case .failure(let error):
        verdicts.check("cancelled task's IN", "\(error)".contains("its task was cancelled") && cancelledAfter < .seconds(1),
                       "ended after \(cancelledAfter): \(error)")
    }

    // Unplug with an IN pending: the launcher unplugs as soon as it sees the next IN URB.
    if let launcher = ProcessInfo.processInfo.environment["RIGKIT_UMOCKDEV_PID"].flatMap({ Int32($0) }) {
        let events = await host.hotplugEvents()
        // The fallback too: a second host that polls (every 50 ms) must see the same unplug.
        let polling = try LibUSBHost(clock: clock, pollInterval: .milliseconds(50), hotplug: .polling)
        let polled = await polling.hotplugEvents()
        print("INFO hotplug mechanism: \(host.hotplugMechanism.map { "\($0)" } ?? "none"); second host: \(polling.hotplugMechanism.map { "\($0)" } ?? "none")")
        kill(launcher, SIGUSR1)
        do {
            let data = try await handle.bulkIn(endpoint: 0x81, maxLength: 512, timeout: .seconds(10))
            verdicts.check("unplug with IN pending", false, "received \(data.count) bytes")
        } catch {
            verdicts.check("unplug with IN pending", error == .noDevice && error.description.contains("unplugged"), error.description)
        }
        do {
            _ = try await handle.bulkOut(endpoint: 0x02, Array("||0:4>GET DEVICE.TYPE\r\n".utf8), timeout: .seconds(1))
            verdicts.check("bulk OUT after unplug", false, "the transfer succeeded")
        } catch {
            verdicts.check("bulk OUT after unplug", error == .noDevice, error.description)
        }
        let left = await firstLeft(of: events, within: .seconds(10), clock: clock)
        let statistics = host.hotplugStatistics
        verdicts.check("hotplug reports the unplug", left.map { match.matches($0) } ?? false,
                       (left.map { "left: \($0.ids) serial \($0.serialNumber ?? "-")" } ?? "no .left event within 10 s")
                       + " (by \(host.hotplugMechanism.map { "\($0)" } ?? "none"): \(statistics.callbackEvents) event(s) from callbacks, "
                       + "\(statistics.listingEvents) from listings, \(statistics.deviceReads) device read(s))")
        let leftPolled = await firstLeft(of: polled, within: .seconds(10), clock: clock)
        let pollStatistics = polling.hotplugStatistics
        verdicts.check("polling reports the unplug", leftPolled.map { match.matches($0) } ?? false,
                       (leftPolled.map { "left: \($0.ids) serial \($0.serialNumber ?? "-")" } ?? "no .left event within 10 s")
                       + " (\(pollStatistics.listingEvents) event(s) from listings, \(pollStatistics.deviceReads) device read(s))")
    } else {
        verdicts.check("unplug with IN pending", false, "RIGKIT_UMOCKDEV_PID is not set: run under Tools/umockdev-mx")
    }
    await handle.close()
    do {
        _ = try await host.open(match)
        verdicts.check("open after unplug", false, "opened a device that left the bus")
    } catch {
        verdicts.check("open after unplug", error == .notFound(match), error.description)
    }
} catch {
    verdicts.check("lane", false, "stopped early: \(error)")
}
print(verdicts.failures == 0 ? "usb-lane-check: all checks passed" : "usb-lane-check: \(verdicts.failures) check(s) failed")
exit(verdicts.failures == 0 ? 0 : 1)
