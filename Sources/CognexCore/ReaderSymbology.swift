import BarcodeDecoder

/// A symbology as the cmbSDK names it (`CMBSymbology`), with its DMCC setting and what the decoder core reads for it.
public enum ReaderSymbology: String, Sendable, CaseIterable, Hashable {
    case dataMatrix, qr, c128, upcEan, c39, c93, i2o5, codabar, pdf417, microPdf417, databar, c25, aztec, maxicode

    /// The DMCC setting name after `SYMBOL.`.
    public var dmccName: String {
        switch self {
        case .dataMatrix: "DATAMATRIX"
        case .qr: "QR"
        case .c128: "C128"
        case .upcEan: "UPC-EAN"
        case .c39: "C39"
        case .c93: "C93"
        case .i2o5: "I2O5"
        case .codabar: "CODABAR"
        case .pdf417: "PDF417"
        case .microPdf417: "MICROPDF417"
        case .databar: "DATABAR"
        case .c25: "C25"
        case .aztec: "AZTECCODE"
        case .maxicode: "MAXICODE"
        }
    }

    /// The symbology for a DMCC setting name such as `SYMBOL.QR` or `QR`.
    public init?(dmccName: String) {
        let name = dmccName.uppercased().replacingPrefix("SYMBOL.")
        guard let match = Self.allCases.first(where: { $0.dmccName == name }) else { return nil }
        self = match
    }

    /// What the decoder core searches for when this symbology is enabled.
    public var decoderSymbologies: [Symbology] {
        switch self {
        case .dataMatrix: [.dataMatrix]
        case .qr: [.qr]
        case .c128: [.code128]
        case .upcEan: [.ean13, .ean8, .upcA, .upcE]
        case .c39: [.code39]
        case .c93: [.code93]
        case .i2o5: [.interleaved2of5]
        case .codabar: [.codabar]
        case .pdf417: [.pdf417]
        case .microPdf417: [.microPDF417]
        case .databar: [.dataBar, .dataBarExpanded, .dataBarLimited]
        case .c25: [.code25, .matrix2of5]
        case .aztec: [.aztec]
        case .maxicode: [.maxiCode]
        }
    }

    /// The reader symbology a decoded symbol belongs to.
    public init(_ decoded: Symbology) {
        self = Self.allCases.first { $0.decoderSymbologies.contains(decoded) } ?? .qr
    }

    /// The symbologies the MX-100 enables by default (cmbSDK): Code 39, Code 128, DataBar, PDF417, QR, UPC/EAN.
    public static let mx100Defaults: Set<ReaderSymbology> = [.c39, .c128, .databar, .pdf417, .qr, .upcEan]
}

extension String {
    func replacingPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}
