import CBlueZShim
import Foundation
import GATT
import Synchronization

/// An ATT bearer on an L2CAP LE socket (fixed channel 4): one read thread, synchronous writes.
///
/// The read thread turns each SOCK_SEQPACKET datagram into one PDU on
/// `incoming`; when the peer goes away (supervision timeout, power off) the
/// stream ends and `disconnectReason` says why.
final class L2CAPBearer: ATTBearer {
    let incoming: AsyncStream<[UInt8]>
    let maximumMTU: UInt16 = 247
    private let continuation: AsyncStream<[UInt8]>.Continuation
    private let state: Mutex<(fd: Int32, reason: LinkError?)>
    private let name: String

    init(fd: Int32, name: String) {
        self.name = name
        state = Mutex((fd, nil))
        (incoming, continuation) = AsyncStream.makeStream(of: [UInt8].self, bufferingPolicy: .unbounded)
        let thread = Thread { [weak self] in self?.readLoop(fd) }
        thread.name = "rigkit.l2cap.\(name)"
        thread.start()
    }

    var disconnectReason: LinkError? { state.withLock { $0.reason } }

    func send(_ pdu: [UInt8]) throws(LinkError) {
        let (fd, reason) = state.withLock { ($0.fd, $0.reason) }
        if let reason { throw reason }
        let written = pdu.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if written < 0 { throw .disconnected("write failed: \(String(cString: strerror(errno)))") }
    }

    func disconnect() async {
        end(.disconnected("closed by the central"))
    }

    private func readLoop(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 1024)
        while state.withLock({ $0.reason == nil }) {
            let n = rigkit_read(fd, &buffer, Int32(buffer.count), 250)
            if n == 0 { continue }
            if n < 0 {
                let e = -n
                end(e == ETIMEDOUT ? .supervisionTimeout(.zero) : .disconnected(e == ECONNRESET ? "the peer closed the link" : String(cString: strerror(e))))
                return
            }
            continuation.yield(Array(buffer.prefix(Int(n))))
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
        close(fd)
        continuation.finish()
    }
}
