import RigCore
import Synchronization

/// How a race between some work and a time limit ended.
enum RaceOutcome<T: Sendable>: Sendable {
    case value(T)
    case error(any Error)
    case timedOut
    /// The run was interrupted (a signal) before the work finished; the work is cancelled and abandoned.
    case interrupted(String)
}

/// Runs `body` against a time limit without waiting for a body that ignores cancellation.
///
/// On time-out the body is cancelled and abandoned, so a hung device makes the
/// step fail instead of hanging the run. Task-local values (the current run) carry over.
func race<T: Sendable>(clock: any RigClock, limit: Duration, interruption: RunInterruption? = nil,
                       _ body: @escaping @Sendable () async throws -> T) async -> RaceOutcome<T> {
    let deadline = clock.now + limit
    return await withCheckedContinuation { (continuation: CheckedContinuation<RaceOutcome<T>, Never>) in
        let once = ResumeOnce(continuation)
        let timer = clock.spawn {
            do { try await clock.sleep(until: deadline) } catch { return }
            once.resume(with: .timedOut)
        }
        let work = clock.spawn {
            let outcome: RaceOutcome<T>
            do { outcome = .value(try await body()) } catch { outcome = .error(error) }
            timer.cancel()
            once.resume(with: outcome)
        }
        once.onTimeout { work.cancel() }
        interruption?.onInterrupt { reason in once.resume(with: .interrupted(reason)) }
    }
}

/// Resumes a continuation with whichever outcome comes first.
private final class ResumeOnce<T: Sendable>: Sendable {
    private let state: Mutex<(CheckedContinuation<RaceOutcome<T>, Never>?, (@Sendable () -> Void)?, Bool)>

    init(_ continuation: CheckedContinuation<RaceOutcome<T>, Never>) { state = Mutex((continuation, nil, false)) }

    /// Runs `action` when the race ends by time-out (at once if it already has).
    func onTimeout(_ action: @escaping @Sendable () -> Void) {
        let timedOut = state.withLock { s -> Bool in
            if s.2 { return true }
            s.1 = action
            return false
        }
        if timedOut { action() }
    }

    func resume(with outcome: RaceOutcome<T>) {
        let (continuation, cancelWork) = state.withLock { s -> (CheckedContinuation<RaceOutcome<T>, Never>?, (@Sendable () -> Void)?) in
            guard let c = s.0 else { return (nil, nil) }
            s.0 = nil
            switch outcome {
            case .timedOut, .interrupted: s.2 = true; return (c, s.1)
            default: break
            }
            return (c, nil)
        }
        cancelWork?()
        continuation?.resume(returning: outcome)
    }
}
