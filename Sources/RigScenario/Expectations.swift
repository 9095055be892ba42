import RigCore

// Value and error expectations. `expect…` records a failure and lets the step
// go on; `require…` records it and throws, ending the step. Each failure
// carries the scenario's file and line, the step, expected vs actual, and rig time.

/// Checks that `actual` equals `expected`.
@discardableResult
public func expect<T: Equatable>(
    _ actual: T, equals expected: T, _ what: String = "value",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
) -> Bool {
    guard actual != expected else { return true }
    report("\(what) is not as expected", expected: describe(expected), actual: describe(actual),
           SourceLocation(fileID: fileID, filePath: filePath, line: line))
    return false
}

/// Checks that `condition` holds; `what` says what should be true.
@discardableResult
public func expect(
    _ condition: Bool, _ what: String,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
) -> Bool {
    guard !condition else { return true }
    report("expected \(what)", expected: "true", actual: "false", SourceLocation(fileID: fileID, filePath: filePath, line: line))
    return false
}

/// Checks that `actual` lies in `range`.
@discardableResult
public func expect<T: Comparable>(
    _ actual: T, in range: ClosedRange<T>, _ what: String = "value",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
) -> Bool {
    guard !range.contains(actual) else { return true }
    report("\(what) is out of range", expected: "\(range.lowerBound)…\(range.upperBound)", actual: describe(actual),
           SourceLocation(fileID: fileID, filePath: filePath, line: line))
    return false
}

/// Checks that `body` throws an error equal to `expected`.
@discardableResult
public func expect<E: Error & Equatable, R>(
    throws expected: E, _ what: String = "call",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    _ body: () async throws -> R
) async -> Bool {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line)
    do {
        let value = try await body()
        report("\(what) did not throw", expected: "throws \(describe(expected))", actual: "returned \(describe(value))", location)
        return false
    } catch let error as E where error == expected {
        return true
    } catch {
        report("\(what) threw a different error", expected: "throws \(describe(expected))", actual: "threw \(describe(error))", location)
        return false
    }
}

/// Requires `actual` to equal `expected`; ends the step if not.
public func require<T: Equatable>(
    _ actual: T, equals expected: T, _ what: String = "value",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
) throws(ExpectationFailure) {
    guard actual != expected else { return }
    throw report("\(what) is not as expected", expected: describe(expected), actual: describe(actual),
                 SourceLocation(fileID: fileID, filePath: filePath, line: line))
}

/// Requires `condition` to hold; ends the step if not.
public func require(
    _ condition: Bool, _ what: String,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
) throws(ExpectationFailure) {
    guard !condition else { return }
    throw report("expected \(what)", expected: "true", actual: "false", SourceLocation(fileID: fileID, filePath: filePath, line: line))
}

/// Requires `actual` to lie in `range`; ends the step if not.
public func require<T: Comparable>(
    _ actual: T, in range: ClosedRange<T>, _ what: String = "value",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
) throws(ExpectationFailure) {
    guard !range.contains(actual) else { return }
    throw report("\(what) is out of range", expected: "\(range.lowerBound)…\(range.upperBound)", actual: describe(actual),
                 SourceLocation(fileID: fileID, filePath: filePath, line: line))
}

/// Requires `value` to be present and returns it; ends the step if it is nil.
public func require<T>(
    _ value: T?, _ what: String,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
) throws(ExpectationFailure) -> T {
    guard let value else {
        throw report("\(what) is missing", expected: "a value", actual: "nil", SourceLocation(fileID: fileID, filePath: filePath, line: line))
    }
    return value
}

/// Requires `body` to throw an error equal to `expected`; ends the step if it does not.
public func require<E: Error & Equatable, R>(
    throws expected: E, _ what: String = "call",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    _ body: () async throws -> R
) async throws {
    let before = ScenarioRun.current?.failures.count ?? 0
    if await expect(throws: expected, what, fileID: fileID, filePath: filePath, line: line, body) { return }
    throw ScenarioRun.current?.failures.dropFirst(before).first
        ?? ExpectationFailure(summary: "\(what) did not throw \(describe(expected))", location: SourceLocation(fileID: fileID, filePath: filePath, line: line), step: nil, time: .zero)
}

/// Records a failure on the current run (or, outside a run, builds one) and returns it.
@discardableResult
func report(_ summary: String, expected: String? = nil, actual: String? = nil, _ location: SourceLocation) -> ExpectationFailure {
    if let run = ScenarioRun.current {
        return run.fail(summary, expected: expected, actual: actual, at: location)
    }
    return ExpectationFailure(summary: summary, expected: expected, actual: actual, location: location, step: nil, time: .zero)
}

/// A value as a failure message shows it.
func describe<T>(_ value: T) -> String {
    if let text = value as? String { return JSONText.quote(text) }
    if let convertible = value as? CustomStringConvertible { return convertible.description }
    return String(describing: value)
}

extension ExpectationFailure {
    init(summary: String, location: SourceLocation, step: String?, time: RigInstant) {
        self.init(summary: summary, expected: nil, actual: nil, location: location, step: step, time: time)
    }
}
