import BarcodeDecoder
import Foundation

/// A folder of images with the texts they should decode to: a `manifest.csv`, or `NAME.txt` beside each image.
///
/// Two manifest layouts are read: `file,symbology,text`, and the real-photo corpus's `folder,symbology,image,expected_file`
/// (expected text in a `.txt` file, or raw bytes in a `.bin` file). Every path a manifest names must stay inside the corpus
/// folder. Without a manifest, an image's symbology is its folder's name or its file name's prefix before `-` or `_`, when
/// either names one. An image whose expected text is empty must decode to nothing (a false-read probe); `falsepositives`
/// is such a symbology name.
public struct BenchCorpus: Sendable {
    public struct Entry: Sendable, Equatable {
        public var path: String
        public var symbology: Symbology?
        public var expected: String
        /// The symbology name as the corpus gives it (kept for symbologies the decoder does not read, and for the table).
        public var symbologyName: String
        /// Whether `expected` holds raw bytes (one ISO 8859-1 character per byte) rather than text.
        public var expectsBytes: Bool

        public init(path: String, symbology: Symbology?, expected: String, symbologyName: String? = nil, expectsBytes: Bool = false) {
            self.path = path
            self.symbology = symbology
            self.expected = expected
            self.symbologyName = symbologyName ?? symbology?.rawValue ?? "none"
            self.expectsBytes = expectsBytes
        }

        /// Whether the decoder has a reader for the symbol in this image (false-read probes count as supported).
        public var isSupported: Bool { symbology?.isSupported ?? expected.isEmpty }
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
        return try parseManifest(text, path: path, directory: directory)
    }

    /// The entries of manifest text (`path` names it in errors); every image path must stay inside `directory`.
    public static func parseManifest(_ text: String, path: String, directory: String) throws(BenchCorpusError) -> [Entry] {
        var entries: [Entry] = []
        let rows: [CSV.Row]
        do { rows = try CSV.rows(text) } catch { throw .badManifestRow(path, line: error.line, reason: error.reason) }
        if rows.first?.fields.map({ $0.lowercased() }) == ["folder", "symbology", "image", "expected_file"] {
            return try readFolderManifest(rows.dropFirst(), path: path, directory: directory)
        }
        for (index, numbered) in rows.enumerated() {
            let row = numbered.fields
            if index == 0 && row.first?.lowercased() == "file" { continue }
            guard row.count >= 3 else {
                if row.allSatisfy(\.isEmpty) { continue }
                throw .badManifestRow(path, line: numbered.line, reason: "expected 3 fields (file,symbology,text), got \(row.count)")
            }
            let symbology: Symbology?
            if row[1].isEmpty { symbology = nil } else {
                guard let s = Symbology(name: row[1]) else { throw .badManifestRow(path, line: numbered.line, reason: "unknown symbology '\(row[1])'") }
                symbology = s
            }
            entries.append(Entry(path: try inside(directory, row[0], manifest: path, line: numbered.line), symbology: symbology, expected: row[2]))
        }
        return entries
    }

    /// Rows of `folder,symbology,image,expected_file`; an empty expected file marks a false-read probe.
    static func readFolderManifest(_ rows: ArraySlice<CSV.Row>, path: String, directory: String) throws(BenchCorpusError) -> [Entry] {
        var entries: [Entry] = []
        for numbered in rows {
            let row = numbered.fields, line = numbered.line
            if row.allSatisfy(\.isEmpty) { continue }
            guard row.count >= 4 else {
                throw .badManifestRow(path, line: line, reason: "expected 4 fields (folder,symbology,image,expected_file), got \(row.count)")
            }
            let image = try inside(directory, row[0] + "/" + row[2], manifest: path, line: line)
            var expected = ""
            var expectsBytes = false
            if !row[3].isEmpty {
                let file = try inside(directory, row[0] + "/" + row[3], manifest: path, line: line)
                guard let data = FileManager.default.contents(atPath: file) else { throw .unreadable(file) }
                expectsBytes = file.hasSuffix(".bin")
                expected = expectsBytes ? String(decoding: data.map { $0 }, asLatin1: ()) : String(decoding: data, as: UTF8.self)
            }
            let name = row[1].lowercased()
            let symbology = Symbology(name: name) ?? (name.hasPrefix("rss") || name.hasPrefix("databar") ? .dataBar : nil)
            guard symbology != nil || expected.isEmpty else { throw .badManifestRow(path, line: line, reason: "unknown symbology '\(row[1])'") }
            entries.append(Entry(path: image, symbology: symbology, expected: expected, symbologyName: name, expectsBytes: expectsBytes))
        }
        return entries
    }

    /// `relative` resolved against `directory`, refused when it is absolute or leads outside the directory.
    static func inside(_ directory: String, _ relative: String, manifest: String, line: Int) throws(BenchCorpusError) -> String {
        let root = URL(fileURLWithPath: directory).standardizedFileURL.path
        let resolved = URL(fileURLWithPath: (root as NSString).appendingPathComponent(relative)).standardizedFileURL.path
        guard !relative.hasPrefix("/"), !relative.split(separator: "/").contains(".."), resolved.hasPrefix(root + "/") else {
            throw .badManifestRow(manifest, line: line, reason: "path '\(relative)' leads outside the corpus folder")
        }
        return resolved
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

extension String {
    /// Text with one ISO 8859-1 character per byte.
    init(decoding bytes: [UInt8], asLatin1: Void) {
        var scalars = String.UnicodeScalarView()
        for b in bytes { scalars.append(Unicode.Scalar(b)) }
        self = String(scalars)
    }
}

/// RFC 4180 comma-separated values, read strictly: a quote that is never closed, or a stray quote inside an unquoted
/// field or after a closing one, is an error at its physical line (a lenient reader would swallow the rest of the file
/// into one field and skew a benchmark with exit 0).
enum CSV {
    /// A row and the physical line it starts on (1-based).
    struct Row {
        var line: Int
        var fields: [String]
    }

    /// What is wrong with the text, at which physical line.
    struct Problem: Error {
        var line: Int
        var reason: String
    }

    static func rows(_ text: String) throws(Problem) -> [Row] {
        var rows: [Row] = []
        var fields: [String] = []
        var field = ""
        var line = 1, rowLine = 1, quoteLine = 1
        var quoted = false, closed = false
        var chars = Array(text.unicodeScalars)[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" {
                    if chars.first == "\"" { field.unicodeScalars.append("\""); chars.removeFirst() } else { quoted = false; closed = true }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" {
                guard field.isEmpty, !closed else { throw Problem(line: line, reason: "a quote inside a field that is not quoted as a whole") }
                quoted = true
                quoteLine = line
            } else if c == "," {
                fields.append(field); field = ""; closed = false
            } else if c == "\n" || c == "\r" {
                if c == "\r", chars.first == "\n" { chars.removeFirst() }
                fields.append(field); field = ""; closed = false
                rows.append(Row(line: rowLine, fields: fields)); fields = []
                line += 1
                rowLine = line
            } else {
                guard !closed else { throw Problem(line: line, reason: "text after a closing quote") }
                field.unicodeScalars.append(c)
            }
        }
        if quoted { throw Problem(line: quoteLine, reason: "a quoted field that is never closed") }
        if !field.isEmpty || !fields.isEmpty || closed { fields.append(field); rows.append(Row(line: rowLine, fields: fields)) }
        return rows
    }

    static func escape(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
