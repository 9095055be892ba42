import RigCommandLine
import BarcodeDecoder
import Foundation
import ImageIO
import RigCore

/// `rig decode IMAGE...`: decodes barcodes in image files and prints each symbol.
public struct DecodeCommand: Command {
    public static let name = "decode"
    public static let abstract = "Decode the barcodes in PNG, JPEG or PGM images."
    public static let usage = "IMAGE... [--symbology S]... [--effort N] [--json]"
    public static let options: [OptionSpec] = [
        OptionSpec("symbology", short: "s", value: "S", repeatable: true,
                   help: "Search only symbology S (\(Symbology.supported.map(\.rawValue).joined(separator: ", "))); default: all."),
        OptionSpec("effort", value: "N", help: "Decoder effort 1–3 (default 2): higher reads harder images, slower."),
        OptionSpec("json", help: "Print one JSON object per symbol per line."),
    ]
    public static let discussion = """
    Each symbol prints as 'IMAGE: symbology "text" (N ms)', a GS1 one with its element string
    as readers print it after the text ('GS1 (01)09501101020917(10)ABC'); an image without a
    symbol prints 'IMAGE: no symbol'. With --json, each symbol is one line with image, text,
    symbology, bytes_hex, corners ([[x,y],…] clockwise from the symbol's top-left), gs1 (the
    element string with AIs in parentheses, for GS1 symbols only) and ms (decoding time of that
    image, file loading excluded); images without a symbol print no line.
    A file that cannot be read is reported on stderr with its name, and the other files are
    still decoded. Exit codes: 0 every image gave a symbol; 1 some image gave none;
    3 some file could not be read (takes precedence).
    """

    var images: [String]
    var symbologies: Set<Symbology>
    var effort: Int
    var json: Bool

    public init(_ arguments: ParsedArguments) throws(UsageError) {
        images = arguments.positionals
        guard !images.isEmpty else { throw UsageError(command: "rig decode", message: "name at least one image") }
        symbologies = []
        for name in arguments.values("symbology") {
            guard let symbology = Symbology(name: name) else {
                throw UsageError(command: "rig decode", message: "unknown symbology '\(name)'; one of \(Symbology.supported.map(\.rawValue).joined(separator: ", "))")
            }
            guard symbology.isSupported else { throw UsageError(command: "rig decode", message: "\(symbology) cannot be decoded yet") }
            symbologies.insert(symbology)
        }
        if symbologies.isEmpty { symbologies = Set(Symbology.supported) }
        if let value = arguments.value("effort") {
            guard let n = Int(value), (1...3).contains(n) else {
                throw UsageError(command: "rig decode", message: "--effort must be 1, 2 or 3, not '\(value)'")
            }
            effort = n
        } else {
            effort = 2
        }
        json = arguments.flag("json")
    }

    public func run(_ context: CommandContext) async -> Int32 {
        let decoder = BarcodeDecoder(options: DecoderOptions(symbologies: symbologies, effort: effort))
        var badFile = false
        var missed = false
        for file in images {
            let image: GrayImage
            do { image = try ImageFile.load(path: context.resolve(file)) } catch {
                context.err("error: \(ImageFileError.description(of: error, naming: file, resolved: context.resolve(file)))")
                badFile = true
                continue
            }
            let clock = ContinuousClock()
            var symbols: [DecodedSymbol] = []
            let elapsed = clock.measure { symbols = decoder.decode(image) }
            let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            if symbols.isEmpty {
                missed = true
                if !json { context.out("\(file): no symbol (\(Self.format(ms)) ms)") }
            }
            for symbol in symbols {
                if json {
                    let corners = symbol.corners.map { "[\(Self.format($0.x)),\(Self.format($0.y))]" }.joined(separator: ",")
                    let hex = Hex.encode(symbol.bytes)
                    let gs1 = symbol.gs1HumanReadable.map { ",\"gs1\":\(JSONText.quote($0))" } ?? ""
                    context.out("{\"image\":\(JSONText.quote(file)),\"text\":\(JSONText.quote(symbol.text)),\"symbology\":\"\(symbol.symbology.rawValue)\",\"bytes_hex\":\"\(hex)\",\"corners\":[\(corners)]\(gs1),\"ms\":\(Self.format(ms))}")
                } else {
                    let gs1 = symbol.gs1HumanReadable.map { " GS1 \($0)" } ?? ""
                    context.out("\(file): \(symbol.symbology.rawValue) \(JSONText.quote(symbol.text))\(gs1) (\(Self.format(ms)) ms)")
                }
            }
        }
        return badFile ? ExitCode.badInput : missed ? ExitCode.failure : ExitCode.success
    }

    static func format(_ v: Double) -> String { String((v * 1000).rounded() / 1000) }
}

extension ImageFileError {
    /// The message with the resolved path shown as the user wrote it.
    static func description(of error: ImageFileError, naming file: String, resolved: String) -> String {
        error.description.replacingOccurrences(of: resolved, with: file)
    }
}
