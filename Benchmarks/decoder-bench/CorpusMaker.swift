import BarcodeDecoder
import BarcodeEncoder
import Foundation
import ImageIO
import RigCore

/// Makes a corpus from symbols rendered by Debian's `zint` (not RigKit's encoders), placed in scenes by RigKit's synthesizer.
struct CorpusMaker {
    var directory: String
    var perSymbology: Int
    var width: Int
    var height: Int
    var seed: UInt64

    static let zintTypes: [Symbology: String] = [
        .ean13: "13", .ean8: "13", .upcA: "34", .upcE: "37", .code128: "20", .code39: "8",
        .interleaved2of5: "3", .codabar: "18", .qr: "58", .dataMatrix: "71", .aztec: "92",
    ]

    func make() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("rigkit-zint-\(getpid())").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var manifest = "file,symbology,text\n"
        var random = SeededGenerator(seed: seed, stream: "corpus")
        // Symbologies without a zint type here (PDF417, DataBar, Code 93, Code 25) are not in this corpus.
        for symbology in Symbology.supported where Self.zintTypes[symbology] != nil {
            for index in 0..<perSymbology {
                let png = "\(scratch)/\(symbology.rawValue)-\(index).png"
                var expected = ""
                // zint refuses some data (UPC-E that is not the canonical compression of its UPC-A): draw again.
                for attempt in 0..<20 {
                    let (data, text, extra) = sample(symbology, &random)
                    do {
                        try zint(["-b", Self.zintTypes[symbology]!, "-d", data, "-o", png, "--scale=1"] + extra)
                        expected = text
                        break
                    } catch where attempt < 19 { continue }
                }
                let symbol = try ImageFile.load(path: png)
                let image = scene(symbol, linear: symbology.isLinear, &random)
                let name = "\(symbology.rawValue)-\(index).jpg"
                try ImageFile.write(image, to: "\(directory)/\(name)", quality: Int.random(in: 40...70, using: &random))
                manifest += "\(name),\(symbology.rawValue),\(CSVField.escape(expected))\n"
            }
        }
        for index in 0..<max(2, perSymbology / 2) {
            let image = FrameSynthesizer(width: width, height: height, seed: seed &+ UInt64(index) &* 7919)
                .render([], degradations: Degradations(noise: Double.random(in: 0...8, using: &random)))
            let name = "empty-\(index).jpg"
            try ImageFile.write(image, to: "\(directory)/\(name)", quality: 80)
            manifest += "\(name),,\n"
        }
        try manifest.write(toFile: "\(directory)/manifest.csv", atomically: true, encoding: .utf8)
    }

    /// zint's data, the text a reader should return, and extra zint options.
    func sample(_ symbology: Symbology, _ random: inout SeededGenerator) -> (String, String, [String]) {
        func digits(_ n: Int) -> [Int] { (0..<n).map { _ in Int.random(in: 0...9, using: &random) } }
        func text(_ d: [Int]) -> String { d.map(String.init).joined() }
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        switch symbology {
        case .ean13:
            let d = digits(12); return (text(d), text(d + [EANUPCTables.checkDigit(d)]), [])
        case .ean8:
            let d = digits(7); return (text(d), text(d + [EANUPCTables.checkDigit(d)]), [])
        case .upcA:
            let d = digits(11); return (text(d), text(d + [EANUPCTables.checkDigit(d)]), [])
        case .upcE:
            let d = digits(6)
            let check = EANUPCTables.checkDigit(EANUPCTables.expandUPCE(numberSystem: 0, d))
            return (text(d), "0" + text(d) + String(check), [])
        case .code128:
            let printable = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.:/ ")
            let s = String((0..<Int.random(in: 3...8, using: &random)).map { _ in printable.randomElement(using: &random)! })
            let trimmed = s.trimmingCharacters(in: .whitespaces).isEmpty ? "RIG" : s
            return (trimmed, trimmed, [])
        case .code39:
            let s = String((0..<Int.random(in: 3...6, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            return (s, s, [])
        case .interleaved2of5:
            let d = digits(2 * Int.random(in: 3...5, using: &random)); return (text(d), text(d), [])
        case .codabar:
            let ends = Array("ABCD")
            let s = String(ends.randomElement(using: &random)!) + text(digits(Int.random(in: 4...8, using: &random))) + String(ends.randomElement(using: &random)!)
            return (s, s, [])
        case .qr:
            let s = (0..<Int.random(in: 5...120, using: &random)).map { _ in String(alphabet.randomElement(using: &random)!).lowercased() }.joined()
            return ("https://rig.example/" + s, "https://rig.example/" + s, ["--secure=\(Int.random(in: 1...4, using: &random))"])
        case .dataMatrix:
            let s = String((0..<Int.random(in: 3...80, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            return (s, s, Bool.random(using: &random) ? ["--square"] : [])
        case .pdf417:
            let s = String((0..<Int.random(in: 3...80, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            return (s, s, [])
        case .aztec:
            let s = String((0..<Int.random(in: 3...80, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            return (s, s, [])
        case .dataBar, .dataBarExpanded, .dataBarLimited, .code93, .code25, .matrix2of5, .maxiCode, .microPDF417:
            return ("", "", [])
        }
    }

    func scene(_ symbol: GrayImage, linear: Bool, _ random: inout SeededGenerator) -> GrayImage {
        let frame = Double(min(width, height))
        let diagonal = (Double(symbol.width * symbol.width + symbol.height * symbol.height)).squareRoot()
        let scale = Double.random(in: 0.55...0.95, using: &random) * frame / diagonal
        let placement = SymbolPlacement(
            symbol: symbol,
            center: Point(Double(width) * Double.random(in: 0.45...0.55, using: &random), Double(height) * Double.random(in: 0.45...0.55, using: &random)),
            scale: scale, rotation: Double.random(in: 0..<360, using: &random),
            perspective: Double.random(in: 0...(linear ? 0.08 : 0.15), using: &random))
        let degradations = Degradations(
            blur: Double.random(in: 0...1.0, using: &random), noise: Double.random(in: 0...5, using: &random),
            glare: Double.random(in: 0...0.5, using: &random), unevenLight: Double.random(in: 0...0.5, using: &random),
            jpegQuality: nil, contrast: Double.random(in: 0.6...1, using: &random))
        return FrameSynthesizer(width: width, height: height, seed: random.next()).render([placement], degradations: degradations)
    }

    func zint(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["zint"] + arguments
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw BenchFailure("zint \(arguments.joined(separator: " ")) failed: \(message)")
        }
    }
}

/// A benchmark step that cannot go on, with what to do.
struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

enum CSVField {
    static func escape(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
