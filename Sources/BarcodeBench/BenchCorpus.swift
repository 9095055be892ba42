import BarcodeDecoder
import Foundation

/// A folder of images with the texts they should decode to: a `manifest.csv` (`file,symbology,text`), or `NAME.txt` beside each image.
///
/// Without a manifest, an image's symbology is its folder's name or its file name's prefix before `-` or `_`, when either
/// names one; an image whose expected text is empty must decode to nothing (a false-read probe).
public struct BenchCorpus: Sendable {
    public struct Entry: Sendable, Equatable {
        public var path: String
        public var symbology: Symbology?
        public var expected: String
    }

    public var directory: String
    public var entries: [Entry]

    public static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "pgm"]

    public init(directory: String) throws(BenchCorpusError) {
        self.directory = directory
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .notADirectory(directory)
        }
        let manifest = (directory as NSString).appendingPathComponent("manifest.csv")
        if FileManager.default.fileExists(atPath: manifest) {
            entries = try Self.readManifest(manifest, directory: directory)
        } else {
            entries = try Self.readSidecars(directory)
        }
        guard !entries.isEmpty else { throw .empty(directory) }
    }

    static func readManifest(_ path: String, directory: String) throws(BenchCorpusError) -> [Entry] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw .unreadable(path) }
        var entries: [Entry] = []
        for (index, row) in CSV.rows(text).enumerated() {
            if index == 0 && row.first?.lowercased() == "file" { continue }
            guard row.count >= 3 else {
                if row.allSatisfy(\.isEmpty) { continue }
                throw .badManifestRow(path, line: index + 1, reason: "expected 3 fields (file,symbology,text), got \(row.count)")
            }
            let symbology: Symbology?
            if row[1].isEmpty { symbology = nil } else {
                guard let s = Symbology(name: row[1]) else { throw .badManifestRow(path, line: index + 1, reason: "unknown symbology '\(row[1])'") }
                symbology = s
            }
            entries.append(Entry(path: (directory as NSString).appendingPathComponent(row[0]), symbology: symbology, expected: row[2]))
        }
        return entries
    }

    static func readSidecars(_ directory: String) throws(BenchCorpusError) -> [Entry] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { throw .unreadable(directory) }
        var entries: [Entry] = []
        for case let relative as String in enumerator {
            let ext = (relative as NSString).pathExtension.lowercased()
            guard imageExtensions.contains(ext) else { continue }
            let path = (directory as NSString).appendingPathComponent(relative)
            let sidecar = (path as NSString).deletingPathExtension + ".txt"
            guard var expected = try? String(contentsOfFile: sidecar, encoding: .utf8) else { continue }
            if expected.hasSuffix("\n") { expected.removeLast() }
            let folder = ((relative as NSString).deletingLastPathComponent as NSString).lastPathComponent
            let stem = ((relative as NSString).lastPathComponent as NSString).deletingPathExtension
            let prefix = String(stem.prefix { $0 != "-" && $0 != "_" })
            entries.append(Entry(path: path, symbology: Symbology(name: folder) ?? Symbology(name: prefix), expected: expected))
        }
        return entries.sorted { $0.path < $1.path }
    }
}

/// Why a benchmark corpus could not be used.
public enum BenchCorpusError: Error, Equatable, CustomStringConvertible {
    /// The path is not a directory.
    case notADirectory(String)
    /// A file of the corpus could not be read.
    case unreadable(String)
    /// No image with an expected text was found (directory).
    case empty(String)
    /// A manifest line is malformed (file, line, what is wrong).
    case badManifestRow(String, line: Int, reason: String)

    public var description: String {
        switch self {
        case .notADirectory(let path): "\(path): not a directory"
        case .unreadable(let path): "\(path): cannot read"
        case .empty(let path): "\(path): no images with expected texts (NAME.txt beside each image, or manifest.csv)"
        case let .badManifestRow(path, line, reason): "\(path):\(line): \(reason)"
        }
    }
}

/// RFC 4180 comma-separated values.
enum CSV {
    static func rows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var chars = Array(text.unicodeScalars)[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" {
                    if chars.first == "\"" { field.unicodeScalars.append("\""); chars.removeFirst() } else { quoted = false }
                } else { field.unicodeScalars.append(c) }
            } else if c == "\"" { quoted = true } else if c == "," { row.append(field); field = "" } else if c == "\n" || c == "\r" {
                if c == "\r", chars.first == "\n" { chars.removeFirst() }
                row.append(field); field = ""
                rows.append(row); row = []
            } else { field.unicodeScalars.append(c) }
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }

    static func escape(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
