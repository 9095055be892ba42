/// How an in-memory BLE link behaves: delays, losses, limits.
public struct LinkConditions: Sendable, Equatable {
    /// Delay of every PDU, one way.
    public var latency: Duration = .milliseconds(15)
    /// Extra random delay of up to this much per PDU (order is kept, as the link layer does).
    public var jitter: Duration = .milliseconds(5)
    /// Share of notifications lost, 0…1 (requests and responses are never lost while connected).
    public var notificationLoss: Double = 0
    /// The largest ATT MTU the link carries.
    public var maximumMTU: UInt16 = 247
    /// How long the link survives silence before it is declared lost.
    public var supervisionTimeout: Duration = .seconds(4)

    public init() {}
}
