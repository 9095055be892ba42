import BarcodeDecoder
import Foundation

/// One result of a scan, as `CMBReadResult` reports it.
public struct ReadResult: Sendable, Equatable {
    /// Whether a symbol was decoded (false when the scan timed out or was stopped).
    public var goodRead: Bool
    public var readString: String?
    public var symbology: ReaderSymbology?
    /// The raw bytes of the symbol.
    public var bytes: [UInt8]
    /// The outline as an SVG path, when the reader is asked for it.
    public var svgOutline: String?
    /// The frame the symbol was read from, when the reader is asked for images.
    public var image: GrayImage?
    /// The result as the reader's XML, with the raw bytes base64-encoded in `full_string`.
    public var xml: String

    public init(goodRead: Bool, readString: String?, symbology: ReaderSymbology?, bytes: [UInt8], svgOutline: String?, image: GrayImage?, xml: String) {
        self.goodRead = goodRead
        self.readString = readString
        self.symbology = symbology
        self.bytes = bytes
        self.svgOutline = svgOutline
        self.image = image
        self.xml = xml
    }

    /// A result for a decoded symbol; `readString`, when given, replaces the decoded text in every form of the result
    /// (the string, the bytes as its UTF-8, and the XML's `string` and `full_string`), as the unlicensed SDK's obfuscation does.
    public init(_ symbol: DecodedSymbol, readString: String? = nil, outline: Bool, image: GrayImage?) {
        let symbology = ReaderSymbology(symbol.symbology)
        let text = readString ?? symbol.text
        let bytes = readString.map { Array($0.utf8) } ?? symbol.bytes
        self.init(goodRead: true, readString: text, symbology: symbology, bytes: bytes,
                  svgOutline: outline ? symbol.svgPath : nil, image: image,
                  xml: Self.xml(text: text, bytes: bytes, symbology: symbology, corners: symbol.corners))
    }

    /// The result of a scan that read nothing.
    public static let noRead = ReadResult(goodRead: false, readString: nil, symbology: nil, bytes: [], svgOutline: nil, image: nil,
                                          xml: "<result><good_read>false</good_read></result>")

    /// The XML a reader sends for a result.
    public static func xml(text: String, bytes: [UInt8], symbology: ReaderSymbology, corners: [Point]) -> String {
        let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        let points = corners.map { "<point x=\"\(Int($0.x.rounded()))\" y=\"\(Int($0.y.rounded()))\"/>" }.joined()
        return "<result><good_read>true</good_read><symbology>\(symbology.dmccName)</symbology><string>\(escaped)</string>"
            + "<full_string encoding=\"base64\">\(Data(bytes).base64EncodedString())</full_string><corners>\(points)</corners></result>"
    }

    /// Reads a reader's XML result back (as the facade does for results arriving over DMCC).
    public static func parse(xml: String) -> ReadResult? {
        guard let good = xml.between("<good_read>", "</good_read>") else { return nil }
        guard good == "true" else { return .noRead }
        guard let name = xml.between("<symbology>", "</symbology>"), let symbology = ReaderSymbology(dmccName: name),
              let base64 = xml.between("<full_string encoding=\"base64\">", "</full_string>"), let data = Data(base64Encoded: base64) else { return nil }
        let text = xml.between("<string>", "</string>")?.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
        return ReadResult(goodRead: true, readString: text, symbology: symbology, bytes: Array(data), svgOutline: nil, image: nil, xml: xml)
    }

    /// The corners the XML lists.
    public var corners: [Point] {
        var out: [Point] = []
        var rest = Substring(xml)
        while let start = rest.range(of: "<point x=\""), let mid = rest.range(of: "\" y=\"", range: start.upperBound..<rest.endIndex),
              let end = rest.range(of: "\"/>", range: mid.upperBound..<rest.endIndex) {
            if let x = Double(rest[start.upperBound..<mid.lowerBound]), let y = Double(rest[mid.upperBound..<end.lowerBound]) { out.append(Point(x, y)) }
            rest = rest[end.upperBound...]
        }
        return out
    }

    /// An SVG path through `corners`, closed.
    public static func svgPath(_ corners: [Point]) -> String? {
        guard let first = corners.first else { return nil }
        return "M\(Int(first.x)),\(Int(first.y)) " + corners.dropFirst().map { "L\(Int($0.x)),\(Int($0.y))" }.joined(separator: " ") + " Z"
    }
}

extension String {
    func between(_ start: String, _ end: String) -> String? {
        guard let a = range(of: start), let b = range(of: end, range: a.upperBound..<endIndex) else { return nil }
        return String(self[a.upperBound..<b.lowerBound])
    }
}
