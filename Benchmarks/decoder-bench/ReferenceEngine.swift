import Foundation

/// A reference decoder (zxing-cpp or ZBar) running in `reference_decoders.py`, fed one PGM file per line.
final class ReferenceEngine {
    let name: String
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()
    /// Why the engine cannot run, when it cannot.
    private(set) var unavailable: String?

    init(name: String, script: String) {
        self.name = name
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, name]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            let hello = readLine()
            if hello?["ready"] == nil { unavailable = (hello?["unavailable"] as? String) ?? "did not start" }
        } catch {
            unavailable = "\(error)"
        }
    }

    deinit {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
    }

    private func readLine() -> [String: Any]? {
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = buffer[..<newline]
                buffer.removeSubrange(...newline)
                return (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any]
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }

    /// The texts and per-run milliseconds for the PGM at `path` with `formats` enabled, or nil when the engine cannot read the format.
    /// With `bytes`, each result is its raw bytes as ISO 8859-1 text.
    func decode(pgm path: String, formats: [String], repeat count: Int = 1, bytes: Bool = false) -> (texts: [String], ms: [Double])? {
        guard unavailable == nil else { return nil }
        let job: [String: Any] = ["path": path, "formats": formats, "repeat": count, "bytes": bytes]
        guard let data = try? JSONSerialization.data(withJSONObject: job) else { return nil }
        input.fileHandleForWriting.write(data + Data([10]))
        guard let reply = readLine(), reply["unsupported"] == nil, reply["error"] == nil else { return nil }
        return ((reply["texts"] as? [String]) ?? [], (reply["ms"] as? [Double]) ?? [])
    }
}
