import Dispatch

/// Ends an LE link at once when RigKit closes its ATT socket, as a real stack does.
///
/// Closing the last L2CAP channel only drops the kernel's reference to the link, which it then keeps
/// for two seconds (`HCI_DISCONN_TIMEOUT`) in case another channel wants it; a peer would see the
/// disconnect late. So the bearer reads the link's HCI handle (`L2CAP_CONNINFO`) when it opens and, on
/// close, sends HCI Disconnect on the adapter. Without CAP_NET_RAW that fails and the kernel's timer does it.
struct LinkTermination: Sendable {
    let adapterID: Int32
    let adapter: String
    let handle: UInt16
    let calls: BlueZCalls

    /// The termination for the link under connected socket `fd`, or nil when the kernel does not say its handle.
    init?(socket fd: Int32, adapterID: Int32, adapter: String, calls: BlueZCalls) {
        guard case .success(let info) = calls.getOption(fd, BluetoothSocket.levelL2CAP, BluetoothSocket.optionConnectionInfo, 6),
              info.count >= 2 else { return nil }
        self.adapterID = adapterID
        self.adapter = adapter
        handle = UInt16(info[0]) | UInt16(info[1]) << 8
        self.calls = calls
    }

    /// Sends HCI Disconnect for the link (blocking; a worker queue calls it). Errors are not thrown: the
    /// socket closes either way.
    func disconnect(reason: UInt8) -> BlueZError? {
        do {
            let socket = try HCISocket(adapterID: adapterID, adapter: adapter, calls: calls, doing: "ending the link on \(adapter)")
            defer { socket.close() }
            do {
                try socket.run(.disconnect(handle: handle, reason: reason), timeout: .seconds(1))
            } catch .controller(_, 0x12, _) where reason != 0x13 {
                // Reasons other than the Disconnect command's own (0x05, 0x13-0x15, 0x1A, 0x29, 0x3B) are refused by
                // real controllers; emulated ones pass them on, so the peer sees e.g. a supervision time-out (0x08).
                try socket.run(.disconnect(handle: handle, reason: 0x13), timeout: .seconds(1))
            }
            return nil
        } catch {
            return error
        }
    }

    /// Sends HCI Disconnect on a worker queue and waits for the controller's answer.
    func disconnectAsync(reason: UInt8) async -> BlueZError? {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: disconnect(reason: reason)) }
        }
    }
}
