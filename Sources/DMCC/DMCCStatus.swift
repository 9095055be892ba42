/// A DMCC status code, as extended responses carry it (PROTOCOLS.md).
public struct DMCCStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let noError = Self(rawValue: 0)
    /// A read string arriving unasked.
    public static let readString = Self(rawValue: 1)
    /// An XML result arriving unasked.
    public static let xmlResult = Self(rawValue: 3)
    public static let unidentifiedError = Self(rawValue: 100)
    public static let invalidCommand = Self(rawValue: 101)
    /// Invalid parameter or missing feature.
    public static let invalidParameter = Self(rawValue: 102)
    public static let badChecksum = Self(rawValue: 103)
    /// The reader's state does not allow it now.
    public static let parameterRejected = Self(rawValue: 104)
    public static let readerOffline = Self(rawValue: 105)
    /// SDK-side: no response in time.
    public static let commandTimeout = Self(rawValue: -1)

    public var description: String {
        switch rawValue {
        case 0: "no error"
        case 1: "read string"
        case 3: "XML result"
        case 100: "unidentified error"
        case 101: "invalid command"
        case 102: "invalid parameter or missing feature"
        case 103: "bad checksum"
        case 104: "parameter rejected"
        case 105: "reader offline"
        case -1: "command timeout"
        default: "status \(rawValue)"
        }
    }
}
