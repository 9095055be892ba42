/// The rules that keep a phone app from starting heavy work when the phone cannot afford it.
///
/// The default thresholds are the Roomio scan session's: Low Power Mode, less
/// than 200 MB free or a battery at or below 25 % block the start; less than
/// 3 GB free or a battery under 50 % make the app ask first; during the work
/// each blocking condition only warns. Scenarios of any device family can
/// assert against the same policy.
public struct PowerGuardPolicy: Sendable, Equatable {
    public var blocksOnLowPowerMode = true
    /// Free storage below this blocks the start (bytes; 200 MB).
    public var blockBelowFreeBytes: Int64 = 200_000_000
    /// A battery at or below this blocks the start (percent).
    public var blockAtOrBelowBatteryPercent: Double = 25
    /// Free storage below this makes the app ask first (bytes; 3 GB).
    public var askBelowFreeBytes: Int64 = 3_000_000_000
    /// A battery below this makes the app ask first (percent).
    public var askBelowBatteryPercent: Double = 50

    public init() {}

    /// The Roomio scan session's policy.
    public static let roomio = PowerGuardPolicy()

    /// The conditions that block a start now, in the order the app reports them.
    public func blockingConditions(_ host: HostSnapshot) -> [PowerGuardCondition] {
        var out: [PowerGuardCondition] = []
        if blocksOnLowPowerMode && host.lowPowerMode { out.append(.powerSaving) }
        if host.freeStorageBytes < blockBelowFreeBytes { out.append(.insufficientStorage) }
        if host.batteryPercent <= blockAtOrBelowBatteryPercent { out.append(.lowBattery) }
        return out
    }

    /// The conditions that make the app ask the user before starting.
    public func askingConditions(_ host: HostSnapshot) -> [PowerGuardCondition] {
        var out: [PowerGuardCondition] = []
        if host.freeStorageBytes < askBelowFreeBytes { out.append(.storageBelowComfort) }
        if host.batteryPercent < askBelowBatteryPercent { out.append(.batteryBelowHalf) }
        return out
    }

    /// What happens when the app tries to start now.
    public func verdictForStart(_ host: HostSnapshot) -> PowerGuardVerdict {
        if let blocking = blockingConditions(host).first { return .block(blocking) }
        let asking = askingConditions(host)
        return asking.isEmpty ? .clear : .ask(asking)
    }
}

/// A reason the power guard speaks up.
public enum PowerGuardCondition: String, Sendable, Hashable, CaseIterable {
    /// Low Power Mode is on (blocks).
    case powerSaving
    /// Free storage is under the blocking threshold (200 MB).
    case insufficientStorage
    /// The battery is at or below the blocking threshold (25 %).
    case lowBattery
    /// Free storage is under the asking threshold (3 GB).
    case storageBelowComfort
    /// The battery is under the asking threshold (50 %).
    case batteryBelowHalf
}

/// The power guard's answer to "may the work start now?".
public enum PowerGuardVerdict: Sendable, Equatable {
    /// Start.
    case clear
    /// Ask the user first, for these reasons.
    case ask([PowerGuardCondition])
    /// Do not start, for this reason.
    case block(PowerGuardCondition)
}
