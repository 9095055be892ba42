import RigCore
import Foundation
import GATT
import Synchronization

/// An ATT bearer on an L2CAP LE socket (fixed channel 4), either side of the link: one read thread, synchronous writes.
///
/// The read thread turns each SOCK_SEQPACKET datagram into one PDU on
/// `incoming`; when the peer goes away (supervision timeout, power off) the
/// stream ends and `disconnectReason` says why.
public final class L2CAPBearer: ATTBearer {
    public let incoming: AsyncStream<[UInt8]>
    public let maximumMTU: UInt16 = 247
    private let continuation: AsyncStream<[UInt8]>.Continuation
    private let state: Mutex<(fd: Int32, reason: LinkError?)>
    private let calls: BlueZCalls
    /// Ends the LE link itself when this side closes, rather than leaving it to the kernel's timer.
    private let termination: LinkTermination?

    init(fd: Int32, name: String, calls: BlueZCalls, termination: LinkTermination? = nil) {
        self.calls = calls
        self.termination = termination
        state = Mutex((fd, nil))
        (incoming, continuation) = AsyncStream.makeStream(of: [UInt8].self, bufferingPolicy: .unbounded)
        let thread = Thread { [weak self] in self?.readLoop(fd) }
        thread.name = "rigkit.l2cap.\(name)"
        thread.start()
    }

    public var disconnectReason: LinkError? { state.withLock { $0.reason } }

    public func send(_ pdu: [UInt8]) throws(LinkError) {
        let (fd, reason) = state.withLock { ($0.fd, $0.reason) }
        if let reason { throw reason }
        let written = calls.write(fd, pdu)
        if written < 0 { throw .disconnected("write failed: \(Errno(code: Int32(-written)).description)") }
    }

    public func disconnect() async {
        await disconnect(reason: 0x13)
    }

    /// Ends the link from this side with an HCI reason (0x13 remote user terminated, 0x15 power off).
    public func disconnect(reason: UInt8) async {
        if state.withLock({ $0.reason == nil }), let termination { _ = await termination.disconnectAsync(reason: reason) }
        end(.disconnected("closed by this side"))
    }

    /// The only place the socket is closed: closing it while this thread polls would free its number for the next
    /// socket, and a stale poll could then read that socket's data.
    private func readLoop(_ fd: Int32) {
        defer { calls.close(fd) }
        while state.withLock({ $0.reason == nil }) {
            let ready = calls.poll(fd, BluetoothSocket.pollIn, 250)
            if ready == 0 { continue }
            let result: Result<[UInt8], Errno> = ready < 0 ? .failure(.init(code: -ready)) : calls.read(fd, 1024)
            switch result {
            case .success(let pdu) where !pdu.isEmpty:
                continuation.yield(pdu)
            case .success:
                end(.disconnected("the peer closed the link"))
                return
            case .failure(let e):
                if e.code == EINTR || e.code == EAGAIN { continue }
                if state.withLock({ $0.reason != nil }) { return }
                end(e.code == ETIMEDOUT ? .supervisionTimeout(.zero)
                    : .disconnected(e.code == ECONNRESET ? "the peer closed the link" : e.description))
                return
            }
        }
    }

    private func end(_ reason: LinkError) {
        let fd = state.withLock { s -> Int32 in
            guard s.reason == nil else { return -1 }
            s.reason = reason
            defer { s.fd = -1 }
            return s.fd
        }
        guard fd >= 0 else { return }
        calls.shutdown(fd)   // the read thread wakes, sees the reason and closes the socket
        continuation.finish()
    }
}
