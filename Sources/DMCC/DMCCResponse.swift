/// One message from a reader in extended response mode: `||<checksum>:<command id>[<status>]<payload>\r\n`.
///
/// Responses echo the command's id; read strings (status 1) and XML results
/// (status 3) arrive unasked with id 0. The payload may not hold a raw CR LF;
/// RigKit's readers escape CR and LF in payloads as `\r` and `\n` (and `\\`).
public struct DMCCResponse: Sendable, Equatable {
    public var commandID: UInt32
    public var status: DMCCStatus
    public var payload: String
    public var checksum: Bool

    public init(commandID: UInt32, status: DMCCStatus, payload: String = "", checksum: Bool = false) {
        self.commandID = commandID
        self.status = status
        self.payload = payload
        self.checksum = checksum
    }

    public func encode() -> [UInt8] {
        var escaped = ""
        for scalar in payload.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\r": escaped += "\\r"
            case "\n": escaped += "\\n"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        var body = Array("[\(status.rawValue)]\(escaped)".utf8)
        if checksum { body.append(DMCCChecksum.xor(body)) }
        return Array("||\(checksum ? 1 : 0):\(commandID)".utf8) + body + [0x0D, 0x0A]
    }

    /// Parses one response line (footer included or not).
    public static func decode(_ bytes: [UInt8]) throws(DMCCError) -> DMCCResponse {
        var line = bytes
        if line.suffix(2) == [0x0D, 0x0A] { line.removeLast(2) }
        guard line.starts(with: [0x7C, 0x7C]), line.count >= 5 else {
            throw .malformed("a response starts with '||<checksum>:<id>['", excerpt: DMCCError.excerpt(bytes))
        }
        guard let colon = line.firstIndex(of: 0x3A), let open = line.firstIndex(of: 0x5B), colon < open,
              let close = line[open...].firstIndex(of: 0x5D) else {
            throw .malformed("a response header is '||<checksum>:<id>[<status>]'", excerpt: DMCCError.excerpt(bytes))
        }
        let flag = String(decoding: line[2..<colon], as: UTF8.self)
        guard flag == "0" || flag == "1" else { throw .malformed("the checksum flag must be 0 or 1, not '\(flag)'", excerpt: DMCCError.excerpt(bytes)) }
        guard let id = UInt32(String(decoding: line[(colon + 1)..<open], as: UTF8.self)) else {
            throw .malformed("the command id must be a number", excerpt: DMCCError.excerpt(bytes))
        }
        guard let status = Int(String(decoding: line[(open + 1)..<close], as: UTF8.self)) else {
            throw .malformed("the status must be a number", excerpt: DMCCError.excerpt(bytes))
        }
        var body = Array(line[open...])
        if flag == "1" {
            guard let sent = body.popLast() else { throw .malformed("the checksum byte is missing", excerpt: DMCCError.excerpt(bytes)) }
            let computed = DMCCChecksum.xor(body)
            guard sent == computed else { throw .badChecksum(expected: computed, received: sent) }
        }
        // The checksum byte may itself be the ']' the header was found by (`||1:1[1025]`: '[1025' XORs to ']').
        guard let statusEnd = body.firstIndex(of: 0x5D) else {
            throw .malformed("a response header is '||<checksum>:<id>[<status>]'", excerpt: DMCCError.excerpt(bytes))
        }
        let payloadStart = body.index(after: statusEnd)
        guard let raw = String(validating: body[payloadStart...], as: UTF8.self) else {
            throw .malformed("the payload is not valid UTF-8", excerpt: DMCCError.excerpt(bytes))
        }
        return DMCCResponse(commandID: id, status: DMCCStatus(rawValue: status), payload: try unescape(raw), checksum: flag == "1")
    }

    private static func unescape(_ text: String) throws(DMCCError) -> String {
        guard text.contains("\\") else { return text }
        var out = ""
        var iterator = text.makeIterator()
        while let c = iterator.next() {
            guard c == "\\" else { out.append(c); continue }
            switch iterator.next() {
            case "r": out += "\r"
            case "n": out += "\n"
            case "\\": out += "\\"
            case let other: throw .malformed("unknown escape '\\\(other.map(String.init) ?? "")' in a payload", excerpt: text)
            }
        }
        return out
    }
}
