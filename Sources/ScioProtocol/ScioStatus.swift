/// The first byte of every answer payload (RigKit-defined): whether the device did what was asked.
public enum ScioStatus: UInt8, Sendable, Equatable, CaseIterable {
    case ok = 0x00
    /// The battery is too low for the lamp; charge the device.
    case lowBattery = 0x01
    /// The request's payload is not valid for the command (e.g. a name longer than 16 bytes).
    case invalidArgument = 0x02
    /// The device does not know the command.
    case unknownCommand = 0x03
    /// The device is busy with another measurement.
    case busy = 0x04
    /// A self-test component failed.
    case hardwareFault = 0x05
}

/// Why an answer payload cannot be read; names the command.
public enum ScioMessageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The payload is shorter or longer than the command's answer.
    case wrongLength(command: ScioCommand, length: Int, expected: String)
    /// A field holds a value the format does not allow.
    case badField(command: ScioCommand, field: String, value: Int)

    public var description: String {
        switch self {
        case .wrongLength(let command, let length, let expected): "\(command) answer is \(length) bytes, expected \(expected)"
        case .badField(let command, let field, let value): "\(command) answer has \(field) = \(value), which the format does not allow"
        }
    }
}

/// Splits an answer payload into its status and body.
public enum ScioAnswer {
    /// The status and the bytes after it; an empty payload or an unknown status is an error.
    public static func split(_ payload: [UInt8], command: ScioCommand) throws(ScioMessageError) -> (status: ScioStatus, body: [UInt8]) {
        guard let first = payload.first else { throw .wrongLength(command: command, length: 0, expected: "at least 1 (status)") }
        guard let status = ScioStatus(rawValue: first) else { throw .badField(command: command, field: "status", value: Int(first)) }
        return (status, Array(payload.dropFirst()))
    }

    /// An answer payload: the status followed by `body`.
    public static func payload(_ status: ScioStatus, _ body: [UInt8] = []) -> [UInt8] { [status.rawValue] + body }
}

extension Array where Element == UInt8 {
    /// The little-endian UInt16 at `offset`.
    func uint16(at offset: Int) -> UInt16 { UInt16(self[offset]) | UInt16(self[offset + 1]) << 8 }
    /// The little-endian Int16 at `offset`.
    func int16(at offset: Int) -> Int16 { Int16(bitPattern: uint16(at: offset)) }
    /// Appends `value` as little-endian UInt16.
    mutating func appendUInt16(_ value: UInt16) { append(UInt8(value & 0xFF)); append(UInt8(value >> 8)) }
}
