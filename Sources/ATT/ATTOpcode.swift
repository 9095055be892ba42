/// The ATT opcodes RigKit speaks (Core spec Vol 3, Part F, 3.4.8).
public enum ATTOpcode: UInt8, Sendable, CaseIterable {
    case errorResponse = 0x01
    case exchangeMTURequest = 0x02
    case exchangeMTUResponse = 0x03
    case findInformationRequest = 0x04
    case findInformationResponse = 0x05
    case findByTypeValueRequest = 0x06
    case findByTypeValueResponse = 0x07
    case readByTypeRequest = 0x08
    case readByTypeResponse = 0x09
    case readRequest = 0x0A
    case readResponse = 0x0B
    case readBlobRequest = 0x0C
    case readBlobResponse = 0x0D
    case readMultipleRequest = 0x0E
    case readMultipleResponse = 0x0F
    case readByGroupTypeRequest = 0x10
    case readByGroupTypeResponse = 0x11
    case writeRequest = 0x12
    case writeResponse = 0x13
    case prepareWriteRequest = 0x16
    case prepareWriteResponse = 0x17
    case executeWriteRequest = 0x18
    case executeWriteResponse = 0x19
    case handleValueNotification = 0x1B
    case handleValueIndication = 0x1D
    case handleValueConfirmation = 0x1E
    case writeCommand = 0x52

    /// The opcode's name as the Core spec writes it, e.g. `ATT_READ_REQ`.
    public var name: String {
        switch self {
        case .errorResponse: "ATT_ERROR_RSP"
        case .exchangeMTURequest: "ATT_EXCHANGE_MTU_REQ"
        case .exchangeMTUResponse: "ATT_EXCHANGE_MTU_RSP"
        case .findInformationRequest: "ATT_FIND_INFORMATION_REQ"
        case .findInformationResponse: "ATT_FIND_INFORMATION_RSP"
        case .findByTypeValueRequest: "ATT_FIND_BY_TYPE_VALUE_REQ"
        case .findByTypeValueResponse: "ATT_FIND_BY_TYPE_VALUE_RSP"
        case .readByTypeRequest: "ATT_READ_BY_TYPE_REQ"
        case .readByTypeResponse: "ATT_READ_BY_TYPE_RSP"
        case .readRequest: "ATT_READ_REQ"
        case .readResponse: "ATT_READ_RSP"
        case .readBlobRequest: "ATT_READ_BLOB_REQ"
        case .readBlobResponse: "ATT_READ_BLOB_RSP"
        case .readMultipleRequest: "ATT_READ_MULTIPLE_REQ"
        case .readMultipleResponse: "ATT_READ_MULTIPLE_RSP"
        case .readByGroupTypeRequest: "ATT_READ_BY_GROUP_TYPE_REQ"
        case .readByGroupTypeResponse: "ATT_READ_BY_GROUP_TYPE_RSP"
        case .writeRequest: "ATT_WRITE_REQ"
        case .writeResponse: "ATT_WRITE_RSP"
        case .prepareWriteRequest: "ATT_PREPARE_WRITE_REQ"
        case .prepareWriteResponse: "ATT_PREPARE_WRITE_RSP"
        case .executeWriteRequest: "ATT_EXECUTE_WRITE_REQ"
        case .executeWriteResponse: "ATT_EXECUTE_WRITE_RSP"
        case .handleValueNotification: "ATT_HANDLE_VALUE_NTF"
        case .handleValueIndication: "ATT_HANDLE_VALUE_IND"
        case .handleValueConfirmation: "ATT_HANDLE_VALUE_CFM"
        case .writeCommand: "ATT_WRITE_CMD"
        }
    }

    /// Whether a server must answer this PDU (requests), as opposed to commands, responses and notifications.
    public var isRequest: Bool {
        switch self {
        case .exchangeMTURequest, .findInformationRequest, .findByTypeValueRequest, .readByTypeRequest, .readRequest,
             .readBlobRequest, .readMultipleRequest, .readByGroupTypeRequest, .writeRequest, .prepareWriteRequest,
             .executeWriteRequest:
            true
        default: false
        }
    }
}
