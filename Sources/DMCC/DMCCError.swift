/// DMCC bytes that do not make a valid command or response.
public enum DMCCError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text breaks the format; the reason says how, the excerpt shows where.
    case malformed(String, excerpt: String)
    /// The checksum byte does not match the XOR of the text.
    case badChecksum(expected: UInt8, received: UInt8)
    /// A line grew past the limit without a CR LF (a stuck or garbled stream).
    case lineTooLong(limit: Int)

    public var description: String {
        switch self {
        case .malformed(let reason, let excerpt): "malformed DMCC: \(reason) (in \"\(excerpt)\")"
        case .badChecksum(let expected, let received):
            "DMCC checksum mismatch: computed 0x\(String(expected, radix: 16)), received 0x\(String(received, radix: 16))"
        case .lineTooLong(let limit): "DMCC line longer than \(limit) bytes without CR LF"
        }
    }

    /// Up to 60 characters of `bytes`, control characters shown as `\xNN`.
    static func excerpt(_ bytes: [UInt8]) -> String {
        var out = ""
        for byte in bytes.prefix(60) {
            if byte >= 0x20 && byte < 0x7F { out.unicodeScalars.append(Unicode.Scalar(byte)) }
            else { out += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16) }
        }
        return bytes.count > 60 ? out + "…" : out
    }
}
