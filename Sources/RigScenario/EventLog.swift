import RigCore
import Synchronization

/// Events from a device's stream, each stamped with rig time, for event and rate expectations.
///
/// Made with `LiveRig.record(_:_:)`, which reads the stream in the background.
/// `expectNext` consumes events in order through a cursor; the window checks
/// (`expectNever`, `expectRate`) look at every event regardless of the cursor.
public final class EventLog<Element: Sendable>: Sendable {
    /// An event and when it arrived.
    public struct Entry: Sendable {
        public var time: RigInstant
        public var element: Element
    }

    public let name: String
    private let clock: any RigClock
    private let state = Mutex(State())

    private struct State {
        var entries: [Entry] = []
        var cursor = 0
        var finished = false
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    init(name: String, clock: any RigClock) {
        self.name = name
        self.clock = clock
    }

    /// Every event received so far, with its time.
    public var entries: [Entry] { state.withLock { $0.entries } }

    func append(_ element: Element) {
        let now = clock.now
        let waiters = state.withLock { s -> [CheckedContinuation<Void, Never>]? in
            s.entries.append(Entry(time: now, element: element))
            guard !s.waiters.isEmpty else { return nil }
            defer { s.waiters = [:] }
            return s.waiters.keys.sorted().map { s.waiters[$0]! }   // in wait order, the same in every process
        }
        for waiter in waiters ?? [] { waiter.resume() }
    }

    func finish() {
        let waiters = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            s.finished = true
            defer { s.waiters = [:] }
            return s.waiters.keys.sorted().map { s.waiters[$0]! }   // in wait order, the same in every process
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Waits until an event after the cursor arrives, the stream ends, or the task is cancelled.
    private func waitForMore() async {
        let id = state.withLock { s -> UInt64 in s.nextWaiter += 1; return s.nextWaiter }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { s -> Bool in
                    if s.cursor < s.entries.count || s.finished || Task.isCancelled { return true }
                    s.waiters[id] = c
                    return false
                }
                if ready { c.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }

    /// Takes the next event after the cursor, waiting up to `limit`; nil on time-out or end of stream.
    private func take(within limit: Duration) async -> Element? {
        let outcome = await race(clock: clock, limit: limit) { () async -> Element? in
            while true {
                let next = self.state.withLock { s -> (Element?, Bool) in
                    if s.cursor < s.entries.count {
                        s.cursor += 1
                        return (s.entries[s.cursor - 1].element, false)
                    }
                    return (nil, s.finished)
                }
                if let element = next.0 { return element }
                if next.1 || Task.isCancelled { return nil }
                await self.waitForMore()
            }
        }
        if case .value(let element) = outcome { return element }
        return nil
    }

    /// Requires the next event to come within `limit` and returns it.
    @discardableResult
    public func next(
        within limit: Duration,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
    ) async throws -> Element {
        guard let element = await take(within: limit) else {
            throw report("no event from \(name)", expected: "an event within \(limit.formattedSeconds)",
                         actual: endDescription, SourceLocation(fileID: fileID, filePath: filePath, line: line))
        }
        return element
    }

    /// Requires the next event, without skipping any, to match `predicate` and come within `limit`.
    @discardableResult
    public func expectNext(
        _ what: String, within limit: Duration,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        where predicate: @escaping @Sendable (Element) -> Bool
    ) async throws -> Element {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line)
        guard let element = await take(within: limit) else {
            throw report("no event from \(name)", expected: "\(what) within \(limit.formattedSeconds)", actual: endDescription, location)
        }
        guard predicate(element) else {
            throw report("the next event from \(name) is not the expected one", expected: what, actual: describe(element), location)
        }
        return element
    }

    /// Requires events matching `predicates` to arrive in that order within `limit`; other events may come between.
    public func expectInOrder(
        _ whats: [String], within limit: Duration,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        matching predicates: [@Sendable (Element) -> Bool]
    ) async throws {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line)
        let deadline = clock.now + limit
        var skipped: [String] = []
        for (index, predicate) in predicates.enumerated() {
            while true {
                let remaining = deadline - clock.now
                guard remaining > .zero, let element = await take(within: remaining) else {
                    let seen = skipped.isEmpty ? "" : "; other events seen: " + skipped.suffix(8).joined(separator: ", ")
                    throw report("events from \(name) did not arrive in order",
                                 expected: whats.joined(separator: " → ") + " within \(limit.formattedSeconds)",
                                 actual: "\(index) of \(predicates.count) arrived (missing \(whats[index]))\(seen)", location)
                }
                if predicate(element) { break }
                skipped.append(describe(element))
            }
        }
    }

    /// Requires that no event matching `predicate` arrives during the next `duration` of rig time.
    public func expectNever(
        _ what: String, during duration: Duration,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        where predicate: @escaping @Sendable (Element) -> Bool
    ) async throws {
        let start = clock.now
        try await clock.sleep(for: duration)
        try await settle()
        let end = clock.now
        let offending = entries.first { $0.time >= start && $0.time <= end && predicate($0.element) }
        if let offending {
            throw report("\(name) sent an event it should not have", expected: "no \(what) during \(duration.formattedSeconds)",
                         actual: "\(describe(offending.element)) at t = \(offending.time)",
                         SourceLocation(fileID: fileID, filePath: filePath, line: line))
        }
    }

    /// Requires events matching `predicate` to arrive at `hertz` ± `tolerance` (a fraction) over the next `duration`.
    ///
    /// The measured rate also goes in the report as a measurement. Returns it.
    @discardableResult
    public func expectRate(
        _ what: String, hertz: Double, tolerance: Double, during duration: Duration,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        where predicate: @escaping @Sendable (Element) -> Bool
    ) async throws -> Double {
        let start = clock.now
        try await clock.sleep(for: duration)
        try await settle()
        let end = clock.now
        let count = entries.filter { $0.time > start && $0.time <= end && predicate($0.element) }.count
        let rate = Double(count) / duration.seconds
        let limits = hertz * (1 - tolerance)...hertz * (1 + tolerance)
        let passed = measure("\(what) rate", rate, unit: "Hz", limits: limits, fileID: fileID, filePath: filePath, line: line)
        if !passed { throw ScenarioRun.current?.failures.last ?? report("rate", SourceLocation(fileID: fileID, filePath: filePath, line: line)) }
        return rate
    }

    /// Lets everything else due at this instant happen first, so a window includes events at its last instant.
    private func settle() async throws {
        try await clock.sleep(for: .zero)
    }

    private var endDescription: String {
        state.withLock { $0.finished } ? "the stream ended" : "nothing (timed out)"
    }
}

extension EventLog where Element: Equatable {
    /// Requires the next event, without skipping any, to equal `expected` and come within `limit`.
    @discardableResult
    public func expectNext(
        _ expected: Element, within limit: Duration,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
    ) async throws -> Element {
        try await expectNext(describe(expected), within: limit, fileID: fileID, filePath: filePath, line: line) { $0 == expected }
    }

    /// Requires `expected` events to arrive in this order within `limit`; other events may come between.
    public func expectInOrder(
        _ expected: [Element], within limit: Duration,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
    ) async throws {
        try await expectInOrder(expected.map { describe($0) }, within: limit, fileID: fileID, filePath: filePath, line: line,
                                matching: expected.map { e in { $0 == e } })
    }

    /// Skips events until one equals `expected`, waiting up to `limit`.
    public func expectEventually(
        _ expected: Element, within limit: Duration,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
    ) async throws {
        try await expectInOrder([expected], within: limit, fileID: fileID, filePath: filePath, line: line)
    }

    /// Requires that `unwanted` does not arrive during the next `duration`.
    public func expectNever(
        _ unwanted: Element, during duration: Duration,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
    ) async throws {
        try await expectNever(describe(unwanted), during: duration, fileID: fileID, filePath: filePath, line: line) { $0 == unwanted }
    }
}
