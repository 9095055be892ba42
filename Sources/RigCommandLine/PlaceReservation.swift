import Foundation
import RigCore

/// A bench reserved through labgrid: the rig file's place, acquired from the coordinator before a run and released after.
///
/// RigKit talks to the coordinator through labgrid's own client (`labgrid-client acquire`, `release`), so the locking is
/// labgrid's: a place acquired by anyone — another person, another CI job, another `rig run` — is refused, and the
/// error names the holder as labgrid reports it (`host/user`). The client is `RIGKIT_LABGRID_CLIENT`, else
/// `labgrid-client` on the PATH.
public struct PlaceReservation: Sendable {
    public let place: LabgridPlace
    let client: String

    /// Why a place cannot be had.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        /// labgrid-client is not installed.
        case noClient
        /// Someone holds the place.
        case held(place: String, by: String)
        /// The coordinator refused or could not be reached; labgrid's own message.
        case refused(place: String, message: String)
        /// The place was still held by someone else when the wait ended.
        case stillHeld(place: String, by: String, waited: Duration)
        /// The run was stopped (a signal) while waiting.
        case interrupted(place: String)

        public var description: String {
            switch self {
            case .noClient:
                "labgrid-client is not installed (pip install labgrid, or set RIGKIT_LABGRID_CLIENT to its path)"
            case .held(let place, let holder):
                "labgrid place \(place) is held by \(holder); wait for it with --wait-for-place DURATION, or ask \(holder) to release it"
            case .refused(let place, let message):
                "labgrid could not acquire place \(place): \(message)"
            case .stillHeld(let place, let holder, let waited):
                "labgrid place \(place) is still held by \(holder) after waiting \(waited.formattedSeconds)"
            case .interrupted(let place):
                "stopped while waiting for labgrid place \(place)"
            }
        }
    }

    /// A reservation of `place` through the installed labgrid client.
    public init(_ place: LabgridPlace, environment: [String: String] = ProcessInfo.processInfo.environment) throws(Problem) {
        self.place = place
        guard let client = Self.findClient(environment) else { throw .noClient }
        self.client = client
    }

    /// Acquires the place; while someone else holds it, tries again every `poll` until `wait` has passed (no wait:
    /// refused at once) or `stop` says the run was stopped.
    public func acquire(wait: Duration? = nil, poll: Duration = .seconds(2), stop: @Sendable () -> Bool = { false }) async throws(Problem) {
        let start = ContinuousClock.now
        while true {
            let outcome = run(["acquire"])
            if outcome.status == 0 { return }
            guard let holder = Self.holder(in: outcome.output) ?? Self.holder(inShow: run(["show"]).output) else {
                throw .refused(place: place.place, message: Self.message(outcome.output))
            }
            let waited = ContinuousClock.now - start
            guard let wait else { throw .held(place: place.place, by: holder) }
            guard waited < wait else { throw .stillHeld(place: place.place, by: holder, waited: waited) }
            if stop() { throw .interrupted(place: place.place) }
            try? await Task.sleep(for: min(poll, wait - waited))
            if stop() { throw .interrupted(place: place.place) }
        }
    }

    /// Releases the place; labgrid's message when it cannot.
    public func release() -> String? {
        let outcome = run(["release"])
        return outcome.status == 0 ? nil : Self.message(outcome.output)
    }

    /// The holder labgrid names in a refusal: "Place bench-1 is already acquired by host/user."
    static func holder(in output: String) -> String? {
        guard let range = output.range(of: "already acquired by ") else { return nil }
        var holder = String(output[range.upperBound...].prefix { !$0.isWhitespace })
        while holder.hasSuffix(".") || holder.hasSuffix(",") { holder.removeLast() }
        return holder.isEmpty ? nil : holder
    }

    /// The holder in `labgrid-client show`'s "acquired: host/user" line (asked when the refusal does not name one, as
    /// when this same user already holds it from another run).
    static func holder(inShow output: String) -> String? {
        for line in output.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("acquired:") else { continue }
            let holder = text.dropFirst("acquired:".count).trimmingCharacters(in: .whitespaces)
            return holder.isEmpty || holder == "None" ? nil : holder
        }
        return nil
    }

    /// labgrid-client's message without its program-name prefix, on one line.
    static func message(_ output: String) -> String {
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let text = lines.last(where: { $0.contains("Error") || $0.contains("error") }) ?? lines.last ?? "no message"
        return text.replacingOccurrences(of: "labgrid-client: ", with: "")
    }

    static func findClient(_ environment: [String: String]) -> String? {
        if let path = environment["RIGKIT_LABGRID_CLIENT"], !path.isEmpty {
            return FileManager.default.isExecutableFile(atPath: path) ? path : nil
        }
        for folder in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/labgrid-client"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs the client on this place; its exit status and its output (stdout and stderr together).
    private func run(_ command: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: client)
        var arguments: [String] = []
        if let coordinator = place.coordinator { arguments.append("--coordinator=\(coordinator)") }
        arguments += ["--place=\(place.place)"] + command
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (127, "cannot start \(client): \(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
