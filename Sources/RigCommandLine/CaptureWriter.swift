import Foundation
import RigCore
import RigScenario
import Synchronization

/// Writes the captures the run's plug-ins make of every scenario as the scenario ends: a btsnoop file per BLE link and
/// a usbmon pcap per USB device with RigKit's link plug-ins.
///
/// Files are named `<scenario>--<subject>.<extension>` (e.g. `…--wristband.btsnoop`) and written atomically.
final class CaptureWriter: RunObserver {
    private let directory: String
    private let plugins: RigPlugins
    private let unixStart: Double?
    private let state = Mutex<(files: [String], error: FileWriteError?)>(([], nil))

    /// Captures go to `directory`; `unixStart` is the Unix time at rig zero (nil on a wall clock: the run's start).
    init(directory: String, plugins: RigPlugins, unixStart: Double?) {
        self.directory = directory
        self.plugins = plugins
        self.unixStart = unixStart
    }

    func scenarioFinished(_ result: ScenarioResult, index: Int, of total: Int) {
        let start = unixStart ?? Date().timeIntervalSince1970 - result.rigDuration.seconds
        for capture in plugins.captures(of: result.trace, unixStart: start) {
            let name = Self.fileName(result.name) + "--" + Self.fileName(capture.subject) + "." + capture.fileExtension
            let path = (directory as NSString).appendingPathComponent(name)
            do {
                try AtomicFile.write(Data(capture.bytes), to: path)
                state.withLock { $0.files.append(path) }
            } catch {
                state.withLock { $0.error = $0.error ?? error }
            }
        }
    }

    /// The files written; throws the first write error.
    func writtenFiles() throws(FileWriteError) -> [String] {
        let (files, error) = state.withLock { ($0.files, $0.error) }
        if let error { throw error }
        return files
    }

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
