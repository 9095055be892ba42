import Foundation
import RigCore
import RigScenario
import Synchronization

/// Writes the captures the run's plug-ins make of every scenario: a btsnoop file per BLE link and a usbmon pcap per USB
/// device with RigKit's link plug-ins, named `<scenario>--<subject>.<extension>`.
///
/// Captures are staged in a hidden folder beside the target as each scenario ends and moved into the target folder
/// together by `commit()`, so a run's captures appear all together or not at all; a killed or failed run leaves the
/// target folder as it was.
final class CaptureWriter: RunObserver {
    private let directory: String
    private let staging: String
    private let plugins: RigPlugins
    private let unixStart: Double?
    private let state = Mutex<(files: [String], error: FileWriteError?)>(([], nil))

    /// Captures go to `directory`; `unixStart` is the Unix time at rig zero (nil on a wall clock: the run's start).
    init(directory: String, plugins: RigPlugins, unixStart: Double?) {
        self.directory = directory
        let parent = (directory as NSString).deletingLastPathComponent
        let name = (directory as NSString).lastPathComponent
        staging = (parent as NSString).appendingPathComponent(".\(name).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).captures.tmp")
        self.plugins = plugins
        self.unixStart = unixStart
    }

    func scenarioFinished(_ result: ScenarioResult, index: Int, of total: Int) {
        let start = unixStart ?? Date().timeIntervalSince1970 - result.rigDuration.seconds
        for capture in plugins.captures(of: result.trace, unixStart: start) {
            let name = Self.fileName(result.name) + "--" + Self.fileName(capture.subject) + "." + capture.fileExtension
            do {
                try OutputFile.write(capture.bytes, to: (staging as NSString).appendingPathComponent(name))
                state.withLock { $0.files.append(name) }
            } catch {
                state.withLock { $0.error = $0.error ?? FileWriteError(path: (directory as NSString).appendingPathComponent(name), reason: error.reason) }
            }
        }
    }

    /// Moves every staged capture into the target folder and returns their paths; throws the first write error, and
    /// then moves none.
    func commit() throws(FileWriteError) -> [String] {
        let (files, error) = state.withLock { ($0.files, $0.error) }
        defer { try? FileManager.default.removeItem(atPath: staging) }
        if let error { throw error }
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw FileWriteError(path: directory, reason: error.localizedDescription)
        }
        var moved: [String] = []
        for name in files {
            let target = (directory as NSString).appendingPathComponent(name)
            if rename((staging as NSString).appendingPathComponent(name), target) != 0 {
                let reason = Errno.current.description
                for done in moved { unlink(done) }
                throw FileWriteError(path: target, reason: reason)
            }
            moved.append(target)
        }
        return moved
    }

    /// Drops the staged captures.
    func abandon() { try? FileManager.default.removeItem(atPath: staging) }

    /// A file-name-safe form of `text`: letters, digits, dashes.
    static func fileName(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) { out.unicodeScalars.append(scalar) }
            else if !out.hasSuffix("-") { out += "-" }
        }
        return String(out.trimmingCharacters(in: CharacterSet(charactersIn: "-")).prefix(80))
    }
}
