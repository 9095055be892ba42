import RigCore

/// A raw HCI socket on one adapter: sends commands and reads the events that answer them and LE meta events.
///
/// Blocking: call it from a worker queue, never from the cooperative pool.
struct HCISocket: Sendable {
    let fd: Int32
    let adapter: String
    private let calls: BlueZCalls

    /// Opens and binds a raw socket to adapter `id`, passing command answers and LE meta events.
    init(adapterID id: Int32, adapter: String, calls: BlueZCalls, doing: String) throws(BlueZError) {
        let fd = calls.socket(BluetoothSocket.family, BluetoothSocket.raw | BluetoothSocket.closeOnExec, BluetoothSocket.protocolHCI)
        if fd < 0 { throw BlueZError.from(fd, adapter: adapter, doing: doing) }
        var r = calls.bind(fd, BluetoothSocket.hciAddress(device: UInt16(id)))
        if r >= 0 {
            r = calls.setOption(fd, BluetoothSocket.levelHCI, BluetoothSocket.optionHCIFilter,
                                BluetoothSocket.hciFilter(packetTypes: [0x04], events: [0x0E, 0x0F, 0x3E]))
        }
        if r < 0 {
            calls.close(fd)
            throw BlueZError.from(r, adapter: adapter, doing: doing)
        }
        self.fd = fd
        self.adapter = adapter
        self.calls = calls
    }

    /// Sends `command` and waits up to `timeout` for its Command Complete or Command Status; throws when the
    /// controller answers with an error or not at all.
    func run(_ command: HCICommand, timeout: Duration = .seconds(2)) throws(BlueZError) {
        let written = calls.write(fd, command.packet)
        if written < 0 { throw BlueZError.from(written, adapter: adapter, doing: command.name) }
        let end = ContinuousClock.now + timeout
        while ContinuousClock.now < end {
            guard let packet = try next(timeout: end - ContinuousClock.now) else { continue }
            guard let answer = HCICommandAnswer.parse(packet), answer.opcode == command.opcode else { continue }
            if answer.status != 0 { throw .controller(command: command.name, status: answer.status, adapter: adapter) }
            return
        }
        throw .system("\(command.name) on \(adapter): no answer from the controller within \(timeout)", errno: 110)
    }

    /// The next event packet within `timeout`, or nil when none came.
    func next(timeout: Duration) throws(BlueZError) -> [UInt8]? {
        let milliseconds = Int32(clamping: max(0, timeout.nanoseconds / 1_000_000))
        let ready = calls.poll(fd, BluetoothSocket.pollIn, milliseconds)
        if ready < 0 { throw BlueZError.from(ready, adapter: adapter, doing: "reading HCI events on \(adapter)") }
        if ready == 0 { return nil }
        switch calls.read(fd, 260) {
        case .success(let bytes): return bytes
        case .failure(let e): throw BlueZError.from(-e.code, adapter: adapter, doing: "reading HCI events on \(adapter)")
        }
    }

    func close() { calls.close(fd) }
}
