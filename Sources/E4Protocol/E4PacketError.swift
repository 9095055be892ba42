/// An E4 packet that cannot be decoded.
public enum E4PacketError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The packet is not the length its characteristic uses.
    case wrongLength(packet: String, length: Int, expected: String)
    /// A field holds a value the format does not allow.
    case badField(packet: String, field: String, value: Int)
    /// A command byte RigKit does not know.
    case unknownCommand(UInt8)

    public var description: String {
        switch self {
        case .wrongLength(let packet, let length, let expected): "\(packet) packet of \(length) bytes, expected \(expected)"
        case .badField(let packet, let field, let value): "\(packet) packet: \(field) \(value) is out of range"
        case .unknownCommand(let byte): "unknown E4 command 0x\(String(byte, radix: 16))"
        }
    }
}
