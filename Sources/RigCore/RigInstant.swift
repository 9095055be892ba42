/// A point in a rig's time, measured from the moment the rig started.
///
/// Virtual and wall clocks both count from zero at rig start, so traces and
/// failure messages read the same on a simulated rig and on a bench.
public struct RigInstant: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Time elapsed since the rig started.
    public var offset: Duration

    public init(offset: Duration) { self.offset = offset }

    /// The instant the rig started.
    public static let zero = RigInstant(offset: .zero)

    public static func < (lhs: RigInstant, rhs: RigInstant) -> Bool { lhs.offset < rhs.offset }
    public static func + (lhs: RigInstant, rhs: Duration) -> RigInstant { RigInstant(offset: lhs.offset + rhs) }
    public static func - (lhs: RigInstant, rhs: RigInstant) -> Duration { lhs.offset - rhs.offset }

    /// Seconds since rig start as a floating-point number.
    public var seconds: Double { offset.seconds }

    /// Seconds with millisecond precision, e.g. `12.345 s`.
    public var description: String { offset.formattedSeconds }
}

extension Duration {
    /// The duration in seconds as a floating-point number.
    public var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    /// The whole number of nanoseconds in the duration.
    public var nanoseconds: Int64 {
        let parts = components
        return parts.seconds * 1_000_000_000 + parts.attoseconds / 1_000_000_000
    }

    /// The duration in seconds with millisecond precision, e.g. `12.345 s`.
    public var formattedSeconds: String {
        let ms = nanoseconds / 1_000_000
        let sign = ms < 0 ? "-" : ""
        let magnitude = abs(ms)
        let fraction = String(magnitude % 1000)
        return "\(sign)\(magnitude / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) s"
    }

    /// A duration from a floating-point number of seconds, rounded to the nanosecond.
    public static func seconds(fractional value: Double) -> Duration {
        .nanoseconds(Int64((value * 1e9).rounded()))
    }
}
