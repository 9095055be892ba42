/// A named value with a unit and, optionally, limits; it goes in the report whether or not it passes.
public struct Measurement: Sendable, Equatable {
    public var name: String
    public var value: Double
    public var unit: String
    public var limits: ClosedRange<Double>?
    /// The step it was taken in.
    public var step: String?

    /// Whether the value lies within the limits (always true without limits).
    public var passed: Bool { limits?.contains(value) ?? true }

    var valueText: String { Self.format(value) }
    var limitsText: String { limits.map { "\(Self.format($0.lowerBound))…\(Self.format($0.upperBound))" } ?? "" }

    static func format(_ x: Double) -> String {
        if x == x.rounded() && abs(x) < 1e15 { return String(Int64(x)) }
        return String((x * 1_000_000).rounded() / 1_000_000)
    }
}

/// Records a measurement in the report; outside `limits` it is also a failure. Returns whether it passed.
@discardableResult
public func measure(
    _ name: String, _ value: Double, unit: String, limits: ClosedRange<Double>? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
) -> Bool {
    let measurement = Measurement(name: name, value: value, unit: unit, limits: limits, step: ScenarioRun.current?.step)
    ScenarioRun.current?.record(measurement)
    guard !measurement.passed else { return true }
    report("measurement \(name) is outside its limits",
           expected: "\(measurement.limitsText) \(unit)", actual: "\(measurement.valueText) \(unit)",
           SourceLocation(fileID: fileID, filePath: filePath, line: line))
    return false
}
