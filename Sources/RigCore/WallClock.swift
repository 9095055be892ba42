import Foundation

/// The real clock, for rigs with real devices on a bench.
public final class WallClock: RigClock {
    private let origin: ContinuousClock.Instant
    public let unixStart: Double

    /// A wall clock whose zero is now.
    public init() {
        origin = ContinuousClock.now
        unixStart = Date().timeIntervalSince1970
    }

    public var now: RigInstant { RigInstant(offset: ContinuousClock.now - origin) }
    public var isVirtual: Bool { false }
    public var taskExecutor: (any TaskExecutor)? { nil }

    public func sleep(until deadline: RigInstant) async throws {
        try await Task.sleep(until: origin + deadline.offset, clock: .continuous)
    }
}
