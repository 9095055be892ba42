import Foundation
import Dispatch
import Synchronization

/// A clock whose time advances only when every task of the rig is waiting on it.
///
/// The clock is also the rig's serial `TaskExecutor` (SE-0417). `run(_:)`
/// starts the body with this executor as its preference, so the body, its
/// child tasks and default actors it calls all run on one thread, one job at a
/// time, in arrival order. When no job is ready the clock jumps to the earliest
/// sleeper and resumes it (ties broken by the order the sleeps began), so the
/// same code with the same inputs produces the same sequence of events, and
/// hours of virtual time pass in milliseconds.
///
/// Unstructured tasks must be started with `spawn(_:)` (or
/// `Task(executorPreference:)`); a plain `Task { }` does not inherit the
/// preference and would run outside virtual time.
public final class VirtualClock: RigClock, TaskExecutor {
    private struct Timer: Comparable {
        var deadline: RigInstant
        var id: UInt64
        static func < (a: Timer, b: Timer) -> Bool {
            a.deadline != b.deadline ? a.deadline < b.deadline : a.id < b.id
        }
    }

    private struct State: ~Copyable {
        var now = RigInstant.zero
        var jobs = JobQueue()
        var timers = BinaryHeap<Timer>()
        var sleepers: [UInt64: CheckedContinuation<Void, any Error>] = [:]
        var registering: Set<UInt64> = []
        var cancelledWhileRegistering: Set<UInt64> = []
        var nextID: UInt64 = 0
        var parked = false
        var bodyFinished = false
        var outer: CheckedContinuation<any Sendable, any Error>?
        /// The body's result, handed to the caller only once the loop has drained what the body left behind.
        var result: Result<any Sendable, any Error>?
        var running = false
    }

    private let state = Mutex(State())
    private let wakeUp = DispatchSemaphore(value: 0)
    /// How long the loop waits for a job from another thread before calling the rig deadlocked.
    private let deadlockGrace: DispatchTimeInterval

    /// A virtual clock at time zero.
    ///
    /// - Parameters:
    ///   - deadlockGrace: wall time to wait, when no task is runnable and
    ///   no sleeper is pending, for work arriving from outside before `run(_:)`
    ///   fails with `VirtualClockError.deadlock`.
    ///   - unixStart: the Unix time at virtual zero; by default 2026-01-01T00:00:00Z, so stamps repeat run to run.
    public init(deadlockGrace: DispatchTimeInterval = .seconds(2), unixStart: Double = VirtualClock.defaultUnixStart) {
        self.deadlockGrace = deadlockGrace
        self.unixStart = unixStart
    }

    public let unixStart: Double

    /// 2026-01-01T00:00:00Z: the Unix time at virtual zero unless a rig says otherwise.
    public static let defaultUnixStart: Double = 1_767_225_600

    public var now: RigInstant { state.withLock { $0.now } }
    public var isVirtual: Bool { true }
    public var taskExecutor: (any TaskExecutor)? { self }

    public func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let signal = state.withLock { s -> Bool in
            s.jobs.append(unowned)
            if s.parked { s.parked = false; return true }
            return false
        }
        if signal { wakeUp.signal() }
    }

    public func sleep(until deadline: RigInstant) async throws {
        let id = state.withLock { s -> UInt64 in
            s.nextID += 1
            s.registering.insert(s.nextID)
            return s.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = state.withLock { s -> Bool in
                    s.registering.remove(id)
                    if s.cancelledWhileRegistering.remove(id) != nil { return true }
                    s.sleepers[id] = continuation
                    s.timers.push(Timer(deadline: deadline, id: id))
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let continuation = state.withLock { s -> CheckedContinuation<Void, any Error>? in
                if let c = s.sleepers.removeValue(forKey: id) { return c }
                if s.registering.contains(id) { s.cancelledWhileRegistering.insert(id) }
                return nil
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Runs `body` in virtual time on a dedicated thread and returns its result.
    ///
    /// When the body returns, sleepers left by tasks it started are cancelled and
    /// their tasks drained, so nothing of the rig keeps running afterwards.
    /// A clock runs one body at a time.
    public func run<T: Sendable>(
        _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let result = try await withCheckedThrowingContinuation { (outer: CheckedContinuation<any Sendable, any Error>) in
            let alreadyRunning = state.withLock { s -> Bool in
                if s.running { return true }
                s.running = true
                s.bodyFinished = false
                s.outer = outer
                return false
            }
            if alreadyRunning {
                outer.resume(throwing: VirtualClockError.alreadyRunning)
                return
            }
            Task(executorPreference: self) {
                let result: Result<any Sendable, any Error>
                do { result = .success(try await body()) } catch { result = .failure(error) }
                // The caller resumes when the loop exits, after the jobs and sleepers the body left are drained: a
                // caller resumed now would read the trace while those jobs still add to it on the loop's thread.
                self.state.withLock { s in
                    s.bodyFinished = true
                    s.result = result
                }
            }
            let thread = Thread { self.loop() }
            thread.start()
        }
        guard let value = result as? T else { throw VirtualClockError.deadlock(at: now) }
        return value
    }

    private enum Next {
        case job(UnownedJob)
        case wake(CheckedContinuation<Void, any Error>)
        case cancel([CheckedContinuation<Void, any Error>])
        case park
        case exit
    }

    private func loop() {
        var drainBudget = 100_000
        while true {
            let next = state.withLock { s -> Next in
                if let job = s.jobs.popFirst() { return .job(job) }
                if s.bodyFinished {
                    if s.sleepers.isEmpty || drainBudget <= 0 {
                        s.running = false
                        s.timers = BinaryHeap()
                        return .exit
                    }
                    let all = s.sleepers.keys.sorted().map { s.sleepers[$0]! }   // in sleep order, the same in every process
                    s.sleepers.removeAll()
                    s.timers = BinaryHeap()
                    return .cancel(all)
                }
                while let timer = s.timers.pop() {
                    if let continuation = s.sleepers.removeValue(forKey: timer.id) {
                        if timer.deadline > s.now { s.now = timer.deadline }
                        return .wake(continuation)
                    }
                }
                s.parked = true
                return .park
            }
            switch next {
            case .job(let job):
                if state.withLock({ $0.bodyFinished }) { drainBudget -= 1 }
                job.runSynchronously(on: asUnownedTaskExecutor())
            case .wake(let continuation):
                continuation.resume()
            case .cancel(let continuations):
                for continuation in continuations { continuation.resume(throwing: CancellationError()) }
            case .park:
                if wakeUp.wait(timeout: .now() + deadlockGrace) == .timedOut {
                    let outer = state.withLock { s -> CheckedContinuation<any Sendable, any Error>? in
                        guard s.parked else { return nil }
                        s.parked = false
                        s.bodyFinished = true
                        defer { s.outer = nil }
                        return s.outer
                    }
                    outer?.resume(throwing: VirtualClockError.deadlock(at: now))
                }
            case .exit:
                let (outer, result) = state.withLock { s -> (CheckedContinuation<any Sendable, any Error>?, Result<any Sendable, any Error>?) in
                    defer { s.outer = nil; s.result = nil }
                    return (s.outer, s.result)
                }
                outer?.resume(with: result ?? .failure(VirtualClockError.deadlock(at: now)))
                return
            }
        }
    }
}

/// Errors of the virtual clock itself.
public enum VirtualClockError: Error, Equatable, CustomStringConvertible {
    /// Every task was waiting on something other than the clock and no sleeper was pending.
    case deadlock(at: RigInstant)
    /// `run(_:)` was called while the clock was already running a body.
    case alreadyRunning

    public var description: String {
        switch self {
        case .deadlock(let t):
            "deadlock at \(t): every task is waiting and no timer is pending (a device that never answers, with no time limit?)"
        case .alreadyRunning:
            "this virtual clock is already running a scenario; give each run its own clock"
        }
    }
}
