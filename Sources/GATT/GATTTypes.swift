import ATT

/// A primary service the client discovered.
public struct GATTService: Sendable, Equatable {
    public var uuid: BluetoothUUID
    public var handles: ClosedRange<UInt16>
}

/// A characteristic the client discovered.
public struct GATTCharacteristic: Sendable, Equatable {
    public var uuid: BluetoothUUID
    public var properties: CharacteristicProperties
    public var declarationHandle: UInt16
    public var valueHandle: UInt16
    /// The handle of its CCCD, once descriptors are discovered (or assumed as the next handle for notifying characteristics).
    public var configurationHandle: UInt16?
}

/// What went wrong in a GATT operation.
public enum GATTError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server answered with an ATT error.
    case attError(request: ATTOpcode, handle: UInt16, code: ATTErrorCode)
    /// No answer within the ATT transaction timeout (30 s); the link must not be used again.
    case timeout(request: ATTOpcode)
    /// The link went down.
    case link(LinkError)
    /// The server answered with something that is not a valid answer to the request.
    case unexpectedResponse(request: ATTOpcode, got: String)
    /// The peer has no service or characteristic with that UUID.
    case notFound(BluetoothUUID)
    /// The characteristic does not allow the operation.
    case notPermitted(BluetoothUUID, String)

    public var description: String {
        switch self {
        case .attError(let request, let handle, let code): "\(request.name) on handle 0x\(String(handle, radix: 16)) failed: \(code)"
        case .timeout(let request): "\(request.name): no answer within 30 s"
        case .link(let error): "\(error)"
        case .unexpectedResponse(let request, let got): "\(request.name) got an unexpected answer: \(got)"
        case .notFound(let uuid): "no service or characteristic \(uuid) on the peer"
        case .notPermitted(let uuid, let what): "characteristic \(uuid) does not allow \(what)"
        }
    }
}
