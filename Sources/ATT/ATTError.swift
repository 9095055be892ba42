/// The error codes of an ATT Error Response (Core spec Vol 3, Part F, 3.4.1.1).
public struct ATTErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let invalidHandle = Self(rawValue: 0x01)
    public static let readNotPermitted = Self(rawValue: 0x02)
    public static let writeNotPermitted = Self(rawValue: 0x03)
    public static let invalidPDU = Self(rawValue: 0x04)
    public static let insufficientAuthentication = Self(rawValue: 0x05)
    public static let requestNotSupported = Self(rawValue: 0x06)
    public static let invalidOffset = Self(rawValue: 0x07)
    public static let insufficientAuthorization = Self(rawValue: 0x08)
    public static let prepareQueueFull = Self(rawValue: 0x09)
    public static let attributeNotFound = Self(rawValue: 0x0A)
    public static let attributeNotLong = Self(rawValue: 0x0B)
    public static let insufficientEncryptionKeySize = Self(rawValue: 0x0C)
    public static let invalidAttributeValueLength = Self(rawValue: 0x0D)
    public static let unlikelyError = Self(rawValue: 0x0E)
    public static let insufficientEncryption = Self(rawValue: 0x0F)
    public static let unsupportedGroupType = Self(rawValue: 0x10)
    public static let insufficientResources = Self(rawValue: 0x11)

    public var description: String {
        let names: [UInt8: String] = [
            0x01: "invalid handle", 0x02: "read not permitted", 0x03: "write not permitted", 0x04: "invalid PDU",
            0x05: "insufficient authentication", 0x06: "request not supported", 0x07: "invalid offset",
            0x08: "insufficient authorization", 0x09: "prepare queue full", 0x0A: "attribute not found",
            0x0B: "attribute not long", 0x0C: "insufficient encryption key size", 0x0D: "invalid attribute value length",
            0x0E: "unlikely error", 0x0F: "insufficient encryption", 0x10: "unsupported group type", 0x11: "insufficient resources",
        ]
        return names[rawValue] ?? "error 0x\(String(rawValue, radix: 16).leftPadded(to: 2))"
    }
}

/// Why bytes could not be decoded as an ATT PDU.
public enum ATTDecodingError: Error, Equatable, CustomStringConvertible {
    /// No bytes at all.
    case empty
    /// An opcode ATT does not define (or RigKit does not handle).
    case unknownOpcode(UInt8)
    /// Fewer or more bytes than the PDU needs.
    case badLength(opcode: UInt8, length: Int, expected: String)
    /// A field holds a value the PDU does not allow.
    case badField(opcode: UInt8, field: String, reason: String)

    public var description: String {
        switch self {
        case .empty: "empty ATT PDU"
        case .unknownOpcode(let op): "unknown ATT opcode 0x\(String(op, radix: 16).leftPadded(to: 2))"
        case .badLength(let op, let length, let expected):
            "ATT PDU 0x\(String(op, radix: 16).leftPadded(to: 2)) (\(ATTOpcode(rawValue: op)?.name ?? "?")) has \(length) bytes, expected \(expected)"
        case .badField(let op, let field, let reason):
            "ATT PDU 0x\(String(op, radix: 16).leftPadded(to: 2)) (\(ATTOpcode(rawValue: op)?.name ?? "?")): \(field) \(reason)"
        }
    }

    /// The opcode the bad PDU carried, when there was one.
    public var opcode: UInt8? {
        switch self {
        case .empty: nil
        case .unknownOpcode(let op), .badLength(let op, _, _), .badField(let op, _, _): op
        }
    }
}
