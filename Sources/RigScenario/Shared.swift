import Synchronization

/// A value one step sets and later steps read, such as a session made during the scenario.
public final class Shared<Value: Sendable>: Sendable {
    private let name: String
    private let storage = Mutex<Value?>(nil)

    /// A slot named `name` (used in the message when a step reads it before it is set).
    public init(_ name: String) { self.name = name }

    /// The value; throws if no earlier step set it.
    public func get() throws -> Value {
        guard let value = storage.withLock({ $0 }) else { throw SharedValueMissing(name: name) }
        return value
    }

    public func set(_ value: Value) { storage.withLock { $0 = value } }
}

/// A step read a `Shared` value that no earlier step had set.
public struct SharedValueMissing: Error, CustomStringConvertible {
    public var name: String
    public var description: String { "\(name) was read before any step set it" }
}
