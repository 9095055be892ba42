/// Splits a byte stream into CR LF-terminated lines, however the bytes are chunked.
public struct DMCCLineSplitter: Sendable {
    private var buffer: [UInt8] = []
    /// Lines longer than this without a CR LF are an error (and dropped).
    public let limit: Int

    public init(limit: Int = 64 * 1024) { self.limit = limit }

    /// Adds `bytes` and returns the complete lines (without CR LF) they finish.
    public mutating func append(_ bytes: [UInt8]) throws(DMCCError) -> [[UInt8]] {
        buffer += bytes
        var lines: [[UInt8]] = []
        var start = 0
        var i = 0
        while i + 1 < buffer.count {
            if buffer[i] == 0x0D && buffer[i + 1] == 0x0A {
                lines.append(Array(buffer[start..<i]))
                i += 2
                start = i
            } else {
                i += 1
            }
        }
        buffer.removeFirst(start)
        if buffer.count > limit {
            buffer.removeAll()
            throw .lineTooLong(limit: limit)
        }
        return lines
    }
}
