import Observation
import Synchronization

/// Whether an observable property read in `read` changed since the watch began: what makes a SwiftUI view re-render.
final class ObservedChange: Sendable {
    private let fired = Mutex(false)

    /// Starts tracking the observable properties `read` reads (`withObservationTracking`); fires on the first change.
    static func watch<T>(_ read: () -> T) -> ObservedChange {
        let change = ObservedChange()
        withObservationTracking { _ = read() } onChange: { [change] in change.fired.withLock { $0 = true } }
        return change
    }

    /// Whether a tracked property changed.
    var happened: Bool { fired.withLock { $0 } }
}
