import RigHost

/// Where a room scan is in its life.
public enum RoomioScanState: Sendable, Equatable, CustomStringConvertible {
    /// Created; `start()` not yet called.
    case notStarted
    /// The camera is live but nothing is recorded (`startPreview()`).
    case previewing
    /// `start()` was called; onboarding, a device check or a permission sheet stands before recording.
    case preparing
    /// Recording.
    case scanning
    /// Recording is paused, by the app or because the app went to the background.
    case paused(PauseReason)
    /// `stop()` was called and the scan is being saved; `finished` follows in a few seconds.
    case saving
    /// Saved; `export()` may be called.
    case finished
    /// Abandoned without saving.
    case cancelled
    /// The scan could not be saved.
    case failed(RoomioFailure)

    public var description: String {
        switch self {
        case .notStarted: "notStarted"
        case .previewing: "previewing"
        case .preparing: "preparing"
        case .scanning: "scanning"
        case .paused(let reason): "paused(\(reason.rawValue))"
        case .saving: "saving"
        case .finished: "finished"
        case .cancelled: "cancelled"
        case .failed(let failure): "failed(\(failure.rawValue))"
        }
    }

    /// Whether the scan has ended (finished, cancelled or failed).
    public var hasEnded: Bool {
        switch self {
        case .finished, .cancelled, .failed: true
        default: false
        }
    }
}

/// Why recording is paused.
public enum PauseReason: String, Sendable, Equatable {
    /// `pause()` was called; only `resume()` continues.
    case requested
    /// The app went to the background; the scan resumes when it returns.
    case background
}

/// Why a scan could not start or could not be saved, as `RoomioScanEvent.failed` reports it.
public enum RoomioFailure: String, Sendable, Equatable {
    /// Low Power Mode is on.
    case powerSaving
    /// Less than 200 MB of free storage.
    case insufficientStorage
    /// The battery is at 25 % or less.
    case lowBattery
    /// Camera access was refused.
    case permissionDenied
    /// The finished scan could not be written.
    case saveFailed

    /// The failure a blocking power-guard condition causes.
    public init?(_ condition: PowerGuardCondition) {
        switch condition {
        case .powerSaving: self = .powerSaving
        case .insufficientStorage: self = .insufficientStorage
        case .lowBattery: self = .lowBattery
        case .storageBelowComfort, .batteryBelowHalf: return nil
        }
    }
}

/// A sheet or dialog the scan view shows; while one is shown `isShowingDialog` is true.
public enum RoomioDialog: Sendable, Equatable {
    /// A blocking device check failed; the only button cancels the session.
    case blocked(RoomioFailure)
    /// Camera access is refused; buttons open Settings or cancel.
    case permissionDenied
    /// Storage or battery is low; buttons continue anyway or leave.
    case askToContinue([PowerGuardCondition])
    /// The user tapped exit; buttons confirm exit or keep scanning.
    case exitConfirmation
    /// The scan could not be saved; the button dismisses.
    case saveFailed

    /// The buttons the dialog offers.
    public var buttons: [RoomioButton] {
        switch self {
        case .blocked: [.cancel]
        case .permissionDenied: [.openSettings, .cancel]
        case .askToContinue: [.continueAnyway, .leave]
        case .exitConfirmation: [.confirmExit, .keepScanning]
        case .saveFailed: [.dismiss]
        }
    }
}

/// A button of the scan view that a scenario taps in place of the user.
public enum RoomioButton: String, Sendable, Equatable, CaseIterable {
    case finishOnboarding, skipOnboarding
    case cancel, openSettings
    case continueAnyway, leave
    /// The view's exit button during a scan, which asks for confirmation.
    case exit
    case confirmExit, keepScanning
    /// The view's finish button, which calls `stop()`.
    case finish
    case dismiss
}

/// How well the camera tracks the room.
public enum TrackingState: String, Sendable, Equatable {
    case normal, limited, notAvailable
}

/// Notifications from a scan, read from `RoomScanSession.events`.
public enum RoomioScanEvent: Sendable, Equatable {
    case onboardingShown
    case onboardingEnded(skipped: Bool)
    case previewStarted
    case dialogShown(RoomioDialog)
    case dialogClosed
    /// The scan could not start (power guard, permission) or could not be saved.
    case failed(RoomioFailure)
    /// Recording began.
    case started
    case trackingChanged(TrackingState)
    /// Seconds recorded so far, once a second while recording.
    case progress(seconds: Int)
    /// A blocking condition arose during the scan; the scan carries on.
    case warning(PowerGuardCondition)
    case paused(PauseReason)
    case resumed
    /// `stop()` was accepted and saving began.
    case stopped
    case finished
    case exported(scanId: String)
    case cancelled
    case closed
}

/// What can go wrong when calling a session.
public enum RoomioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `stop()` in the first seconds of a scan.
    case notReady
    /// The scan cannot be packaged; the reason says why.
    case exportFailed(String)
    /// The call is not allowed in the session's current state.
    case invalidState(operation: String, state: RoomioScanState)
    /// The session was closed; it is unusable.
    case closed(operation: String)
    /// A scenario tapped a button the view is not showing.
    case buttonNotShown(RoomioButton, showing: String)

    public var description: String {
        switch self {
        case .notReady: "notReady: the scan is too young to stop"
        case .exportFailed(let reason): "exportFailed: \(reason)"
        case .invalidState(let operation, let state): "\(operation) is not allowed while the scan is \(state)"
        case .closed(let operation): "\(operation) called on a closed session"
        case .buttonNotShown(let button, let showing): "the view shows no \(button.rawValue) button (it shows \(showing))"
        }
    }
}

/// A scan packaged for upload, as `export()` returns it.
public struct RoomioBundle: Sendable, Equatable {
    public var scanId: String
    /// The bundle's directory on disk.
    public var path: String
    /// Its size in bytes as counted against the phone's storage.
    public var sizeBytes: Int64
}

/// Options for a scan, as the app passes them to `startScan(config:)`.
public struct RoomScanConfig: Sendable, Equatable {
    /// Whether the view shows onboarding before the scan.
    public var showsOnboarding = true
    public var policy = PowerGuardPolicy.roomio

    public init(showsOnboarding: Bool = true) { self.showsOnboarding = showsOnboarding }
}

/// How the simulated session behaves: timings and storage use.
public struct RoomScanSimulation: Sendable, Equatable {
    /// `stop()` throws `notReady` while less than this has passed since recording began.
    public var notReadyWindow: Duration = .seconds(3)
    /// Time from `stop()` to `finished`.
    public var saveDuration: Duration = .seconds(4)
    /// Time `export()` takes to package the scan.
    public var exportDuration: Duration = .seconds(2)
    /// Storage the recording takes per second (bytes).
    public var storageBytesPerSecond: Int64 = 1_500_000

    public init() {}
}
