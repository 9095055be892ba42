/// One symbol the decoder found in a frame.
public struct DecodedSymbol: Sendable, Equatable {
    public var symbology: Symbology
    /// The decoded text (GS1 field separators as U+001D).
    public var text: String
    /// The decoded bytes before any character-set interpretation.
    public var bytes: [UInt8]
    /// The symbol's outline in image coordinates, clockwise from the symbol's own top-left.
    public var corners: [Point]
    /// Whether the read passed every check (check digits, Reed–Solomon, agreement between scans).
    public var isGoodRead: Bool
    /// Whether the data is GS1 (FNC1 in first position).
    public var isGS1: Bool
    /// How many codewords (2D) or characters (1D) error correction or voting had to repair; 0 for a clean read.
    public var correctedErrors: Int
    /// The Macro PDF417 control block, when the symbol is one of a file split across several PDF417 symbols.
    public var macroPDF417: MacroPDF417?

    public init(symbology: Symbology, text: String, bytes: [UInt8], corners: [Point], isGoodRead: Bool = true,
                isGS1: Bool = false, correctedErrors: Int = 0) {
        self.symbology = symbology
        self.text = text
        self.bytes = bytes
        self.corners = corners
        self.isGoodRead = isGoodRead
        self.isGS1 = isGS1
        self.correctedErrors = correctedErrors
    }

    /// A GS1 symbol's element string as readers print it for people, each AI in parentheses (`(01)09501101020917(10)ABC`);
    /// nil when the symbol is not GS1 or its data is not a well-formed element string. `text` keeps the data as the
    /// symbol carries it (U+001D after variable-length fields).
    public var gs1HumanReadable: String? { isGS1 ? GS1ElementString.humanReadable(text) : nil }

    /// The outline as an SVG path (`M x y L … Z`), for the result's SVG overlay.
    public var svgPath: String {
        guard let first = corners.first else { return "" }
        func f(_ v: Double) -> String { String(Double((v * 10).rounded()) / 10) }
        return "M \(f(first.x)) \(f(first.y))" + corners.dropFirst().map { " L \(f($0.x)) \(f($0.y))" }.joined() + " Z"
    }
}
