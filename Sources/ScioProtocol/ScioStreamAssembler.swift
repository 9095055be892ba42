/// Cuts frames out of the contiguous byte stream of a USB CDC link.
///
/// Bytes may arrive in any chunking. A byte that cannot start a frame (bad
/// magic) or a header declaring an oversize payload is reported and skipped, so
/// the assembler finds the next frame boundary again.
public struct ScioStreamAssembler: Sendable {
    private var buffer: [UInt8] = []

    public init() {}

    /// Bytes held that do not yet form a frame.
    public var pendingByteCount: Int { buffer.count }

    /// Adds received bytes; returns the frames and errors they complete, in order.
    public mutating func add(_ bytes: [UInt8]) -> [Result<ScioFrame, ScioFrameError>] {
        buffer += bytes
        var out: [Result<ScioFrame, ScioFrameError>] = []
        while buffer.count >= 2 {
            if buffer[1] != ScioFrame.magic {
                out.append(.failure(.badMagic(sequence: buffer[0], found: buffer[1])))
                buffer.removeFirst()
                continue
            }
            guard buffer.count >= ScioFrame.headerLength else { break }
            let length = Int(buffer[3]) | Int(buffer[4]) << 8
            guard length <= ScioFrame.maximumPayload else {
                out.append(.failure(.oversize(sequence: buffer[0], declared: length, limit: ScioFrame.maximumPayload)))
                buffer.removeFirst(2)
                continue
            }
            let total = ScioFrame.headerLength + length
            guard buffer.count >= total else { break }
            out.append(.success(ScioFrame(sequence: buffer[0], command: ScioCommand(rawValue: buffer[2]),
                                          payload: Array(buffer[ScioFrame.headerLength..<total]))))
            buffer.removeFirst(total)
        }
        return out
    }

    /// Ends the stream; throws when a frame was cut off.
    public mutating func finish() throws(ScioFrameError) {
        defer { buffer = [] }
        guard !buffer.isEmpty else { return }
        guard buffer.count >= ScioFrame.headerLength else { throw .shortHeader(length: buffer.count) }
        let length = Int(buffer[3]) | Int(buffer[4]) << 8
        throw .lengthMismatch(sequence: buffer[0], declared: length, actual: buffer.count - ScioFrame.headerLength)
    }
}
