/// A barcode symbology the decoder knows by name.
public enum Symbology: String, Sendable, CaseIterable, Hashable, Codable, CustomStringConvertible {
    case ean13, ean8, upcA, upcE
    case code128, code39, interleaved2of5, codabar
    /// Code 93, Full ASCII through its shift characters.
    case code93
    /// Standard (Industrial) 2 of 5: digits in the bars only.
    case code25
    /// Matrix 2 of 5: digits in three bars and two spaces.
    case matrix2of5
    case qr, dataMatrix
    case pdf417
    /// GS1 DataBar Omnidirectional and Truncated (the symbology the cmbSDK calls DataBar, formerly RSS-14).
    case dataBar
    /// GS1 DataBar Expanded (one row; Expanded Stacked rows are not joined yet).
    case dataBarExpanded
    /// GS1 DataBar Limited.
    case dataBarLimited
    /// Aztec Code, compact and full-range.
    case aztec
    /// MaxiCode (modes 2–6).
    case maxiCode
    /// MicroPDF417, all 34 sizes.
    case microPDF417

    /// Whether the decoder can read this symbology (every named one today; a symbology named before its reader exists is
    /// not).
    public var isSupported: Bool { true }
    /// Whether it is a one-dimensional (linear) symbology.
    public var isLinear: Bool { ![.qr, .dataMatrix, .pdf417, .aztec, .maxiCode, .microPDF417].contains(self) }
    /// Whether it is EAN-13, EAN-8, UPC-A or UPC-E (elements of one to four modules, a check digit).
    var isEANOrUPC: Bool { self == .ean13 || self == .ean8 || self == .upcA || self == .upcE }
    /// The symbologies the decoder can read.
    public static var supported: [Symbology] { allCases.filter(\.isSupported) }

    public var description: String { rawValue }

    /// Parses a symbology name case-insensitively, also accepting common aliases (`itf`, `i2of5`, `upc-a`, `qrcode`, `datamatrix`,
    /// the corpus's `rss14`, `rssexpanded`, `rssexpandedstacked`, `databarltd`).
    public init?(name: String) {
        let key = name.lowercased().filter { $0.isLetter || $0.isNumber }
        let aliases: [String: Symbology] = [
            "ean13": .ean13, "ean8": .ean8, "upca": .upcA, "upce": .upcE, "code128": .code128, "code39": .code39,
            "interleaved2of5": .interleaved2of5, "itf": .interleaved2of5, "i2of5": .interleaved2of5, "i2o5": .interleaved2of5,
            "codabar": .codabar, "code93": .code93, "c93": .code93, "code25": .code25, "c25": .code25, "standard2of5": .code25,
            "industrial2of5": .code25, "s2of5": .code25, "matrix2of5": .matrix2of5, "m2of5": .matrix2of5, "qr": .qr, "qrcode": .qr, "datamatrix": .dataMatrix, "dm": .dataMatrix,
            "pdf417": .pdf417, "pdf": .pdf417, "databar": .dataBar, "gs1databar": .dataBar, "rss14": .dataBar, "databaromni": .dataBar,
            "databarexpanded": .dataBarExpanded, "rssexpanded": .dataBarExpanded, "rssexpandedstacked": .dataBarExpanded,
            "databarexpandedstacked": .dataBarExpanded, "databarlimited": .dataBarLimited, "databarltd": .dataBarLimited,
            "rsslimited": .dataBarLimited, "aztec": .aztec, "azteccode": .aztec, "maxicode": .maxiCode, "micropdf417": .microPDF417, "micropdf": .microPDF417,
        ]
        guard let value = aliases[key] else { return nil }
        self = value
    }
}
