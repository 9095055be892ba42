/// One DMCC command: `||[checksum flag][:command id]>TEXT[checksum]\r\n`.
///
/// `||>GET DEVICE.TYPE` has no checksum and no id; `||0:123>…` has id 123 and no
/// checksum; `||1:123>…` carries one XOR checksum byte (over the command text)
/// before the footer. Commands are case-insensitive; arguments are words
/// (ON, OFF, numbers, names) or double-quoted strings with `\" \\ \| \t \r \n` escapes.
public struct DMCCCommand: Sendable, Equatable {
    /// The command id echoed in extended responses, if given.
    public var commandID: UInt32?
    /// Whether the command carries an XOR checksum.
    public var checksum: Bool
    /// The command and its arguments, e.g. `SET`, `SYMBOL.QR`, `ON`.
    public var words: [DMCCArgument]

    public init(commandID: UInt32? = nil, checksum: Bool = false, words: [DMCCArgument]) {
        self.commandID = commandID
        self.checksum = checksum
        self.words = words
    }

    /// A command from text such as `SET SYMBOL.QR ON`; throws on an unterminated string.
    public init(_ text: String, commandID: UInt32? = nil, checksum: Bool = false) throws(DMCCError) {
        self.init(commandID: commandID, checksum: checksum, words: try DMCCArgument.split(text))
    }

    /// The verb in upper case (`GET`, `SET`, `TRIGGER`, `CONFIG.SAVE`, …).
    public var verb: String { words.first.map { $0.text.uppercased() } ?? "" }

    /// The setting a GET or SET names, in upper case (`SYMBOL.QR`), or nil for other verbs.
    public var setting: String? {
        guard verb == "GET" || verb == "SET", words.count >= 2 else { return nil }
        return words[1].text.uppercased()
    }

    /// The arguments after the verb and, for GET and SET, the setting.
    public var arguments: [DMCCArgument] { Array(words.dropFirst(setting == nil ? 1 : 2)) }

    /// The command text without header or footer.
    public var text: String { words.map(\.encoded).joined(separator: " ") }

    /// The bytes on the wire.
    public func encode() -> [UInt8] {
        var header = "||"
        if checksum || commandID != nil { header += checksum ? "1" : "0" }
        if let commandID { header += ":\(commandID)" }
        header += ">"
        let body = Array(text.utf8)
        var out = Array(header.utf8) + body
        if checksum { out.append(DMCCChecksum.xor(body)) }
        return out + [0x0D, 0x0A]
    }

    /// Parses one command from its bytes (footer included or not).
    public static func decode(_ bytes: [UInt8]) throws(DMCCError) -> DMCCCommand {
        var line = bytes
        if line.suffix(2) == [0x0D, 0x0A] { line.removeLast(2) } else if line.last == 0x0A || line.last == 0x0D { line.removeLast() }
        guard line.starts(with: [0x7C, 0x7C]) else { throw .malformed("a command starts with '||'", excerpt: DMCCError.excerpt(bytes)) }
        guard let close = line.firstIndex(of: 0x3E) else { throw .malformed("no '>' closes the command header", excerpt: DMCCError.excerpt(bytes)) }
        let header = String(decoding: line[2..<close], as: UTF8.self)
        var checksum = false
        var commandID: UInt32?
        if !header.isEmpty {
            let parts = header.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            switch parts[0] {
            case "0": checksum = false
            case "1": checksum = true
            default: throw .malformed("the checksum flag must be 0 or 1, not '\(parts[0])'", excerpt: DMCCError.excerpt(bytes))
            }
            if parts.count == 2 {
                guard let id = UInt32(parts[1]) else { throw .malformed("the command id must be a number, not '\(parts[1])'", excerpt: DMCCError.excerpt(bytes)) }
                commandID = id
            }
        }
        var body = Array(line[(close + 1)...])
        if checksum {
            guard let sent = body.popLast() else { throw .malformed("the checksum byte is missing", excerpt: DMCCError.excerpt(bytes)) }
            let computed = DMCCChecksum.xor(body)
            guard sent == computed else { throw .badChecksum(expected: computed, received: sent) }
        }
        guard let text = String(validating: body, as: UTF8.self) else { throw .malformed("the command is not valid UTF-8", excerpt: DMCCError.excerpt(bytes)) }
        let words = try DMCCArgument.split(text)
        guard !words.isEmpty else { throw .malformed("the command is empty", excerpt: DMCCError.excerpt(bytes)) }
        return DMCCCommand(commandID: commandID, checksum: checksum, words: words)
    }
}

/// The XOR checksum DMCC uses.
public enum DMCCChecksum {
    public static func xor(_ bytes: some Sequence<UInt8>) -> UInt8 { bytes.reduce(0, ^) }
}
