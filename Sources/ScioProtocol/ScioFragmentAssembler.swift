/// Puts BLE notifications back together into frames, refusing lost, reordered and malformed fragments.
///
/// Feed notifications in arrival order; a complete frame is returned by the
/// notification that completes it. After an error the assembler is empty again
/// (a first fragment that revealed the error starts the next frame), so one
/// lost notification costs one frame, never the link.
public struct ScioFragmentAssembler: Sendable {
    private var partial: (sequence: UInt8, bytes: [UInt8], total: Int, nextIndex: Int)?

    public init() {}

    /// Whether a frame is partly received.
    public var isAssembling: Bool { partial != nil }

    /// Adds one notification; returns what it completes or reveals, in order: usually nothing or one frame.
    ///
    /// A first fragment arriving while another frame is incomplete gives the
    /// older frame's `missingFragments` and then starts (or, if short, completes) the new one.
    public mutating func add(_ fragment: [UInt8]) -> [Result<ScioFrame, ScioFrameError>] {
        guard let first = fragment.first else { return [.failure(.emptyFragment)] }
        let isFirst = fragment.count >= 2 && fragment[1] == ScioFrame.magic
        if let current = partial {
            if !isFirst, fragment.count >= 2, first == current.sequence {
                do throws(ScioFrameError) { return try continuation(fragment, current).map { [.success($0)] } ?? [] } catch { return [.failure(error)] }
            }
            partial = nil
            let lost = Result<ScioFrame, ScioFrameError>.failure(.missingFragments(sequence: current.sequence, expected: current.nextIndex, received: -1))
            return isFirst ? [lost] + starting(fragment) : [lost]
        }
        if fragment.count >= 2, !isFirst { return [.failure(.orphanFragment(sequence: first, index: Int(fragment[1])))] }
        return starting(fragment)
    }

    private mutating func starting(_ fragment: [UInt8]) -> [Result<ScioFrame, ScioFrameError>] {
        do throws(ScioFrameError) { return try start(fragment).map { [.success($0)] } ?? [] } catch { return [.failure(error)] }
    }

    /// Ends assembly (e.g. the answer's time ran out); throws when a frame was left incomplete.
    public mutating func finish() throws(ScioFrameError) {
        guard let current = partial else { return }
        partial = nil
        throw .missingFragments(sequence: current.sequence, expected: current.nextIndex, received: -1)
    }

    private mutating func start(_ fragment: [UInt8]) throws(ScioFrameError) -> ScioFrame? {
        let (sequence, _, length) = try ScioFrame.header(fragment[...])
        let total = ScioFrame.headerLength + length
        guard fragment.count <= ScioFragmenter.notificationSize else {
            throw .lengthMismatch(sequence: sequence, declared: length, actual: fragment.count - ScioFrame.headerLength)
        }
        if fragment.count == total { return try ScioFrame.decode(fragment) }
        guard fragment.count == ScioFragmenter.notificationSize, total > fragment.count else {
            throw .lengthMismatch(sequence: sequence, declared: length, actual: fragment.count - ScioFrame.headerLength)
        }
        partial = (sequence, fragment, total, 1)
        return nil
    }

    private mutating func continuation(_ fragment: [UInt8], _ current: (sequence: UInt8, bytes: [UInt8], total: Int, nextIndex: Int))
        throws(ScioFrameError) -> ScioFrame? {
        let index = Int(fragment[1])
        guard index == current.nextIndex else {
            partial = nil
            if index < current.nextIndex {
                throw .outOfOrderFragment(sequence: current.sequence, expected: current.nextIndex, received: index)
            }
            throw .missingFragments(sequence: current.sequence, expected: current.nextIndex, received: index)
        }
        let bytes = current.bytes + fragment[2...]
        let remaining = current.total - current.bytes.count
        let carried = fragment.count - 2
        guard carried == min(remaining, ScioFragmenter.continuationBytes) else {
            partial = nil
            throw .lengthMismatch(sequence: current.sequence, declared: current.total - ScioFrame.headerLength,
                                  actual: bytes.count - ScioFrame.headerLength)
        }
        if bytes.count == current.total {
            partial = nil
            return try ScioFrame.decode(bytes)
        }
        partial = (current.sequence, bytes, current.total, index + 1)
        return nil
    }
}
