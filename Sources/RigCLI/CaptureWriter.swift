import BLESimulation
import USBSimulation
import Foundation
import RigCore
import RigScenario
import Synchronization

/// Writes a capture of every BLE link (btsnoop) and every USB device (usbmon pcap) of every scenario as the scenario ends.
///
/// Files are named `<scenario>--<link>.btsnoop` and `<scenario>--<device>.pcap` and written atomically.
final class CaptureWriter: RunObserver {
    private let directory: String
    private let unixStart: Double?
    private let state = Mutex<(files: [String], error: FileWriteError?)>(([], nil))

    /// Captures go to `directory`; `unixStart` is the Unix time at rig zero (nil on a wall clock: the run's start).
    init(directory: String, unixStart: Double?) {
        self.directory = directory
        self.unixStart = unixStart
    }

    func scenarioFinished(_ result: ScenarioResult, index: Int, of total: Int) {
        let start = unixStart ?? Date().timeIntervalSince1970 - result.rigDuration.seconds
        for link in CaptureExport.links(in: result.trace) {
            let name = Self.fileName(result.name) + "--" + Self.fileName(link) + ".btsnoop"
            let path = (directory as NSString).appendingPathComponent(name)
            do {
                try AtomicFile.write(Data(CaptureExport.btsnoop(result.trace, link: link, unixStart: start)), to: path)
                state.withLock { $0.files.append(path) }
            } catch {
                state.withLock { $0.error = $0.error ?? error }
            }
        }
        for device in USBCaptureExport.devices(in: result.trace) {
            let path = (directory as NSString).appendingPathComponent(Self.fileName(result.name) + "--" + Self.fileName(device) + ".pcap")
            do {
                try AtomicFile.write(Data(USBCaptureExport.pcap(result.trace, device: device, unixStart: start)), to: path)
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
