import Foundation
import Synchronization

/// Values by slot, each made once: a second caller that asks while the first is making it waits for that one.
///
/// Synchronous makers run under a recursive lock (a maker may ask for other slots on the same thread); asynchronous
/// makers leave a pending entry that later callers await, so no `await` ever sits between the check and the creation.
final class SingleFlightStore: Sendable {
    private enum Entry {
        case ready(any Sendable)
        case pending([CheckedContinuation<any Sendable, any Error>])
    }

    private let entries = Mutex<[RigSlot: Entry]>([:])
    /// Slots in the order their values were stored, so `releaseAll()` lets go of them in that order, the same in every
    /// process (a Dictionary would release them in hash order, and deinits can wake tasks).
    private let order = Mutex<[RigSlot]>([])
    /// Serialises synchronous makers. `NSRecursiveLock` is thread-safe; `@unchecked`-free because Foundation marks it Sendable.
    private let makers = NSRecursiveLock()

    func value<Value>(_ slot: RigSlot) -> Value? {
        entries.withLock { if case .ready(let value)? = $0[slot] { value as? Value } else { nil } }
    }

    func set<Value: Sendable>(_ value: Value, at slot: RigSlot) {
        let waiting = entries.withLock { entries -> [CheckedContinuation<any Sendable, any Error>] in
            defer { entries[slot] = .ready(value) }
            if case .pending(let waiting)? = entries[slot] { return waiting }
            return []
        }
        order.withLock { $0.append(slot) }
        for continuation in waiting { continuation.resume(returning: value) }
    }

    /// Lets go of every value, the latest stored first.
    func releaseAll() {
        let slots = order.withLock { order -> [RigSlot] in defer { order = [] }; return order }
        for slot in slots.reversed() {
            let released = entries.withLock { $0.removeValue(forKey: slot) }
            _ = released   // released here, outside the lock, one at a time
        }
    }

    func value<Value: Sendable>(_ slot: RigSlot, orMake make: () throws -> Value) throws -> Value {
        makers.lock()
        defer { makers.unlock() }
        if let existing: Value = value(slot) { return existing }
        let made = try make()
        set(made, at: slot)
        return made
    }

    func value<Value: Sendable>(_ slot: RigSlot, orBuild make: () async throws -> Value) async throws -> Value {
        let claim = entries.withLock { entries -> SingleFlightClaim in
            switch entries[slot] {
            case .ready(let value)?: return .ready(value)
            case .pending?: return .wait
            case nil:
                entries[slot] = .pending([])
                return .build
            }
        }
        switch claim {
        case .ready(let value): return value as! Value   // the slot's type is part of its identity
        case .wait:
            let value = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<any Sendable, any Error>) in
                let outcome = entries.withLock { entries -> SingleFlightClaim in
                    switch entries[slot] {
                    case .ready(let value)?: return .ready(value)
                    case .pending(let waiting)?:
                        entries[slot] = .pending(waiting + [continuation])
                        return .wait
                    case nil: return .build   // here: failed, the maker failed in between; its error went to those already waiting
                    }
                }
                switch outcome {
                case .ready(let value): continuation.resume(returning: value)
                case .wait: break
                case .build: continuation.resume(throwing: RigUnavailable(reason: "making \(slot) for the rig failed"))
                }
            }
            return value as! Value
        case .build:
            do {
                let made = try await make()
                set(made, at: slot)
                return made
            } catch {
                let waiting = entries.withLock { entries -> [CheckedContinuation<any Sendable, any Error>] in
                    defer { entries[slot] = nil }
                    if case .pending(let waiting)? = entries[slot] { return waiting }
                    return []
                }
                for continuation in waiting { continuation.resume(throwing: error) }
                throw error
            }
        }
    }
}

/// What a caller of `SingleFlightStore.value(_:orBuild:)` found: a value, someone building it, or nothing.
private enum SingleFlightClaim {
    case ready(any Sendable)
    case wait
    case build
}
