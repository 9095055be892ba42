// vm-usb-check: unplug and replug through RigKit's libusb backend, in the QEMU USB lane's guest.
//
//   vm-usb-check --unplug COMMAND --replug COMMAND [--serial SERIAL]
//
// The device is a configfs ACM gadget with the MX-1502 IDs (1209:0d02) on dummy_hcd with Tools/mx-gadget answering DMCC behind
// it. The cable is pulled and plugged back by running COMMAND with /bin/sh (the lane unloads and loads
// g_serial): the device leaves the host's bus and enumerates again, as on a cable pull. (The UDC's
// soft_connect would be closer, but dummy_hcd in Debian's 6.1 does not enumerate again after it: error -71.)
// Checks, one PASS or FAIL line each: a bulk IN pending on LibUSBHost ends with an error when the device
// leaves and the next transfer with `.noDevice`; MXReader goes unavailable and disconnected, answers
// `readerOffline`, and after replug is available again, connects and reports its type. Exits 1 when any
// check fails. Each COMMAND should carry its own time limit (`timeout 30 rmmod g_serial`).
import Foundation
import CognexReader
import RigCore
import USBLibUSB
import USBLink

/// The checks' verdicts, in order.
final class Verdicts: @unchecked Sendable {
    // Only touched from the main task, one check after another.
    private(set) var failures = 0

    func check(_ name: String, _ passed: Bool, _ detail: String) {
        FileHandle.standardOutput.write(Data("\(passed ? "PASS" : "FAIL") \(name): \(detail)\n".utf8))
        if !passed { failures += 1 }
    }
}

/// Why the check could not go on.
enum CheckFailure: Error, CustomStringConvertible {
    /// The command line is wrong.
    case usage(String)
    /// The unplug or replug command could not start or failed.
    case cable(command: String, why: String)

    var description: String {
        switch self {
        case .usage(let why): "\(why)\nusage: vm-usb-check --unplug COMMAND --replug COMMAND [--serial SERIAL]"
        case .cable(let command, let why): "the cable command `\(command)` \(why)"
        }
    }
}

/// Runs a cable command (unplug or replug) with /bin/sh and waits for it.
func runCable(_ command: String) throws(CheckFailure) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    do { try process.run() } catch { throw .cable(command: command, why: "did not start: \(error)") }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw .cable(command: command, why: "exited with status \(process.terminationStatus)") }
}

/// Polls `condition` every 100 ms on `clock` until it holds or `limit` has passed; whether it held.
func eventually(within limit: Duration, clock: any RigClock, _ condition: () async -> Bool) async -> Bool {
    let deadline = clock.now + limit
    while clock.now < deadline {
        if await condition() { return true }
        try? await clock.sleep(for: .milliseconds(100))
    }
    return await condition()
}

extension USBError {
    /// Whether this is an I/O error (libusb's LIBUSB_ERROR_IO, a transfer that failed on the wire).
    var isIOError: Bool { if case .io = self { true } else { false } }
}

var unplug: String?
var replug: String?
var serial = "VMGADGET1502"
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--unplug": unplug = arguments.popFirst()
    case "--replug": replug = arguments.popFirst()
    case "--serial": serial = arguments.popFirst() ?? serial
    default: FileHandle.standardError.write(Data("\(CheckFailure.usage("unknown argument \(argument)"))\n".utf8)); exit(2)
    }
}
guard let unplug, let replug else { FileHandle.standardError.write(Data("\(CheckFailure.usage("--unplug and --replug are required"))\n".utf8)); exit(2) }

let verdicts = Verdicts()
let clock = WallClock()
let trace = TraceLog(clock: clock)
let match = USBDeviceMatch(vendorID: 0x1209, productID: 0x0D02, serialNumber: serial)

do {
    let host = try LibUSBHost(clock: clock, pollInterval: .milliseconds(200))
    let present = await eventually(within: .seconds(10), clock: clock) { await host.devices().contains { match.matches($0) } }
    verdicts.check("enumerate", present, "devices: " + (await host.devices()).map { "\($0.ids) serial \($0.serialNumber ?? "-")" }.joined(separator: ", "))

    // 1. LibUSBHost directly: a bulk IN waits on the data interface while the cable is pulled.
    let handle = try await host.open(match)
    guard let data = handle.descriptor.interfaces.first(where: { $0.bulkEndpoint(in: true) != nil && $0.bulkEndpoint(in: false) != nil }),
          let inEP = data.bulkEndpoint(in: true) else {
        verdicts.check("data interface", false, "the gadget has no interface with a bulk IN/OUT pair")
        exit(1)
    }
    try await handle.claimInterface(data.number)
    verdicts.check("claim", true, "claimed interface \(data.number) (cdc_acm detached), bulk IN 0x\(String(inEP.address, radix: 16))")
    let pending = Task { () throws -> [UInt8] in
        try await handle.bulkIn(endpoint: inEP.address, maxLength: 512, timeout: .seconds(8))
    }
    try? await clock.sleep(for: .milliseconds(300))
    try runCable(unplug)
    switch await pending.result {
    case .success(let bytes): verdicts.check("pending IN on unplug", false, "received \(bytes.count) bytes instead of .noDevice")
    case .failure(let error):
        // The kernel ends URBs on a leaving device with -ESHUTDOWN (.noDevice); dummy_hcd may end them first
        // with -EPROTO (.io) once the gadget's endpoints are gone, as a real controller may on a cable pull.
        let ended = (error as? USBError).map { $0 == .noDevice || $0.isIOError } ?? false
        verdicts.check("pending IN on unplug", ended, "ended with: \(error)")
    }
    do {
        _ = try await handle.bulkOut(endpoint: data.bulkEndpoint(in: false)!.address, Array("x".utf8), timeout: .seconds(2))
        verdicts.check("OUT after unplug", false, "bulk OUT succeeded")
    } catch {
        verdicts.check("OUT after unplug", error == .noDevice, "\(error)")
    }
    await handle.close()
    let gone = await eventually(within: .seconds(10), clock: clock) { !(await host.devices().contains { match.matches($0) }) }
    verdicts.check("left the bus", gone, gone ? "\(match) is no longer listed" : "\(match) still listed 10 s after unplug")
    try runCable(replug)

    // 2. MXReader on LibUSBHost: connected, cable pulled, cable back.
    let reader = MXReader(name: "reader", host: host, match: match, clock: clock, trace: trace)
    await reader.watchAvailability()
    let back = await eventually(within: .seconds(10), clock: clock) { await reader.availability == .available }
    verdicts.check("available after replug", back, "availability \(await reader.availability)")
    try await reader.connect()
    verdicts.check("connect", await reader.deviceType == "MX-1502", "device type \(await reader.deviceType ?? "-")")
    let serialReply = await reader.send("GET DEVICE.SERIAL-NUMBER")
    verdicts.check("serial", serialReply.payload == serial, "GET DEVICE.SERIAL-NUMBER → \(serialReply.status) \(serialReply.payload)")

    try runCable(unplug)
    let lost = await eventually(within: .seconds(10), clock: clock) {
        let availability = await reader.availability
        let state = await reader.connectionState
        return availability == .unavailable && state == .disconnected
    }
    verdicts.check("reader sees unplug", lost, "availability \(await reader.availability), state \(await reader.connectionState)")
    let offline = await reader.send("GET DEVICE.TYPE")
    verdicts.check("command while unplugged", offline.status == .readerOffline, "status \(offline.status)")

    try runCable(replug)
    let again = await eventually(within: .seconds(10), clock: clock) { await reader.availability == .available }
    verdicts.check("reader sees replug", again, "availability \(await reader.availability)")
    try await reader.connect()
    let type = await reader.send("GET DEVICE.TYPE")
    verdicts.check("reconnect", await reader.connectionState == .connected && type.payload == "MX-1502",
                   "state \(await reader.connectionState), GET DEVICE.TYPE → \(type.status) \(type.payload)")
    await reader.disconnect()
    // Which mechanism followed the bus (the reader's unplug and replug above came from it: nothing listed the bus then).
    let statistics = host.hotplugStatistics
    print("INFO hotplug mechanism: \(host.hotplugMechanism.map { "\($0)" } ?? "none"); \(statistics.callbackEvents) event(s) from callbacks, "
          + "\(statistics.listingEvents) from listings, \(statistics.deviceReads) device read(s)")
} catch {
    verdicts.check("vm-usb-check", false, "stopped: \(error)")
}
exit(verdicts.failures == 0 ? 0 : 1)
