import ATT

/// A channel that carries ATT PDUs between a client and a server: an in-memory link or an L2CAP socket.
///
/// PDUs arrive in order on `incoming`, which finishes when the link goes down;
/// `disconnectReason` then says why. `incoming` has one reader.
public protocol ATTBearer: AnyObject, Sendable {
    /// Sends one PDU to the peer without waiting for it to arrive (a queue write or a socket write).
    func send(_ pdu: [UInt8]) throws(LinkError)
    /// PDUs from the peer, in order.
    var incoming: AsyncStream<[UInt8]> { get }
    /// The largest ATT MTU the link can carry.
    var maximumMTU: UInt16 { get }
    /// Why the link went down, or nil while it is up.
    var disconnectReason: LinkError? { get }
    /// Ends the link from this side.
    func disconnect() async
}

/// Why a BLE link is unusable.
public enum LinkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The link was closed, by this side or the peer, with the reason given.
    case disconnected(String)
    /// Nothing was heard from the peer within the link supervision timeout (out of range, powered off).
    case supervisionTimeout(Duration)
    /// No peripheral with that address is advertising in range.
    case notFound(address: String)
    /// The peripheral refused the connection.
    case refused(address: String, reason: String)

    public var description: String {
        switch self {
        case .disconnected(let reason): "link disconnected: \(reason)"
        case .supervisionTimeout(let timeout):
            // Zero: a real link whose timeout the kernel does not tell (the controller negotiated it).
            timeout == .zero ? "link lost: no answer within the supervision timeout" : "link lost: no answer within the supervision timeout of \(timeout)"
        case .notFound(let address): "no peripheral \(address) in range"
        case .refused(let address, let reason): "peripheral \(address) refused the connection: \(reason)"
        }
    }
}
