import Observation
import RigHost
import Synchronization

/// What a scan view shows of a session, observable the way SwiftUI code observes the SDK's `@Observable` session.
///
/// The session itself is an actor (calls from any task, in order), which the Observation
/// framework cannot observe; it mirrors every change of what the view reads here. A SwiftUI
/// view reading `state`, `isShowingOnboarding` or `isShowingDialog` updates when they change;
/// elsewhere follow them with `withObservationTracking`. Reads are safe from any thread.
public final class RoomScanObservation: Observable, Sendable {
    struct Values: Sendable {
        var state: RoomioScanState = .notStarted
        var scanId: String?
        var isShowingOnboarding = false
        var dialog: RoomioDialog?
        var warnings: [PowerGuardCondition] = []
        var isCameraRunning = false
    }

    private let registrar = ObservationRegistrar()
    private let values = Mutex(Values())

    init() {}

    /// The session's state.
    public var state: RoomioScanState { read(\.state, \.state) }
    /// Nil until `start()`.
    public var scanId: String? { read(\.scanId, \.scanId) }
    /// Whether the view shows the onboarding.
    public var isShowingOnboarding: Bool { read(\.isShowingOnboarding, \.isShowingOnboarding) }
    /// The sheet or dialog the view shows, if any.
    public var dialog: RoomioDialog? { read(\.dialog, \.dialog) }
    /// Whether the view shows a sheet or dialog.
    public var isShowingDialog: Bool { read(\.dialog, \.dialog) != nil }
    /// The warnings the view shows during a scan (a blocking condition arising mid-scan), in `PowerGuardCondition` order.
    public var warnings: [PowerGuardCondition] { read(\.warnings, \.warnings) }
    /// Whether the session holds the camera (from the preview or the start of recording until `close()`).
    public var isCameraRunning: Bool { read(\.isCameraRunning, \.isCameraRunning) }

    private func read<T: Sendable>(_ keyPath: KeyPath<RoomScanObservation, T>, _ value: KeyPath<Values, T>) -> T {
        registrar.access(self, keyPath: keyPath)
        return values.withLock { $0[keyPath: value] }
    }

    /// Changes one value, telling observers of `keyPath` only when it really changes.
    func update<T: Equatable & Sendable>(_ keyPath: KeyPath<RoomScanObservation, T>, _ value: WritableKeyPath<Values, T>, to new: T) {
        guard values.withLock({ $0[keyPath: value] }) != new else { return }
        registrar.withMutation(of: self, keyPath: keyPath) {
            values.withLock { $0[keyPath: value] = new }
        }
    }
}
