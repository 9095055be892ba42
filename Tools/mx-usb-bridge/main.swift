// mx-usb-bridge: RigKit's MX-1502 simulator behind a Unix socket, the device side of the umockdev USB lane.
//
//   mx-usb-bridge --socket PATH [--serial SERIAL]
//
// Tools/umockdev-mx (the emulated usbdevfs device) connects to PATH, sends every bulk OUT payload
// and receives the reader's bulk IN data. Frames both ways: u32 little-endian payload length,
// u8 endpoint, payload. The simulator runs on the wall clock on an in-memory bus; one reader
// serves each connection in turn, keeping its settings between them, as a reader on a cable does.
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import CognexSimulator
import RigCore
import USBLink
import USBSimulation

/// What the bridge was asked to do, from its arguments.
struct BridgeOptions {
    var socketPath: String
    var serial = "UMOCK1502"

    init(_ arguments: [String]) throws(BridgeFailure) {
        var path: String?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--socket": path = rest.popFirst()
            case "--serial": if let s = rest.popFirst() { serial = s }
            default: throw .usage("unknown argument \(argument)")
            }
        }
        guard let path else { throw .usage("--socket PATH is required") }
        socketPath = path
    }
}

/// Why the bridge stopped.
enum BridgeFailure: Error, CustomStringConvertible {
    /// The command line is wrong.
    case usage(String)
    /// A socket call failed on `path`.
    case socket(call: String, path: String, errno: Int32)

    var description: String {
        switch self {
        case .usage(let why): "\(why)\nusage: mx-usb-bridge --socket PATH [--serial SERIAL]"
        case .socket(let call, let path, let code): "\(call) on \(path) failed: \(String(cString: strerror(code)))"
        }
    }
}

/// A frame of the lane's wire format.
struct BridgeFrame: Sendable {
    var endpoint: UInt8
    var payload: [UInt8]

    var encoded: [UInt8] {
        let n = UInt32(payload.count)
        return [UInt8(n & 0xFF), UInt8((n >> 8) & 0xFF), UInt8((n >> 16) & 0xFF), UInt8(n >> 24), endpoint] + payload
    }
}

/// Blocking socket I/O on one connected descriptor, used from one reader thread and one writer task.
struct Connection: Sendable {
    let fd: Int32

    func readFrame() -> BridgeFrame? {
        guard let header = read(count: 5) else { return nil }
        let n = Int(header[0]) | Int(header[1]) << 8 | Int(header[2]) << 16 | Int(header[3]) << 24
        guard let payload = read(count: n) else { return nil }
        return BridgeFrame(endpoint: header[4], payload: payload)
    }

    private func read(count: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = out.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, count - done) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return nil }
            done += n
        }
        return out
    }

    @discardableResult
    func write(_ frame: BridgeFrame) -> Bool {
        let bytes = frame.encoded
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + done, bytes.count - done, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            done += n
        }
        return true
    }
}

func listen(on path: String) throws(BridgeFailure) -> Int32 {
    unlink(path)
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw .socket(call: "socket", path: path, errno: errno) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard path.utf8.count < capacity else { throw .usage("socket path \(path) is longer than \(capacity - 1) bytes") }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        for (i, byte) in path.utf8.enumerated() { raw[i] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard bound == 0 else { throw .socket(call: "bind", path: path, errno: errno) }
    guard Glibc.listen(fd, 1) == 0 else { throw .socket(call: "listen", path: path, errno: errno) }
    return fd
}

/// Serves one connection: OUT frames in order to the reader, the reader's IN data back, until the peer closes.
func serve(_ connection: Connection, handle: any USBDeviceHandle) async {
    let (outFrames, outContinuation) = AsyncStream.makeStream(of: BridgeFrame.self, bufferingPolicy: .unbounded)
    let reader = Thread {
        while let frame = connection.readFrame() { outContinuation.yield(frame) }
        outContinuation.finish()
    }
    reader.start()
    let pump = Task {
        while !Task.isCancelled {
            do throws(USBError) {
                let data = try await handle.bulkIn(endpoint: MXReaderSimulator.bulkIn, maxLength: 4096, timeout: .milliseconds(100))
                if !data.isEmpty { connection.write(BridgeFrame(endpoint: MXReaderSimulator.bulkIn, payload: data)) }
            } catch .timeout(_, _, _) {
                continue
            } catch {
                if Task.isCancelled { return }
                writeToStandardError("mx-usb-bridge: bulk IN from the simulator failed: \(error)\n")
                return
            }
        }
    }
    for await frame in outFrames where frame.endpoint == MXReaderSimulator.bulkOut {
        do { _ = try await handle.bulkOut(endpoint: frame.endpoint, frame.payload, timeout: .seconds(1)) } catch {
            writeToStandardError("mx-usb-bridge: bulk OUT to the simulator failed: \(error)\n")
        }
    }
    pump.cancel()
    _ = await pump.value
}

func writeToStandardError(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }

do {
    let options = try BridgeOptions(Array(CommandLine.arguments.dropFirst()))
    let clock = WallClock()
    let trace = TraceLog(clock: clock)
    let bus = SimulatedUSBBus(clock: clock, trace: trace)
    let simulator = MXReaderSimulator(role: "reader", model: "MX-1502", serialNumber: options.serial, vendorID: 0x1209, productID: 0x0D02,
                                      batteryPercent: 90, clock: clock, trace: trace, seed: 1)
    await bus.plug(simulator, role: "reader")
    let handle = try await bus.open(USBDeviceMatch(vendorID: 0x1209, productID: 0x0D02, serialNumber: options.serial))
    try await handle.claimInterface(0)
    let listener = try listen(on: options.socketPath)
    FileHandle.standardOutput.write(Data("mx-usb-bridge: MX-1502 serial \(options.serial) listening on \(options.socketPath)\n".utf8))
    while true {
        let fd = accept(listener, nil, nil)
        if fd < 0 {
            if errno == EINTR { continue }
            throw BridgeFailure.socket(call: "accept", path: options.socketPath, errno: errno)
        }
        await serve(Connection(fd: fd), handle: handle)
        close(fd)
    }
} catch {
    writeToStandardError("mx-usb-bridge: \(error)\n")
    exit(1)
}
