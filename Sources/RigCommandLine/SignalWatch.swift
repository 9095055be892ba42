import Dispatch
import Foundation
import Glibc
import RigScenario
import Synchronization

/// Turns SIGINT, SIGTERM and SIGHUP into a run interruption while a run is going on, so the run can stop its current
/// scenario and write its reports before the process exits; `received` tells which signal came (exit 128 + it).
///
/// A signal handler installed before `init` returns writes the signal's number into a pipe (the self-pipe pattern: the
/// only work a handler may safely do), and a dispatch source reads it there. A dispatch signal source alone is armed
/// asynchronously after `resume()`, so a signal in the first instants of a run was lost while the signal was ignored;
/// the pipe holds it until the reader is armed.
final class SignalWatch {
    private static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    private let reader: any DispatchSourceRead
    private let first = FirstSignal()

    init(_ interruption: RunInterruption) {
        var fds: [Int32] = [-1, -1]
        // A process that cannot make a pipe cannot run anything; the descriptors never block (a handler must not wait).
        precondition(pipe(&fds) == 0, "rig: no pipe for signals: \(String(cString: strerror(errno)))")
        let (readEnd, writeEnd) = (fds[0], fds[1])
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        SignalPipe.writeEnd.store(writeEnd, ordering: .sequentiallyConsistent)
        let first = self.first
        reader = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: DispatchQueue(label: "rigkit.signals"))
        reader.setEventHandler {
            var numbers = [UInt8](repeating: 0, count: 16)
            while true {
                let count = read(readEnd, &numbers, numbers.count)
                guard count > 0 else { return }
                for number in numbers.prefix(count).map(Int32.init) {
                    let isFirst = first.number.withLock { value -> Bool in
                        if value == nil { value = number; return true }
                        return false
                    }
                    if isFirst { interruption.interrupt("interrupted by \(Self.name(number))") }
                }
            }
        }
        reader.setCancelHandler {
            close(readEnd)
            close(writeEnd)
        }
        reader.resume()
        for number in Self.watched {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = signalPipeHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    /// The signal that interrupted the run, if one did.
    var received: Int32? { first.number.withLock { $0 } }

    /// Gives the signals their default action back.
    func stop() {
        for number in Self.watched { signal(number, SIG_DFL) }
        SignalPipe.writeEnd.store(-1, ordering: .sequentiallyConsistent)
        reader.cancel()
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

/// The write end of the watch's pipe, for the signal handler (which can reach only globals); -1 when no watch is on.
private enum SignalPipe {
    static let writeEnd = Atomic<Int32>(-1)
}

/// Writes the signal's number into the watch's pipe: an atomic load and `write(2)`, both safe in a signal handler.
private func signalPipeHandler(_ number: Int32) {
    let fd = SignalPipe.writeEnd.load(ordering: .sequentiallyConsistent)
    guard fd >= 0 else { return }
    var byte = UInt8(truncatingIfNeeded: number)
    let saved = errno
    _ = write(fd, &byte, 1)
    errno = saved
}

/// The first signal a watch saw.
private final class FirstSignal: Sendable {
    let number = Mutex<Int32?>(nil)
}
