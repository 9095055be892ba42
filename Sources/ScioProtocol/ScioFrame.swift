/// One SCiO message: `[seq, 0xBA, cmd, len_lo, len_hi, payload…]`, the same over BLE and USB CDC.
public struct ScioFrame: Sendable, Equatable {
    /// The second byte of every frame.
    public static let magic: UInt8 = 0xBA
    /// Bytes before the payload.
    public static let headerLength = 5
    /// The largest payload RigKit sends or accepts (a spectrum answer is 1,999 bytes); it keeps BLE continuation indexes below the magic 0xBA.
    public static let maximumPayload = 3072

    /// Pairs a request with its answer: the device echoes the request's sequence byte.
    public var sequence: UInt8
    public var command: ScioCommand
    public var payload: [UInt8]

    public init(sequence: UInt8, command: ScioCommand, payload: [UInt8] = []) {
        self.sequence = sequence
        self.command = command
        self.payload = payload
    }

    /// The frame's bytes; the payload must not exceed `maximumPayload`.
    public func encode() -> [UInt8] {
        let length = payload.count
        return [sequence, Self.magic, command.rawValue, UInt8(length & 0xFF), UInt8((length >> 8) & 0xFF)] + payload
    }

    /// Reads the header of `bytes`: sequence, command and declared payload length, checking magic and limit.
    static func header(_ bytes: ArraySlice<UInt8>) throws(ScioFrameError) -> (sequence: UInt8, command: ScioCommand, length: Int) {
        guard bytes.count >= headerLength else { throw .shortHeader(length: bytes.count) }
        let start = bytes.startIndex
        let sequence = bytes[start]
        guard bytes[start + 1] == magic else { throw .badMagic(sequence: sequence, found: bytes[start + 1]) }
        let length = Int(bytes[start + 3]) | Int(bytes[start + 4]) << 8
        guard length <= maximumPayload else { throw .oversize(sequence: sequence, declared: length, limit: maximumPayload) }
        return (sequence, ScioCommand(rawValue: bytes[start + 2]), length)
    }

    /// Decodes exactly one frame; extra or missing payload bytes are a `lengthMismatch`.
    public static func decode(_ bytes: [UInt8]) throws(ScioFrameError) -> ScioFrame {
        let (sequence, command, length) = try header(bytes[...])
        let actual = bytes.count - headerLength
        guard actual == length else { throw .lengthMismatch(sequence: sequence, declared: length, actual: actual) }
        return ScioFrame(sequence: sequence, command: command, payload: Array(bytes[headerLength...]))
    }
}
