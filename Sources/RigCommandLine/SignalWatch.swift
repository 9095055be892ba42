import Dispatch
import Foundation
import RigScenario
import Synchronization

/// Turns SIGINT, SIGTERM and SIGHUP into a run interruption while a run is going on, so the run can stop its current
/// scenario and write its reports before the process exits; `received` tells which signal came (exit 128 + it).
final class SignalWatch {
    private static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    private let sources: [any DispatchSourceSignal]
    private let first = FirstSignal()

    init(_ interruption: RunInterruption) {
        var made: [any DispatchSourceSignal] = []
        let queue = DispatchQueue(label: "rigkit.signals")
        let first = self.first
        for number in Self.watched {
            signal(number, SIG_IGN)   // the dispatch source sees it instead of the default action (exit)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                let isFirst = first.number.withLock { value -> Bool in
                    if value == nil { value = number; return true }
                    return false
                }
                if isFirst { interruption.interrupt("interrupted by \(Self.name(number))") }
            }
            source.resume()
            made.append(source)
        }
        sources = made
    }

    /// The signal that interrupted the run, if one did.
    var received: Int32? { first.number.withLock { $0 } }

    /// Gives the signals their default action back.
    func stop() {
        for source in sources { source.cancel() }
        for number in Self.watched { signal(number, SIG_DFL) }
    }

    static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(number)"
        }
    }
}

/// The first signal a watch saw.
private final class FirstSignal: Sendable {
    let number = Mutex<Int32?>(nil)
}
