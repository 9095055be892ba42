// mx-gadget: RigKit's MX-1502 simulator behind a USB gadget tty, the device side of the QEMU USB lane.
//
//   mx-gadget [--tty /dev/ttyGS0] [--serial SERIAL]
//
// Inside the lane's guest, g_serial on dummy_hcd makes a CDC ACM device on the guest's own USB bus;
// what the host side writes to its bulk OUT endpoint arrives on the gadget tty, and what is written to
// the tty goes out on bulk IN. This tool feeds every byte read from the tty to an MXReaderSimulator on
// an in-memory bus (wall clock) and writes the reader's bulk IN data back: all of DMCC stays in Swift.
// When the cable is pulled (g_serial unloaded, or the UDC disconnects) the tty hangs up; the tool reopens
// it once it is back and serves the next connection with the same reader, keeping its settings, as a
// reader on a cable does.
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import CognexSimulator
import RigCore
import USBLink
import USBSimulation

/// What the tool was asked to do, from its arguments.
struct GadgetOptions {
    var ttyPath = "/dev/ttyGS0"
    var serial = "VMGADGET1502"

    init(_ arguments: [String]) throws(GadgetFailure) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--tty": guard let p = rest.popFirst() else { throw .usage("--tty needs a path") }; ttyPath = p
            case "--serial": guard let s = rest.popFirst() else { throw .usage("--serial needs a value") }; serial = s
            default: throw .usage("unknown argument \(argument)")
            }
        }
    }
}

/// Why the tool stopped.
enum GadgetFailure: Error, CustomStringConvertible {
    /// The command line is wrong.
    case usage(String)
    /// A terminal call failed on `path`.
    case tty(call: String, path: String, errno: Int32)

    var description: String {
        switch self {
        case .usage(let why): "\(why)\nusage: mx-gadget [--tty PATH] [--serial SERIAL]"
        case .tty(let call, let path, let code): "\(call) on \(path) failed: \(String(cString: strerror(code)))"
        }
    }
}

/// One open of the gadget tty in raw mode: blocking reads on a reader thread, writes from the pump task.
struct GadgetTTY: Sendable {
    let fd: Int32

    /// Opens `path` without waiting for carrier and switches it to raw mode (no echo, no line discipline).
    static func open(_ path: String) throws(GadgetFailure) -> GadgetTTY {
        let fd = Glibc.open(path, O_RDWR | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { throw .tty(call: "open", path: path, errno: errno) }
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
        var settings = termios()
        guard tcgetattr(fd, &settings) == 0 else { let e = errno; close(fd); throw .tty(call: "tcgetattr", path: path, errno: e) }
        cfmakeraw(&settings)
        guard tcsetattr(fd, TCSANOW, &settings) == 0 else { let e = errno; close(fd); throw .tty(call: "tcsetattr", path: path, errno: e) }
        return GadgetTTY(fd: fd)
    }

    /// The next bytes the host sent, or nil once the tty hung up (the host side went away).
    func read() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return nil }
            return Array(buffer[..<n])
        }
    }

    /// Writes all of `bytes`; false when the tty hung up.
    func write(_ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            done += n
        }
        return true
    }
}

/// Serves one open of the tty: bytes in order to the reader's bulk OUT, its bulk IN data back, until hang-up.
func serve(_ tty: GadgetTTY, handle: any USBDeviceHandle) async {
    let (incoming, continuation) = AsyncStream.makeStream(of: [UInt8].self, bufferingPolicy: .unbounded)
    let reader = Thread {
        while let bytes = tty.read() { continuation.yield(bytes) }
        continuation.finish()
    }
    reader.start()
    let pump = Task {
        while !Task.isCancelled {
            do throws(USBError) {
                let data = try await handle.bulkIn(endpoint: MXReaderSimulator.bulkIn, maxLength: 4096, timeout: .milliseconds(100))
                if !data.isEmpty && !tty.write(data) { return }
            } catch .timeout(_, _, _) {
                continue
            } catch {
                if Task.isCancelled { return }
                writeToStandardError("mx-gadget: bulk IN from the simulator failed: \(error)\n")
                return
            }
        }
    }
    for await bytes in incoming {
        do { _ = try await handle.bulkOut(endpoint: MXReaderSimulator.bulkOut, bytes, timeout: .seconds(1)) } catch {
            writeToStandardError("mx-gadget: bulk OUT to the simulator failed: \(error)\n")
        }
    }
    pump.cancel()
    _ = await pump.value
}

func writeToStandardError(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
func say(_ text: String) { FileHandle.standardOutput.write(Data("mx-gadget: \(text)\n".utf8)) }

do {
    let options = try GadgetOptions(Array(CommandLine.arguments.dropFirst()))
    let clock = WallClock()
    let trace = TraceLog(clock: clock)
    let bus = SimulatedUSBBus(clock: clock, trace: trace)
    // The simulator's own IDs only name it on the in-memory bus; the host sees the gadget's (g_serial's) IDs.
    let simulator = MXReaderSimulator(role: "reader", model: "MX-1502", serialNumber: options.serial, vendorID: 0x0525, productID: 0xA4A7,
                                      batteryPercent: 90, clock: clock, trace: trace, seed: 1)
    await bus.plug(simulator, role: "reader")
    let handle = try await bus.open(USBDeviceMatch(vendorID: 0x0525, productID: 0xA4A7, serialNumber: options.serial))
    try await handle.claimInterface(0)
    var sessions = 0
    while true {
        // While the gadget driver is unloaded (the lane's unplug) the node is gone: wait for it to come back.
        let tty: GadgetTTY
        do { tty = try GadgetTTY.open(options.ttyPath) } catch {
            guard case .tty("open", _, let code) = error, [ENOENT, ENODEV, ENXIO, EIO].contains(code), sessions > 0 else { throw error }
            try await clock.sleep(for: .milliseconds(200))
            continue
        }
        sessions += 1
        say("MX-1502 serial \(options.serial) serving \(options.ttyPath) (open \(sessions))")
        await serve(tty, handle: handle)
        close(tty.fd)
        say("\(options.ttyPath) hung up; reopening")
        try await clock.sleep(for: .milliseconds(200))
    }
} catch {
    writeToStandardError("mx-gadget: \(error)\n")
    exit(1)
}
